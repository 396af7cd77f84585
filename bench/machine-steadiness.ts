/**
 * How steady the machine was while a run measured: the same two fixed pieces of work, each
 * timed a few hundred times in a row, at chosen points of the run.
 *
 * - compute: arithmetic on 256 KiB, which a core's L2 holds. It takes about the same time call
 *   after call, on a quiet host and a busy one alike (p50 0.43–0.47 ms in all but one of the
 *   samples seen here, p99/p50 mostly 1.1–1.5).
 * - memory: a chain of dependent reads over 4 MiB, more than a core's L2 and less than the L3
 *   that a cloud host's tenants share. When other tenants load that L3 or the memory behind
 *   it, this slows: here p50 0.6–0.9 ms and p99 under 1 ms in a quiet spell, p99 3–6 ms in
 *   others, and in one spell p50 4.7 ms (every read from DRAM) while the compute loop held at
 *   0.44–0.46 ms, with nothing of ours running but the bench.
 *
 * A 5000-name node-cache call moves about 1.5 MB through the cache (its 250 KB body, its
 * 300 KB reply, the index entries of its names, the kernel's copies of both), so its latency
 * swings with the second loop, not the first: in that spell the extender's compute for the
 * same request went from 0.6 to 1.5 ms at p50. The figures are for reading a run's latencies,
 * never a threshold. The servers are idle but alive while a sample runs, so a collection of
 * theirs can overlap one; the loops alone, with no bench running, swing as much.
 */
import { stolenCpu, type StolenCpu } from './cpu-steal.js'
import { percentile, round1 } from './stats.js'

export interface LoopTiming {
  readonly p50Us: number
  readonly p99Us: number
  readonly p99OverP50: number
}

export interface SteadinessSample {
  readonly when: string
  readonly compute: LoopTiming
  readonly memory: LoopTiming
  /**
   * CPU time the hypervisor took while both loops ran (cpu-steal.ts), to tell a slow memory
   * system from a CPU taken away: the memory loop's p99 mostly rose with none taken.
   */
  readonly stolen: StolenCpu | null
}

const REPEATS = 400
const COMPUTE_WORDS = 1 << 16
const COMPUTE_STEPS = 400_000
const MEMORY_WORDS = 1 << 20
const MEMORY_STEPS = 40_000

// Allocated once: a sample allocates nothing while it times, so no collection of the bench's
// own lands in it.
const computeWords = new Uint32Array(COMPUTE_WORDS)
const memoryWords = new Uint32Array(MEMORY_WORDS)
// A random cycle through every word (Sattolo's shuffle), so each read depends on the one
// before and the hardware prefetcher cannot guess the next line.
{
  const order = Uint32Array.from({ length: MEMORY_WORDS }, (_, i) => i)
  let seed = 0x2545f491
  for (let i = MEMORY_WORDS - 1; i > 0; i--) {
    seed = (Math.imul(seed, 1103515245) + 12345) | 0
    const j = (seed >>> 1) % i
    const t = order[i] as number
    order[i] = order[j] as number
    order[j] = t
  }
  for (let i = 0; i < MEMORY_WORDS; i++) {
    memoryWords[order[i] as number] = order[(i + 1) % MEMORY_WORDS] as number
  }
}

function computeLoop(): number {
  let h = 0
  for (let i = 0; i < COMPUTE_STEPS; i++) {
    const at = i & (COMPUTE_WORDS - 1)
    h = (Math.imul(h, 31) + (computeWords[at] as number)) | 0
    computeWords[at] = h
  }
  return h
}

let memoryAt = 0
function memoryLoop(): number {
  let at = memoryAt
  for (let i = 0; i < MEMORY_STEPS; i++) at = memoryWords[at] as number
  memoryAt = at
  return at
}

function time(loop: () => number, times: Float64Array): LoopTiming {
  for (let i = 0; i < 20; i++) loop()
  for (let i = 0; i < times.length; i++) {
    // performance.now(), not hrtime.bigint(): a double, where each BigInt is a heap object.
    const start = performance.now()
    loop()
    times[i] = (performance.now() - start) * 1000
  }
  const sorted = Array.from(times).sort((a, b) => a - b)
  const p50 = percentile(sorted, 0.5)
  const p99 = percentile(sorted, 0.99)
  return { p50Us: round1(p50), p99Us: round1(p99), p99OverP50: Math.round((p99 / p50) * 100) / 100 }
}

/** Times both loops now (about a second in all), labelled `when`. */
export function sampleSteadiness(when: string): SteadinessSample {
  const times = new Float64Array(REPEATS)
  const stolen = stolenCpu()
  const compute = time(computeLoop, times)
  const memory = time(memoryLoop, times)
  return { when, compute, memory, stolen: stolen() }
}
