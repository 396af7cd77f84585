import { expect, it } from 'vitest'
import { describeWithControlPlane } from '../support/control-plane/index.js'
import { disagreements, type FollowedPod, type ForecastReplacement } from './forecast-comparison.js'
import { taintRun } from './forecast-then-taint.js'
import type { PodHistory } from './pod-timeline.js'
import {
  buildPreemptionCluster,
  PREEMPT_NS,
  TARGET,
  VICTIM_NODE,
  VIP_SECONDS,
} from './preemption-cluster.js'
import { controllerOutcomes, lastEvent, pendingReplacements } from './replacements.js'

/**
 * `forecast --taint` where a replacement lands only by preemption, against the real control
 * plane: forecast first, then kubectl taints TARGET; the taint manager evicts vip's pod after
 * its toleration, kube-scheduler (this extender in the recommended configuration) preempts
 * batch's pod for vip's replacement (`prepareCandidate`, a graceful delete through
 * `util.DeletePod`), and batch's replacement finds no room. preemption-cluster.ts says why
 * every choice there is the only one possible.
 */

interface PreemptionEntry extends FollowedPod {
  readonly cause: 'evicted' | 'preempted'
  readonly preemptedBy: string | null
  readonly replacement:
    (ForecastReplacement & { readonly name: string; readonly preempts: readonly string[] }) | null
}

interface PreemptionForecast {
  readonly evicted: readonly PreemptionEntry[]
  readonly budgets: readonly { readonly name: string; readonly brokenAfterSeconds: number | null }[]
}

/** Long enough for the eviction, the preemption, the victim's grace second and the binding. */
const SETTLE_MS = (VIP_SECONDS + 6) * 1000
/** A Deployment's pod name without its ReplicaSet's hash and its own suffix: the app. */
const app = (name: string): string => name.replace(/-[a-z0-9]+-[a-z0-9]{5}$/, '')
const key = (p: { namespace: string; name: string }): string => `${p.namespace}/${p.name}`

describeWithControlPlane(
  'forecast of a taint whose replacement preempts, against the real taint manager and kube-scheduler',
  (plane) => {
    // Exit 1: batch's replacement stays Pending.
    const run = taintRun<PreemptionForecast>(plane, {
      build: buildPreemptionCluster,
      namespace: PREEMPT_NS,
      node: TARGET,
      code: 1,
      settleMs: SETTLE_MS,
    })

    const said = (name: string): PreemptionEntry | undefined =>
      run.forecast.evicted.find((e) => app(e.name) === name)
    const lost = (name: string): PodHistory | undefined =>
      run.parts.timeline.deletedAfter(run.taintedAt).find((p) => app(p.name) === name)
    const made = (name: string): PodHistory | undefined =>
      run.parts.timeline.createdAfter(run.taintedAt).find((p) => app(p.name) === name)

    it('forecast says vip’s replacement preempts batch’s pod on the one node where that frees enough, and batch’s replacement stays Pending', () => {
      const vip = said('vip')
      const batch = said('batch')
      const entries = [vip, batch].map((e) => [
        ...[e?.cause, e?.preemptedBy, e?.evictedAfterSeconds],
        ...[e?.replacement?.node, e?.replacement?.tiedNodes, e?.replacement?.preempts],
      ])
      expect(entries).toEqual([
        ['evicted', null, VIP_SECONDS, VICTIM_NODE, [VICTIM_NODE], [batch && key(batch)]],
        ['preempted', vip?.replacement?.name, VIP_SECONDS, null, [], []],
      ])
      expect(run.forecast.evicted).toHaveLength(2)
      expect(batch?.replacement?.reason).toMatch(/^0\/3 nodes are available: /)
    })

    it('deletes the pods forecast says, and no other, each within the second after the time it gives', () => {
      const deleted = run.parts.timeline.deletedAfter(run.taintedAt)
      expect(deleted.map(key).sort()).toEqual(run.forecast.evicted.map(key).sort())
      const byName = new Map(run.forecast.evicted.map((p) => [key(p), p]))
      for (const pod of deleted) {
        const seconds = byName.get(key(pod))?.evictedAfterSeconds ?? Number.NaN
        const after = ((pod.deletingAt ?? 0) - run.taintedAt) / 1000
        // closeTo(x + 0.5, 0): within half a second of x + 0.5, so from x to x + 1.
        expect({ pod: key(pod), after }).toEqual({
          pod: key(pod),
          after: expect.closeTo(seconds + 0.5, 0),
        })
      }
      expect(run.parts.kubelet.errors).toEqual([])
    })

    it('has kube-scheduler preempt batch’s pod for vip’s replacement, as cause and preemptedBy say', async () => {
      const victim = lost('batch')
      const preemptor = made('vip')
      expect([victim?.node, preemptor?.node]).toEqual([VICTIM_NODE, VICTIM_NODE])
      // v1.28's `prepareCandidate` names the node in the message and the preemptor as related.
      const event = victim === undefined ? null : await lastEvent(plane().api, victim, 'Preempted')
      expect(event).toEqual({
        message: `Preempted by a pod on node ${VICTIM_NODE}`,
        relatedUid: preemptor?.uid,
      })
      expect(said('batch')?.preemptedBy).toBe(said('vip')?.replacement?.name)
    })

    it('binds vip’s replacement to the node forecast named only once its victim is gone, as a nominated pod waits', () => {
      const victim = lost('batch')
      const preemptor = made('vip')
      expect(preemptor?.node).toBe(said('vip')?.replacement?.node)
      expect(preemptor?.boundAt ?? 0).toBeGreaterThanOrEqual(victim?.goneAt ?? Infinity)
    })

    it('leaves batch’s replacement Pending with forecast’s reason, in the FailedScheduling event and the PodScheduled condition', async () => {
      const pending = await pendingReplacements(plane().api, run.parts.timeline, run.taintedAt)
      expect(pending.map((p) => app(p.pod.name))).toEqual(['batch'])
      const reason = said('batch')?.replacement?.reason
      expect(pending[0]?.message).toBe(reason)
      const pod = await plane().api.get(
        `/api/v1/namespaces/${PREEMPT_NS}/pods/${pending[0]?.pod.name ?? ''}`
      )
      const conditions = (pod.status as { conditions?: { type: string; message?: string }[] })
        .conditions
      expect(conditions?.find((c) => c.type === 'PodScheduled')?.message).toBe(reason)
      const outcomes = controllerOutcomes(
        run.parts.timeline,
        run.parts.timeline.deletedAfter(run.taintedAt),
        run.taintedAt
      )
      const messages = new Map(pending.map((p) => [p.pod.uid, p.message]))
      expect(
        disagreements(run.forecast.evicted, outcomes, (p) => messages.get(p.uid) ?? null)
      ).toEqual([])
    })

    it('breaks the budgets forecast says, within the second it gives', () => {
      const broken = [...run.budgets.brokenAfter(run.taintedAt)].map(([name, at]) => [
        name,
        Math.floor((at - run.taintedAt) / 1000),
      ])
      expect(broken.sort()).toEqual([
        ['batch', VIP_SECONDS],
        ['vip', VIP_SECONDS],
      ])
      const told = run.forecast.budgets.flatMap((b) =>
        b.brokenAfterSeconds === null ? [] : [[b.name, b.brokenAfterSeconds]]
      )
      expect(broken.sort()).toEqual(told.sort())
    })
  },
  { controllerManager: true }
)
