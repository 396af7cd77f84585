/**
 * A scenario's calls split by whether the host took CPU time while they ran: `bench:tail` reads
 * steal (cpu-steal.ts) every STEAL_WINDOW_CALLS calls, and the calls of each window that lost
 * none are summed apart from the rest. A scenario's p99 mixes both; the p99 of the windows
 * without steal is what the code and the rest of the machine gave when the host took nothing.
 *
 * Steal is read in 10 ms ticks, so "none" means under 10 ms on each CPU over the window's
 * half-second or so: a window that lost less still counts as quiet. Reading /proc/stat falls
 * between two calls, outside both of their timings.
 */
import { lostAtMostPerCpu, stolenBetween } from './cpu-steal.js'
import { percentile, round3 } from './stats.js'

/** About half a second of 5000-name calls: short enough to set a spell of steal apart. */
export const STEAL_WINDOW_CALLS = 500

export interface CallsSummary {
  readonly windows: number
  readonly calls: number
  readonly p99Ms: number | null
  /** Calls over `slowMs`. */
  readonly slow: number
}

export interface CallsBySteal {
  /** Windows in which no CPU lost a tick to steal. */
  readonly quiet: CallsSummary
  /** Windows in which some CPU did. */
  readonly stolen: CallsSummary
}

function summary(windows: number, latencies: number[], slowMs: number): CallsSummary {
  latencies.sort((a, b) => a - b)
  return {
    windows,
    calls: latencies.length,
    p99Ms: latencies.length === 0 ? null : round3(percentile(latencies, 0.99)),
    slow: latencies.filter((ms) => ms > slowMs).length,
  }
}

/**
 * `latenciesMs[i]` is call i's; `readings[w]` the steal ticks read before window w's first call
 * and `readings[w + 1]` after its last, windows being `windowCalls` calls each (the last one
 * whatever is left). Null when a reading is missing (no /proc) or does not match the calls.
 */
export function callsBySteal(
  latenciesMs: readonly number[],
  readings: readonly (readonly number[] | null)[],
  windowCalls: number,
  slowMs: number
): CallsBySteal | null {
  const windows = Math.ceil(latenciesMs.length / windowCalls)
  if (readings.length !== windows + 1) return null
  const quiet: number[] = []
  const stolen: number[] = []
  let quietWindows = 0
  for (let w = 0; w < windows; w++) {
    const lost = stolenBetween(readings[w] ?? null, readings[w + 1] ?? null)
    if (lost === null) return null
    const calls = latenciesMs.slice(w * windowCalls, (w + 1) * windowCalls)
    if (lostAtMostPerCpu(lost, 0)) {
      quietWindows++
      quiet.push(...calls)
    } else {
      stolen.push(...calls)
    }
  }
  return {
    quiet: summary(quietWindows, quiet, slowMs),
    stolen: summary(windows - quietWindows, stolen, slowMs),
  }
}
