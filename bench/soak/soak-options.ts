/** Flags of `npm run soak`: how long, how big, how hard, and how the answers are judged. */
import { parseArgs } from 'node:util'

export interface SoakOptions {
  /** The load loops, the churner and the sampler all stop by themselves after this long. */
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
   * reflector waits its first backoff step (0.5–1 s with the default 1 s) before it relists.
   */
  readonly disruptionGraceMs: number
  /** Cut every open watch (dropWatches) this often. */
  readonly dropWatchesEveryMs: number
  /** Force a relist (a change the watch never sees, compactHistory, cut) this often. */
  readonly forceGoneEveryMs: number
  /** Scrape the extender's /metrics this often. */
  readonly sampleEveryMs: number
}

const HELP = `Usage: npm run soak -- [flags]
  --duration D             how long the load runs: 90s, 10m, 1h (default 10m)
  --nodes N                nodes on the fake API server (default 2000)
  --clients N              concurrent keep-alive clients (default 4)
  --churn-every-ms N       one node change per N ms (default 5)
  --settle-ms N            propagation window of a watched change (default 500)
  --disruption-grace-ms N  time to recover from a cut watch or a 410 (default 3000)
  --sample-every-ms N      /metrics scrape period (default 5000)
`

/** `10m`, `30s`, `1h`, `1500ms`, or a bare number of seconds. */
export function parseDuration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim())
  if (match === null) throw new Error(`--duration: expected e.g. 30s, 10m or 1h, got "${text}"`)
  const unit = match[2] ?? 's'
  const factor = unit === 'ms' ? 1 : unit === 's' ? 1000 : unit === 'm' ? 60_000 : 3_600_000
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

/** The options, or null after printing the help. Throws with a message on a bad flag. */
export function parseSoakOptions(argv: readonly string[]): SoakOptions | null {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    options: {
      duration: { type: 'string', default: '10m' },
      nodes: { type: 'string' },
      clients: { type: 'string' },
      'churn-every-ms': { type: 'string' },
      'settle-ms': { type: 'string' },
      'disruption-grace-ms': { type: 'string' },
      'sample-every-ms': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  })
  if (values.help) {
    process.stdout.write(HELP)
    return null
  }
  const durationMs = parseDuration(values.duration)
  const sampleEveryMs = positiveInteger('sample-every-ms', values['sample-every-ms'], 5000)
  return {
    durationMs,
    nodes: positiveInteger('nodes', values.nodes, 2000),
    clients: positiveInteger('clients', values.clients, 4),
    churnEveryMs: positiveInteger('churn-every-ms', values['churn-every-ms'], 5),
    settleMs: positiveInteger('settle-ms', values['settle-ms'], 500),
    disruptionGraceMs: positiveInteger('disruption-grace-ms', values['disruption-grace-ms'], 3000),
    // Short runs still see several cuts and relists.
    dropWatchesEveryMs: Math.min(7_000, Math.max(2_000, Math.floor(durationMs / 8))),
    forceGoneEveryMs: Math.min(11_000, Math.max(3_000, Math.floor(durationMs / 5))),
    sampleEveryMs,
  }
}
