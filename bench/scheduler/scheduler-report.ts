/**
 * The scheduler benchmark's tables: each round with its ratios (every configuration against no
 * extender in the same round, and this extender against the matching no-op), then each ratio's
 * range over the rounds.
 */
import { renderTable } from '../report.js'
import { CONFIGURATIONS, matchingNoOp } from './configurations.js'
import type { RunResult } from './one-run.js'

const round2 = (x: number): number => Math.round(x * 100) / 100
const round3 = (x: number): number => Math.round(x * 1000) / 1000

interface Ratios {
  readonly toNone: number
  readonly toNoOp: number | null
}

/** A run's ratios against the runs of the same round. */
export function ratiosOf(run: RunResult, round: readonly RunResult[]): Ratios {
  const rate = (name: string | undefined): number =>
    round.find((r) => r.config === name)?.podsPerSecond ?? Number.NaN
  const config = CONFIGURATIONS.find((c) => c.name === run.config)
  const noOp = config === undefined ? undefined : matchingNoOp(config)
  return {
    toNone: run.podsPerSecond / rate('no extender'),
    toNoOp: noOp === undefined ? null : run.podsPerSecond / rate(noOp.name),
  }
}

export function roundTable(round: readonly RunResult[]): string {
  const headers = ['configuration', 'pods/s', 'seconds', '×no extender', '×no-op']
  headers.push('scheduler CPU ms/pod', 'server CPU ms/pod', 'load')
  return renderTable(
    headers,
    round.map((run) => {
      const { toNone, toNoOp } = ratiosOf(run, round)
      const server = run.cpuMsPerPod.server
      return [
        run.problem === null ? run.config : `${run.config} (VOID)`,
        round2(run.podsPerSecond),
        round2(run.seconds),
        round3(toNone),
        toNoOp === null ? null : round3(toNoOp),
        round2(run.cpuMsPerPod['kube-scheduler'] ?? Number.NaN),
        server === undefined ? null : round2(server),
        run.loadAverage,
      ]
    })
  )
}

const range = (values: readonly number[]): string => {
  if (values.length === 0) return '-'
  const [low, high] = [Math.min(...values), Math.max(...values)]
  return low === high ? String(round3(low)) : `${round3(low)}–${round3(high)}`
}

/** Per configuration, over the rounds of one scale: the range of its rate and of each ratio. */
export function summaryTable(rounds: readonly (readonly RunResult[])[]): string {
  const rows = CONFIGURATIONS.map((config) => {
    const runs = rounds.flatMap((round) =>
      round.filter((r) => r.config === config.name).map((run) => ({ run, round }))
    )
    const ratios = runs.map(({ run, round }) => ratiosOf(run, round))
    return [
      config.name,
      range(runs.map(({ run }) => round2(run.podsPerSecond))),
      range(ratios.map((r) => r.toNone)),
      matchingNoOp(config) === undefined ? '-' : range(ratios.map((r) => r.toNoOp ?? Number.NaN)),
    ]
  })
  return renderTable(['configuration', 'pods/s', '×no extender', '×no-op'], rows)
}
