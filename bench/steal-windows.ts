/**
 * A scenario's calls split by whether the host took CPU time while they ran: `bench:tail` reads
 * steal (cpu-steal.ts) every STEAL_WINDOW_CALLS calls, the main bench around each block of its
 * sequential calls, and the calls of each window or block that lost none are summed apart from
 * the rest. A scenario's p99 mixes both; the p99 of the windows without steal is what the code
 * and the rest of the machine gave when the host took nothing.
 *
 * Steal is read in 10 ms ticks, so "none" means under 10 ms on each CPU over the window's
 * fraction of a second: a window that lost less still counts as quiet. Reading /proc/stat falls
 * between two calls, outside both of their timings.
 */
import { lostAtMostPerCpu, stolenBetween } from './cpu-steal.js'
import { percentile, round3 } from './stats.js'

/** A call slower than this is slow: the p99 target at 5000 names (docs/performance.md). */
export const SLOW_MS = 2

/** About half a second of 5000-name calls: short enough to set a spell of steal apart. */
export const STEAL_WINDOW_CALLS = 500

export interface CallsSummary {
  /** Windows, or blocks, of calls. */
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
 * A run of consecutive calls and the steal ticks read just before its first and just after its
 * last: a fixed-size window of `bench:tail`, or one measured block of the main bench's
 * sequential client (sequential-client.ts).
 */
export interface StealBlock {
  readonly calls: number
  readonly before: readonly number[] | null
  readonly after: readonly number[] | null
}

/**
 * `latenciesMs` split by `blocks`, in order. Null when a reading is missing (no /proc) or the
 * blocks do not hold exactly the calls given: no block is called quiet that was not read.
 */
export function callsByStealBlocks(
  latenciesMs: readonly number[],
  blocks: readonly StealBlock[],
  slowMs: number
): CallsBySteal | null {
  if (blocks.reduce((sum, b) => sum + b.calls, 0) !== latenciesMs.length) return null
  const quiet: number[] = []
  const stolen: number[] = []
  let quietBlocks = 0
  let first = 0
  for (const block of blocks) {
    const lost = stolenBetween(block.before, block.after)
    if (lost === null) return null
    const calls = latenciesMs.slice(first, first + block.calls)
    first += block.calls
    if (lostAtMostPerCpu(lost, 0)) {
      quietBlocks++
      quiet.push(...calls)
    } else {
      stolen.push(...calls)
    }
  }
  return {
    quiet: summary(quietBlocks, quiet, slowMs),
    stolen: summary(blocks.length - quietBlocks, stolen, slowMs),
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
  const blocks = Array.from({ length: windows }, (_, w) => ({
    calls: Math.min(windowCalls, latenciesMs.length - w * windowCalls),
    before: readings[w] ?? null,
    after: readings[w + 1] ?? null,
  }))
  return callsByStealBlocks(latenciesMs, blocks, slowMs)
}

/**
 * The quiet windows' p99 and how many of all they were, `1.27 ms (8 of 10)`: `-` when steal was
 * not read, `none (0 of 10)` when the host took CPU in every window.
 */
export function quietCell(bySteal: CallsBySteal | null): string {
  if (bySteal === null) return '-'
  const { quiet, stolen } = bySteal
  const share = `(${quiet.windows} of ${quiet.windows + stolen.windows})`
  return quiet.p99Ms === null ? `none ${share}` : `${quiet.p99Ms} ms ${share}`
}
