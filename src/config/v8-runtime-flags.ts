import { flagName } from './node-flags.js'

/**
 * V8 flags main sets at start with `v8.setFlagsFromString`, each only on the V8 versions that have
 * it, and never over an operator's own choice on the command line.
 *
 * `--external-memory-accounted-in-global-limit` (V8 13 and later: Node.js 24, the image's runtime,
 * and 26). node:http hands every request body to JavaScript in freshly copied Buffers, memory
 * outside V8's heap: about 250 KB per call at 5000 names. V8 13 starts incremental marking when
 * that external memory grows past a limit of its own, however small the heap: Node.js 24 ran a
 * mark-compact every ~200 calls at 5000 names (`--trace-gc`: 32 in ~6000 calls, marking steps of up
 * to 8 ms on the main thread, more on V8's helper) where Node.js 20 runs a young collection.
 * Counted in the global limit instead, those Buffers are left to the young collections that free
 * them anyway. `npm run bench:tail` on Node.js 24, 3000 calls per scenario at 5000 names: without
 * the flag, p99 2.3–4.8 ms, 32–136 calls over 2 ms and 370–670 ms of helper-thread CPU per
 * scenario; with it, 7–14 calls over 2 ms, p99 0.9–1.3 ms and 10–40 ms of helper CPU in four
 * scenarios of six (the first two, the first ~20 s after ready, had 55–123 and p99 3.1–3.2 ms).
 * External memory stays bounded, by the global limit, at a price in memory: at 15000 nodes in a
 * 512 MiB cgroup, peak resident 357 MiB against 288 without (bench/README.md, "Node.js 24").
 *
 * Set at run time rather than on the command line for two reasons: Node.js 20 and 22 refuse the
 * flag there ("bad option"), so it cannot join NODE_FLAGS, which `npm start` and the image share;
 * and a later V8 without it would print one line at start instead of refusing to start. V8 reads it
 * at each heap-limit decision, so set before serving it acts as it does from the command line
 * (measured: the same figures either way).
 */
interface RuntimeV8Flag {
  readonly flag: string
  /** The first V8 major version that has the flag (checked against `node --v8-options`). */
  readonly sinceV8Major: number
}

export const RUNTIME_V8_FLAGS: readonly RuntimeV8Flag[] = [
  { flag: '--external-memory-accounted-in-global-limit', sinceV8Major: 13 },
]

/** `--no-a_b=1` → `--a-b`: a flag set either way round names the same flag. */
function v8FlagName(arg: string): string {
  return flagName(arg).replace(/^--no-/, '--')
}

/**
 * The RUNTIME_V8_FLAGS to set on V8 `v8Version` (process.versions.v8): those it has, less any that
 * `execArgv` (process.execArgv) already names, either way round.
 */
export function runtimeV8Flags(v8Version: string, execArgv: readonly string[]): string[] {
  const major = /^(\d+)\./.exec(v8Version)?.[1]
  if (major === undefined) return []
  const given = new Set(execArgv.map(v8FlagName))
  return RUNTIME_V8_FLAGS.filter(
    ({ flag, sinceV8Major }) => Number(major) >= sinceV8Major && !given.has(v8FlagName(flag))
  ).map(({ flag }) => flag)
}
