/** Flags of `npm run soak`: how long, how big, how hard, and how the answers are judged. */
import { parseArgs } from 'node:util'

export interface SoakOptions {
  /** The load loops and the churner stop by themselves after this long. */
  readonly durationMs: number
  /** Nodes the fake API server holds. */
  readonly nodes: number
  /** Concurrent keep-alive clients. */
  readonly clients: number
  /** One node change (taint, cordon) per this many milliseconds. */
  readonly churnEveryMs: number
  /** A watch event reaches the extender's index within this long on a healthy watch. */
  readonly settleMs: number
  /**
   * After a cut watch or a forced 410 the extender needs this long to be current again: the
   * reflector waits its first backoff step before it relists.
   */
  readonly disruptionGraceMs: number
  /** Cut every open watch this often, and force a relist (410 Gone) this often. */
  readonly dropWatchesEveryMs: number
  readonly forceGoneEveryMs: number
}

/** `10m`, `30s`, `1h`, `1500ms`, or a bare number of seconds. */
export function parseDuration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim())
  if (match === null) throw new Error(`--duration: expected e.g. 30s, 10m or 1h, got "${text}"`)
  const factor = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] ?? 's'] ?? 1000
  const ms = Math.round(Number(match[1]) * factor)
  if (ms < 1000) throw new Error(`--duration: at least 1s, got "${text}"`)
  return ms
}

function positiveInteger(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback
  const value = Number(text)
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new Error(`--${name}: expected a positive integer, got "${text}"`)
  }
  return value
}

const NUMBERS = ['nodes', 'clients', 'churn-every-ms', 'settle-ms', 'disruption-grace-ms'] as const

/** The options; throws with a message naming the flag on a bad one. */
export function parseSoakOptions(argv: readonly string[]): SoakOptions {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    options: {
      duration: { type: 'string', default: '10m' },
      ...Object.fromEntries(NUMBERS.map((name) => [name, { type: 'string' as const }])),
    },
  })
  const given = values as Record<string, string | undefined>
  const number = (name: (typeof NUMBERS)[number], fallback: number): number =>
    positiveInteger(name, given[name], fallback)
  const durationMs = parseDuration(given.duration ?? '10m')
  return {
    durationMs,
    nodes: number('nodes', 2000),
    clients: number('clients', 4),
    churnEveryMs: number('churn-every-ms', 5),
    settleMs: number('settle-ms', 500),
    disruptionGraceMs: number('disruption-grace-ms', 3000),
    // Short runs still see several cuts and relists.
    dropWatchesEveryMs: Math.min(7_000, Math.max(2_000, Math.floor(durationMs / 8))),
    forceGoneEveryMs: Math.min(11_000, Math.max(3_000, Math.floor(durationMs / 5))),
  }
}
