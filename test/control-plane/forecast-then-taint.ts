import { setTimeout as delay } from 'node:timers/promises'
import { afterAll, beforeAll, expect } from 'vitest'
import { runTool } from '../cli/run-tool.js'
import type { ControlPlane, KubeApi } from '../support/control-plane/index.js'
import { BudgetTimeline } from './budget-timeline.js'
import { MAINT } from './forecast-cluster.js'
import { startClusterParts, type ClusterParts } from './forecast-harness.js'
import { kubectl } from './kubectl-run.js'
import { watchTaintArrival } from './pod-timeline.js'

/** The taint the forecast suites apply, as `kubectl taint` and `forecast --taint` write it. */
export const MAINT_TAINT = `${MAINT.key}=${MAINT.value}:${MAINT.effect}`

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
): Promise<{ forecast: Forecast; taintedAt: number }> {
  const args = ['--taint', MAINT_TAINT, '--node', node, '--kubeconfig', plane.kubeconfig]
  const run = await runTool('forecast', [...args, '-o', 'json'])
  expect([run.stderr, run.code]).toEqual(['', code])
  const forecast = JSON.parse(run.stdout) as Forecast
  const arrival = await watchTaintArrival(plane.api, node, MAINT.key)
  const tainted = await kubectl(plane.kubeconfig, ['taint', 'node', node, MAINT_TAINT])
  expect(tainted).toMatchObject({ code: 0, stderr: '' })
  const taintedAt = await arrival.arrival
  arrival.stop()
  await delay(taintedAt + settleMs - Date.now())
  return { forecast, taintedAt }
}

/** A taint suite's run, its fields set by the suite's beforeAll. */
export interface TaintRun<Forecast> {
  parts: ClusterParts
  budgets: BudgetTimeline
  forecast: Forecast
  taintedAt: number
}

/**
 * The hooks of a taint suite, inside its describeWithControlPlane body: before its tests, the
 * cluster parts started, the cluster built, a timeline of `namespace`'s budgets, then
 * forecastThenTaint (forecast expected to exit `code`); after them, everything stopped.
 */
export function taintRun<Forecast>(
  plane: () => ControlPlane,
  setup: {
    readonly build: (api: KubeApi) => Promise<void>
    readonly namespace: string
    readonly node: string
    readonly code: number
    readonly settleMs: number
  }
): TaintRun<Forecast> {
  const run = {} as TaintRun<Forecast>
  beforeAll(async () => {
    run.parts = await startClusterParts(plane())
    await setup.build(plane().api)
    run.budgets = new BudgetTimeline(plane().api, setup.namespace)
    await run.budgets.start()
    const told = await forecastThenTaint<Forecast>(plane(), setup.node, setup.code, setup.settleMs)
    run.forecast = told.forecast
    run.taintedAt = told.taintedAt
  }, 180_000)
  afterAll(async () => {
    run.budgets?.stop()
    await run.parts?.stop()
  })
  return run
}
