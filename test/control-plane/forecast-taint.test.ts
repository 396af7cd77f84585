import { expect, it } from 'vitest'
import { describeWithControlPlane } from '../support/control-plane/index.js'
import { MAINT_SECONDS, NS, TARGET } from './forecast-cluster.js'
import { buildShop } from './forecast-harness.js'
import type { PodHistory } from './pod-timeline.js'
import {
  controllerOutcomes,
  pendingReplacements,
  replacementCounts,
  withoutHash,
} from './replacements.js'
import { brokenSeconds, deletionsOutsideForecastSecond, taintRun } from './forecast-then-taint.js'
import { disagreements, type FollowedPod } from './forecast-comparison.js'

/**
 * `forecast --taint` against what the real control plane does with the same taint: forecast is
 * run on the cluster first, then kubectl taints TARGET, and the suite watches kube-controller-
 * manager's taint manager evict, the controllers replace, and kube-scheduler (with this
 * extender in the recommended configuration) place or leave Pending.
 */

interface TaintForecast {
  readonly evicted: readonly FollowedPod[]
  readonly budgets: readonly {
    readonly namespace: string
    readonly name: string
    readonly brokenAfterSeconds: number | null
  }[]
}

/** Long enough for everything the taint sets off: the Job's replacement waits ~10 s. */
const SETTLE_MS = (MAINT_SECONDS + 14) * 1000

describeWithControlPlane(
  'forecast of a taint against the real taint manager and kube-scheduler',
  (plane) => {
    // Exit 1: a replacement stays Pending (big's).
    const run = taintRun<TaintForecast>(plane, {
      build: buildShop,
      namespace: NS,
      node: TARGET,
      code: 1,
      settleMs: SETTLE_MS,
    })

    const evicted = (): PodHistory[] =>
      run.parts.timeline.deletedAfter(run.requestedAt).filter((p) => p.node === TARGET)
    const saidEvicted = (): FollowedPod[] =>
      run.forecast.evicted.filter((p) => p.evictedAfterSeconds !== null)
    const key = (p: { namespace: string; name: string }): string => `${p.namespace}/${p.name}`

    it('evicts the pods forecast says, and no other', () => {
      expect(evicted().map(key).sort()).toEqual(saidEvicted().map(key).sort())
      expect(run.parts.kubelet.errors).toEqual([])
    })

    it('evicts each within the taint manager’s second after the time forecast gives', () => {
      expect(deletionsOutsideForecastSecond(evicted(), saidEvicted(), run)).toEqual([])
    })

    it('has every evicted pod replaced by its controller but the DaemonSet’s, never on the tainted node', () => {
      const replaced = replacementCounts(run.parts.timeline, evicted(), run.requestedAt, TARGET)
      expect(replaced.counts).toEqual([
        ['DaemonSet agent', 1, 0],
        ['Job report', 1, 1],
        ['ReplicaSet api', 2, 2],
        ['ReplicaSet big', 1, 1],
        ['ReplicaSet web', 3, 3],
        ['StatefulSet db', 1, 1],
      ])
      expect(replaced.onNode).toEqual([])
    })

    it('places each replacement on a node forecast named for it, or leaves it Pending with forecast’s reason', async () => {
      const pending = await pendingReplacements(plane().api, run.parts.timeline, run.requestedAt)
      const messages = new Map(pending.map((p) => [p.pod.uid, p.message]))
      const outcomes = controllerOutcomes(run.parts.timeline, evicted(), run.requestedAt)
      expect(
        disagreements(run.forecast.evicted, outcomes, (p) => messages.get(p.uid) ?? null)
      ).toEqual([])
      // Nothing recreates the bare pod, nor the DaemonSet's on the node it no longer tolerates.
      const unreplaced = run.forecast.evicted.filter((p) => p.replacement === null).map(key)
      expect(unreplaced.map(withoutHash).sort()).toEqual([`${NS}/agent`, `${NS}/debug`])
    })

    it('leaves Pending the replacement that fits nowhere and db’s, whose volume is TARGET’s, with kube-scheduler’s reasons', async () => {
      const pending = await pendingReplacements(plane().api, run.parts.timeline, run.requestedAt)
      const byController = new Map(
        pending.map((p) => [withoutHash(p.pod.controller?.name ?? ''), p.message])
      )
      expect([...byController.keys()].sort()).toEqual(['big', 'db'])
      expect(byController.get('big')).toMatch(/^0\/8 nodes are available: .*2 Insufficient cpu/)
      // db's bound volume narrows the nodes to TARGET (VolumeBinding's PreFilterResult).
      expect(byController.get('db')).toMatch(/^0\/8 nodes are available: 1 node\(s\) /)
    })

    it('breaks the budgets forecast says, within the second it gives', () => {
      const broken = brokenSeconds(run)
      expect(broken.sort()).toEqual([
        ['api', 0],
        ['web', MAINT_SECONDS],
      ])
      const said = run.forecast.budgets.flatMap((b) =>
        b.brokenAfterSeconds === null ? [] : [[b.name, b.brokenAfterSeconds]]
      )
      expect(broken.sort()).toEqual(said.sort())
    })
  },
  { controllerManager: true }
)
