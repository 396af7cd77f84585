import { expect, it } from 'vitest'
import { describeWithControlPlane } from '../support/control-plane/index.js'
import { disagreements, type FollowedPod, type ForecastReplacement } from './forecast-comparison.js'
import { brokenSeconds, deletionsOutsideForecastSecond, taintRun } from './forecast-then-taint.js'
import type { PodHistory } from './pod-timeline.js'
import {
  buildPreemptionCluster,
  CHAIN,
  ONE_VICTIM,
  TARGET,
  VIP_SECONDS,
  type PreemptionCluster,
} from './preemption-cluster.js'
import { controllerOutcomes, lastEvent, pendingReplacements } from './replacements.js'

/**
 * `forecast --taint` where replacements land only by preemption, against the real control
 * plane: forecast first, then kubectl taints TARGET; the taint manager evicts vip's pod after
 * its toleration, kube-scheduler (this extender in the recommended configuration) preempts for
 * vip's replacement (`prepareCandidate`: a graceful delete through `util.DeletePod`), the
 * victim's ReplicaSet replaces it, and so on. preemption-cluster.ts says why each choice is the
 * only one possible. Each cluster is checked against forecast's own JSON by the same tests,
 * and forecast's JSON against what the cluster was designed to do.
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

/** An entry as [app, cause, preemptor's app, seconds, node or null when Pending, apps preempted]. */
type Row = readonly [string, string, string | null, number | null, string | null, string[]]

interface Scenario {
  readonly title: string
  readonly cluster: PreemptionCluster
  readonly rows: readonly Row[]
  readonly broken: readonly (readonly [string, number])[]
}

const SCENARIOS: readonly Scenario[] = [
  {
    title: 'one victim possible, whose replacement fits nowhere',
    cluster: ONE_VICTIM,
    rows: [
      ['vip', 'evicted', null, VIP_SECONDS, 'batch-1', ['batch']],
      ['batch', 'preempted', 'vip', VIP_SECONDS, null, []],
    ],
    broken: [
      ['batch', VIP_SECONDS],
      ['vip', VIP_SECONDS],
    ],
  },
  {
    title: 'a chain: the victim that violates no budget, whose replacement preempts in turn',
    cluster: CHAIN,
    rows: [
      ['vip', 'evicted', null, VIP_SECONDS, 'loose-1', ['loose']],
      ['loose', 'preempted', 'vip', VIP_SECONDS, 'spare-1', ['filler']],
      ['filler', 'preempted', 'loose', VIP_SECONDS, null, []],
    ],
    broken: [['vip', VIP_SECONDS]],
  },
]

/** Long enough for the eviction, the preemptions, the victims' grace second and the bindings. */
const SETTLE_MS = (VIP_SECONDS + 7) * 1000
/** A Deployment's pod name without its ReplicaSet's hash and its own suffix: the app. */
const app = (name: string): string => name.replace(/-[a-z0-9]+-[a-z0-9]{5}$/, '')
const key = (p: { namespace: string; name: string }): string => `${p.namespace}/${p.name}`

for (const scenario of SCENARIOS)
  describeWithControlPlane(
    `forecast of a taint whose replacement preempts, against the real control plane: ${scenario.title}`,
    (plane) => {
      const run = taintRun<PreemptionForecast>(plane, {
        build: (api, port) => buildPreemptionCluster(api, port, scenario.cluster),
        namespace: scenario.cluster.namespace,
        node: TARGET,
        // Exit 1: a replacement stays Pending.
        code: 1,
        settleMs: SETTLE_MS,
      })
      const entries = (): readonly PreemptionEntry[] => run.forecast.evicted
      const preemptorOf = (e: PreemptionEntry): PreemptionEntry | undefined =>
        entries().find((p) => p.replacement !== null && p.replacement.name === e.preemptedBy)
      const lost = (name: string): PodHistory | undefined =>
        run.parts.timeline.deletedAfter(run.requestedAt).find((p) => app(p.name) === name)
      const made = (name: string): PodHistory | undefined =>
        run.parts.timeline.createdAfter(run.requestedAt).find((p) => app(p.name) === name)

      it('forecast says who preempts whom, when, and where each replacement lands', () => {
        const rows = entries().map((e) => {
          const preemptor = preemptorOf(e)
          const replacement = e.replacement
          return [
            ...[app(e.name), e.cause, preemptor === undefined ? null : app(preemptor.name)],
            ...[e.evictedAfterSeconds, replacement?.node ?? null],
            (replacement?.preempts ?? []).map((p) => app(p.split('/')[1] ?? '')),
          ]
        })
        expect(rows).toEqual(scenario.rows)
      })

      it('deletes the pods forecast says, and no other, each within the second after the time it gives', () => {
        const deleted = run.parts.timeline.deletedAfter(run.requestedAt)
        expect(deleted.map(key).sort()).toEqual(entries().map(key).sort())
        expect(deletionsOutsideForecastSecond(deleted, entries(), run)).toEqual([])
        expect(run.parts.kubelet.errors).toEqual([])
      })

      it('has kube-scheduler preempt each pod forecast calls preempted, for the replacement its preemptedBy names, on that replacement’s node', async () => {
        for (const entry of entries().filter((e) => e.cause === 'preempted')) {
          const victim = lost(app(entry.name))
          const preemptor = preemptorOf(entry)
          const real = made(app(preemptor?.name ?? ''))
          // v1.28's `prepareCandidate` names the node in the message, the preemptor as related.
          const event = victim && (await lastEvent(plane().api, victim, 'Preempted'))
          expect({ pod: entry.name, event }).toEqual({
            pod: entry.name,
            event: {
              message: `Preempted by a pod on node ${preemptor?.replacement?.node ?? ''}`,
              relatedUid: real?.uid,
            },
          })
        }
      })

      it('binds each preemptor to the node forecast named only once its victims are gone, as a nominated pod waits', () => {
        for (const entry of entries().filter((e) => (e.replacement?.preempts.length ?? 0) > 0)) {
          const preemptor = made(app(entry.name))
          expect(preemptor?.node).toBe(entry.replacement?.node)
          for (const victim of entry.replacement?.preempts ?? []) {
            const gone = lost(app(victim.split('/')[1] ?? ''))?.goneAt ?? Infinity
            expect(preemptor?.boundAt ?? 0).toBeGreaterThanOrEqual(gone)
          }
        }
      })

      it('places every replacement where forecast said, or leaves it Pending with forecast’s reason in its FailedScheduling event and PodScheduled condition', async () => {
        const { parts, requestedAt, forecast } = run
        const pending = await pendingReplacements(plane().api, parts.timeline, requestedAt)
        const messages = new Map(pending.map((p) => [p.pod.uid, p.message]))
        const outcomes = controllerOutcomes(
          parts.timeline,
          parts.timeline.deletedAfter(requestedAt),
          requestedAt
        )
        expect(
          disagreements(forecast.evicted, outcomes, (p) => messages.get(p.uid) ?? null)
        ).toEqual([])
        const conditions = await Promise.all(
          pending.map(async ({ pod }) => {
            const object = await plane().api.get(
              `/api/v1/namespaces/${pod.namespace}/pods/${pod.name}`
            )
            const status = object.status as { conditions?: { type: string; message?: string }[] }
            return status.conditions?.find((c) => c.type === 'PodScheduled')?.message
          })
        )
        expect(conditions).toEqual(pending.map((p) => p.message))
        const saidPending = scenario.rows.filter((r) => r[4] === null).map((r) => r[0])
        expect(pending.map((p) => app(p.pod.name))).toEqual(saidPending)
      })

      it('breaks the budgets forecast says, within the second it gives', () => {
        const broken = brokenSeconds(run)
        expect(broken.sort()).toEqual(scenario.broken)
        const told = run.forecast.budgets.flatMap((b) =>
          b.brokenAfterSeconds === null ? [] : [[b.name, b.brokenAfterSeconds]]
        )
        expect(broken.sort()).toEqual(told.sort())
      })
    },
    { controllerManager: true }
  )
