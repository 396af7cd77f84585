import type { SavedRun, SavedScenario } from '../../bench/saved-run.js'

/** A scenario as run.ts saves it: quiet host, p99 1.5 ms, unless `over` says otherwise. */
export function scenario(over: Partial<SavedScenario> & Pick<SavedScenario, 'mode' | 'size'>) {
  return {
    verb: 'filter',
    tolerations: 3,
    extender: { p50Us: 800, p99Us: 1500 },
    ratioP50: 0.5,
    stolen: { totalMs: 0, byCpuMs: [0, 0] },
    ...over,
  } satisfies SavedScenario
}

export function run(http: SavedScenario[], over: Partial<SavedRun> = {}): SavedRun {
  return {
    machine: { node: 'v24.21.0', date: '2026-11-22T06:00:00Z' },
    quick: false,
    http,
    ...over,
  }
}
