import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeWithControlPlane } from '../support/control-plane/index.js'
import { NS, TARGET } from './forecast-cluster.js'
import { buildShop, startClusterParts, type ClusterParts } from './forecast-harness.js'
import { kubectl } from './kubectl-run.js'
import type { PodHistory } from './pod-timeline.js'
import { pendingReplacements, replacementCounts, withoutHash } from './replacements.js'
import type { FollowedPod } from './forecast-comparison.js'
import { runTool } from '../cli/run-tool.js'

/**
 * `forecast --drain` against a real `kubectl drain` of the same node: kubectl's filters, the
 * Eviction API's budget checks (kube-apiserver) and kube-controller-manager's disruption
 * controller refuse what they refuse, the controllers replace the rest and kube-scheduler (with
 * this extender in the recommended configuration) places them or leaves them Pending.
 */

/** Budget `web` (minAvailable 3 of 3) never allows an eviction: the drain ends on this. */
const DRAIN_TIMEOUT_SECONDS = 15
const DRAIN_FLAGS = [
  '--ignore-daemonsets',
  '--delete-emptydir-data',
  '--force',
  `--timeout=${DRAIN_TIMEOUT_SECONDS}s`,
]

/** The pods kubectl was told a budget refuses: its `error when evicting` lines. */
function refusedByBudget(stderr: string): Map<string, number> {
  const refused = new Map<string, number>()
  const line =
    /^error when evicting pods\/"([^"]+)" -n "([^"]+)" \(will retry after 5s\): Cannot evict pod as it would violate the pod's disruption budget\.$/gm
  for (const match of stderr.matchAll(line)) {
    const pod = `${match[2]}/${match[1]}`
    refused.set(pod, (refused.get(pod) ?? 0) + 1)
  }
  return refused
}

interface DrainForecast {
  readonly drain: {
    readonly pods: readonly {
      readonly namespace: string
      readonly name: string
      readonly state: string
      readonly evictedAfterSeconds: number | null
      readonly blockedBy: string | null
    }[]
  }
  /** The evictions followed to their replacements, as forecast --taint gives them. */
  readonly evicted?: readonly FollowedPod[]
}

/** A pod or a budget's name as `workload`: `shop/api-7c9c…-xz4k2` → `shop/api`. */
const workload = (name: string): string => name.replace(/(-[a-z0-9]{5,10})?-[a-z0-9]{5}$/, '')

describeWithControlPlane(
  'forecast --drain against a real kubectl drain',
  (plane) => {
    let parts: ClusterParts
    let drain: { code: number; stdout: string; stderr: string }
    let startedAt: number
    let forecast: DrainForecast

    beforeAll(async () => {
      parts = await startClusterParts(plane())
      await buildShop(plane().api, parts.extender.port)
      const run = await runTool('forecast', [
        ...['--drain', '--node', TARGET, ...DRAIN_FLAGS.slice(0, 3)],
        ...['--kubeconfig', plane().kubeconfig, '-o', 'json'],
      ])
      // Exit 1, as kubectl drain's: budget web allows nothing, so the drain would wait on it.
      expect([run.stderr, run.code]).toEqual(['', 1])
      forecast = JSON.parse(run.stdout) as DrainForecast
      startedAt = Date.now()
      drain = await kubectl(plane().kubeconfig, ['drain', TARGET, ...DRAIN_FLAGS])
      // What the drain set off in its last seconds: the StatefulSet waits for its old pod.
      await new Promise((resolve) => setTimeout(resolve, 3000))
    }, 180_000)

    afterAll(async () => {
      await parts?.stop()
    })

    const evicted = (): PodHistory[] =>
      parts.timeline.deletedAfter(startedAt).filter((p) => p.node === TARGET)
    const key = (p: { namespace: string; name: string }): string => `${p.namespace}/${p.name}`

    it('ends at its timeout, the budget that allows nothing still refusing', () => {
      expect(drain.code).toBe(1)
      expect(drain.stdout).toContain(`node/${TARGET} cordoned`)
      expect(drain.stderr).toMatch(/global timeout reached: 15s/)
    })

    it('is refused by each budget as many pods as it cannot spare, and evicts the rest', () => {
      const refused = refusedByBudget(drain.stderr)
      const web = [...refused.keys()].filter((p) => p.startsWith(`${NS}/web-`))
      const api = [...refused.keys()].filter((p) => p.startsWith(`${NS}/api-`))
      // web: 0 of 3 may go; api: 1 of 2 at once, the other once its replacement is Ready.
      expect([web.length, api.length, refused.size]).toEqual([3, 1, 4])
      const gone = evicted().map(key)
      for (const pod of web) expect(gone).not.toContain(pod)
      expect(gone.filter((p) => api.includes(p))).toEqual(api)
      expect(parts.kubelet.errors).toEqual([])
    })

    it('is refused by the budgets forecast names, as many times', () => {
      const refused = [...refusedByBudget(drain.stderr).keys()]
      const blocked = forecast.drain.pods.filter((p) => p.blockedBy !== null)
      // Which of api's two pods kubectl's concurrent evictions leave refused is a race;
      // forecast gives the second in list order. Budget web refuses all three by name.
      expect(refused.map(workload).sort()).toEqual(blocked.map((p) => workload(key(p))).sort())
      expect(blocked.map((p) => p.blockedBy).sort()).toEqual([
        `${NS}/api`,
        `${NS}/web`,
        `${NS}/web`,
        `${NS}/web`,
      ])
      const web = (names: string[]) => names.filter((n) => n.startsWith(`${NS}/web-`)).sort()
      expect(web(refused)).toEqual(web(blocked.map(key)))
    })

    it('evicts the api pod budget api refused at the retry forecast named, once the other’s replacement is Ready', () => {
      const said = forecast.drain.pods.filter((p) => p.blockedBy === `${NS}/api`)
      expect(said.map((p) => [p.state, p.evictedAfterSeconds])).toEqual([['evicted', 5]])
      const refusals = [...refusedByBudget(drain.stderr)].filter(([p]) =>
        p.startsWith(`${NS}/api-`)
      )
      expect(refusals).toHaveLength(1)
      const [pod = '', times = 0] = refusals[0] ?? []
      const api = evicted().filter((p) => p.name.startsWith('api-'))
      const first = Math.min(...api.map((p) => p.deletingAt ?? Infinity))
      const retried = api.find((p) => key(p) === pod)?.deletingAt ?? Infinity
      expect(retried).toBeGreaterThan(first)
      expect(retried).toBeLessThan(Infinity)
      // kubectl sleeps 5 s after each refusal before it tries again, so the try that evicted
      // the pod is told by the refusals it logged before it, not by when this suite's own
      // watch, which a loaded machine delays, saw the two deletions.
      expect(times * 5).toBe(said[0]?.evictedAfterSeconds)
    })

    it('evicts at once the pods forecast says, and no other', () => {
      // The first round: before kubectl's first retry, 5 s after a refusal.
      const first = evicted().filter((p) => (p.deletingAt ?? 0) < startedAt + 4000)
      const said = forecast.drain.pods.filter((p) => p.evictedAfterSeconds === 0)
      expect(first.map((p) => workload(key(p))).sort()).toEqual(
        said.map((p) => workload(key(p))).sort()
      )
    })

    it('has every evicted pod replaced by its controller, none on the cordoned node', () => {
      const replaced = replacementCounts(parts.timeline, evicted(), startedAt, TARGET)
      expect(replaced.counts).toEqual([
        ['Job report', 1, 1],
        ['ReplicaSet api', 2, 2],
        ['ReplicaSet big', 1, 1],
        ['ReplicaSet cache', 1, 1],
        ['StatefulSet db', 1, 1],
      ])
      expect(
        evicted()
          .filter((p) => p.controller === null)
          .map(key)
      ).toEqual([`${NS}/debug`])
      expect(replaced.onNode).toEqual([])
    })

    it('leaves Pending the replacement that fits nowhere and db’s, whose volume is TARGET’s, with kube-scheduler’s reasons', async () => {
      const pending = await pendingReplacements(plane().api, parts.timeline, startedAt)
      const byController = new Map(
        pending.map((p) => [withoutHash(p.pod.controller?.name ?? ''), p.message])
      )
      expect([...byController.keys()].sort()).toEqual(['big', 'db'])
      expect(byController.get('big')).toMatch(/^0\/8 nodes are available: .*2 Insufficient cpu/)
      // db's bound volume narrows the nodes to TARGET (VolumeBinding's PreFilterResult).
      expect(byController.get('db')).toMatch(/^0\/8 nodes are available: 1 node\(s\) /)
      const db = forecast.evicted?.find((p) => p.owner?.name === 'db')
      expect(db?.replacement).toMatchObject({ node: null, reason: byController.get('db') })
    })
  },
  { controllerManager: true }
)
