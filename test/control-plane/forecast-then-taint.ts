import { setTimeout as delay } from 'node:timers/promises'
import { afterAll, beforeAll, expect } from 'vitest'
import { runTool } from '../cli/run-tool.js'
import type { ControlPlane, KubeApi } from '../support/control-plane/index.js'
import { BudgetTimeline } from './budget-timeline.js'
import { MAINT } from './forecast-cluster.js'
import { startClusterParts, type ClusterParts } from './forecast-harness.js'
import { kubectl } from './kubectl-run.js'
import { watchTaintArrival, type PodHistory } from './pod-timeline.js'

/** The taint the forecast suites apply, as `kubectl taint` and `forecast --taint` write it. */
export const MAINT_TAINT = `${MAINT.key}=${MAINT.value}:${MAINT.effect}`

/**
 * When the taint was written, as this process can know it: after `requestedAt`, taken just
 * before kubectl runs, and by `taintedAt`, when a watch of the nodes here saw it. The taint
 * manager counts from the update its own watch sees, which on a loaded machine can be tens of
 * milliseconds before this process's watch delivers it.
 */
export interface TaintTime {
  readonly requestedAt: number
  readonly taintedAt: number
}

/**
 * Whether an event seen at `at` (ms) falls in the second from `seconds` to `seconds + 1` after
 * the taint was written, for some time of writing that `taint` allows.
 */
export function inSecondAfterTaint(at: number, seconds: number, taint: TaintTime): boolean {
  return at >= taint.requestedAt + seconds * 1000 && at < taint.taintedAt + (seconds + 1) * 1000
}

/**
 * What a taint suite does once its cluster runs: `forecast --taint MAINT_TAINT --node NODE -o
 * json` on the cluster as it is, which must exit `code` with nothing on stderr; then the real
 * `kubectl taint`, timed by a watch of the nodes (the taint manager counts from the update it
 * sees); then a wait until `settleMs` past that. Returns forecast's JSON and when the taint came.
 */
export async function forecastThenTaint<Forecast>(
  plane: ControlPlane,
  node: string,
  code: number,
  settleMs: number
): Promise<{ forecast: Forecast } & TaintTime> {
  const args = ['--taint', MAINT_TAINT, '--node', node, '--kubeconfig', plane.kubeconfig]
  const run = await runTool('forecast', [...args, '-o', 'json'])
  expect([run.stderr, run.code]).toEqual(['', code])
  const forecast = JSON.parse(run.stdout) as Forecast
  const arrival = await watchTaintArrival(plane.api, node, MAINT.key)
  const requestedAt = Date.now()
  const tainted = await kubectl(plane.kubeconfig, ['taint', 'node', node, MAINT_TAINT])
  expect(tainted).toMatchObject({ code: 0, stderr: '' })
  const taintedAt = await arrival.arrival
  arrival.stop()
  await delay(taintedAt + settleMs - Date.now())
  return { forecast, requestedAt, taintedAt }
}

/**
 * A taint suite's run, its fields set by the suite's beforeAll. What happened after the taint
 * is what happened after `requestedAt`: the cluster was settled before it.
 */
export interface TaintRun<Forecast> {
  parts: ClusterParts
  budgets: BudgetTimeline
  forecast: Forecast
  requestedAt: number
  taintedAt: number
}

/**
 * The hooks of a taint suite, inside its describeWithControlPlane body: before its tests, the
 * cluster parts started, the cluster built (the extender's port given, for cordons.ts), a timeline of `namespace`'s budgets, then
 * forecastThenTaint (forecast expected to exit `code`); after them, everything stopped.
 */
export function taintRun<Forecast>(
  plane: () => ControlPlane,
  setup: {
    readonly build: (api: KubeApi, extenderPort: number) => Promise<void>
    readonly namespace: string
    readonly node: string
    readonly code: number
    readonly settleMs: number
  }
): TaintRun<Forecast> {
  const run = {} as TaintRun<Forecast>
  beforeAll(async () => {
    run.parts = await startClusterParts(plane())
    await setup.build(plane().api, run.parts.extender.port)
    run.budgets = new BudgetTimeline(plane().api, setup.namespace)
    await run.budgets.start()
    const told = await forecastThenTaint<Forecast>(plane(), setup.node, setup.code, setup.settleMs)
    run.forecast = told.forecast
    run.requestedAt = told.requestedAt
    run.taintedAt = told.taintedAt
  }, 180_000)
  afterAll(async () => {
    run.budgets?.stop()
    await run.parts?.stop()
  })
  return run
}

/**
 * Each budget the taint broke, with the second forecast gave for it when it broke within that
 * second (inSecondAfterTaint), else with the seconds this process measured from `taintedAt`,
 * so that a disagreement shows.
 */
export function brokenSeconds(
  run: TaintRun<{ readonly budgets: readonly ForecastBudget[] }>
): [string, number][] {
  const said = new Map(run.forecast.budgets.map((b) => [b.name, b.brokenAfterSeconds]))
  return [...run.budgets.brokenAfter(run.requestedAt)].map(([name, at]) => {
    const seconds = said.get(name)
    const inSecond = typeof seconds === 'number' && inSecondAfterTaint(at, seconds, run)
    return [name, inSecond ? seconds : (at - run.taintedAt) / 1000]
  })
}

/** A budget as forecast's JSON gives it. */
interface ForecastBudget {
  readonly name: string
  readonly brokenAfterSeconds: number | null
}

/** A pod forecast says is evicted, as its JSON gives it. */
interface SaidEvicted {
  readonly namespace: string
  readonly name: string
  readonly evictedAfterSeconds: number | null
}

/**
 * The deleted pods whose deletion does not fall in the second forecast gave for it
 * (inSecondAfterTaint), each with forecast's seconds and the seconds measured here from
 * `taintedAt`: none when forecast was right.
 */
export function deletionsOutsideForecastSecond(
  deleted: readonly PodHistory[],
  said: readonly SaidEvicted[],
  taint: TaintTime
): { pod: string; seconds: number | null; after: number }[] {
  const key = (p: { namespace: string; name: string }): string => `${p.namespace}/${p.name}`
  const seconds = new Map(said.map((p) => [key(p), p.evictedAfterSeconds]))
  return deleted.flatMap((pod) => {
    const at = pod.deletingAt ?? 0
    const told = seconds.get(key(pod)) ?? null
    if (told !== null && inSecondAfterTaint(at, told, taint)) return []
    return [{ pod: key(pod), seconds: told, after: (at - taint.taintedAt) / 1000 }]
  })
}
