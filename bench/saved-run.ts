/**
 * What bench:targets reads of a run that run.ts saved (bench/results/<date>.json), checked on
 * reading so that a file of another kind is named as such rather than tallied as zero.
 */
import type { StolenCpu } from './cpu-steal.js'
import type { CallsBySteal } from './steal-windows.js'

/** What this reads of one scenario of a saved run (run.ts's `http` entries). */
export interface SavedScenario {
  readonly verb: string
  readonly mode: string
  readonly size: number
  readonly tolerations: number
  readonly extender: {
    readonly p50Us: number
    readonly p99Us: number
    /** Absent in runs saved before the blocks were read; null where /proc had none. */
    readonly bySteal?: CallsBySteal | null
  }
  readonly ratioP50: number
  /** Absent in runs saved before steal was read; null where /proc had none. */
  readonly stolen?: StolenCpu | null
}

interface SavedMemory {
  readonly label: string
  readonly mib: { readonly rss: number; readonly heapUsed: number }
}

/** What this reads of a run saved by run.ts. */
export interface SavedRun {
  readonly machine: { readonly node: string; readonly date: string }
  readonly code?: { readonly commit: string | null }
  readonly quick: boolean
  /** Flags `--node-flag` added to the extender's; absent in runs saved before it existed. */
  readonly extraNodeFlags?: readonly string[]
  readonly http: readonly SavedScenario[]
  readonly memory?: readonly SavedMemory[]
  readonly distinctPodStream?: { readonly checkpoints: readonly SavedMemory[] }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** The run in `text`, or an error saying what in it is not a run the bench saved. */
export function savedRunOf(text: string, source: string): SavedRun {
  const fail = (what: string): never => {
    throw new Error(`${source}: not a run saved by the bench (${what})`)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return fail('not JSON')
  }
  if (!isRecord(json)) return fail('not an object')
  const machine = json.machine
  if (!isRecord(machine) || typeof machine.node !== 'string' || typeof machine.date !== 'string') {
    return fail('no machine.node or machine.date')
  }
  if (typeof json.quick !== 'boolean') return fail('no quick')
  if (!Array.isArray(json.http)) return fail('no http scenarios')
  for (const s of json.http as unknown[]) {
    const ok =
      isRecord(s) &&
      typeof s.verb === 'string' &&
      typeof s.mode === 'string' &&
      typeof s.size === 'number' &&
      typeof s.ratioP50 === 'number' &&
      isRecord(s.extender) &&
      typeof s.extender.p99Us === 'number'
    if (!ok) return fail('an http scenario without verb, mode, size, ratioP50 or extender.p99Us')
  }
  return json as unknown as SavedRun
}
