import { flagName } from './node-flags.js'

/**
 * V8 flags main sets at start with `v8.setFlagsFromString`, each only on the V8 versions that have
 * it, and never over an operator's own choice on the command line.
 *
 * `--external-memory-accounted-in-global-limit` (V8 13 and later: Node.js 24, the image's runtime,
 * and 26). node:http hands every request body to JavaScript in freshly copied Buffers, memory
 * outside V8's heap, a few hundred KB per call at 5000 names. V8 13 starts incremental marking
 * when that external memory grows past a limit of its own, however small the heap: Node.js 24
 * ran frequent mark-compacts at 5000 names (`--trace-gc`) where Node.js 20 runs a young
 * collection. Counted in the global limit instead, those Buffers are left to the young
 * collections that free them anyway, and p99 at 5000 names fell well under its target. External
 * memory stays bounded, by the global limit, at a price in memory (bench/README.md,
 * "Measurements behind the code").
 *
 * Node-cache mode only. A full-node body is a thousand times larger, and counted in the global
 * limit its copies piled up: large full-node calls in a row took the process's peak resident size
 * past the 512 MiB limit of the manifests' containers, while the flag saved little time there
 * (bench/README.md, "Measurements behind the code").
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
  /** Set only when the node cache is on (the requests carry names, not whole nodes). */
  readonly nodeCacheOnly: boolean
}

export const RUNTIME_V8_FLAGS: readonly RuntimeV8Flag[] = [
  { flag: '--external-memory-accounted-in-global-limit', sinceV8Major: 13, nodeCacheOnly: true },
]

/** What the flags depend on besides V8 and the command line. */
export interface RuntimeMode {
  /** The node cache is on: kube-scheduler sends names (nodeCacheCapable: true). */
  readonly nodeCache: boolean
}

/** `--no-a_b=1` → `--a-b`: a flag set either way round names the same flag. */
function v8FlagName(arg: string): string {
  return flagName(arg).replace(/^--no-/, '--')
}

/**
 * The RUNTIME_V8_FLAGS to set on V8 `v8Version` (process.versions.v8) in `mode`: those it has and
 * the mode wants, less any that `execArgv` (process.execArgv) already names, either way round.
 */
export function runtimeV8Flags(
  v8Version: string,
  execArgv: readonly string[],
  mode: RuntimeMode
): string[] {
  const major = /^(\d+)\./.exec(v8Version)?.[1]
  if (major === undefined) return []
  const given = new Set(execArgv.map(v8FlagName))
  return RUNTIME_V8_FLAGS.filter(
    ({ flag, sinceV8Major, nodeCacheOnly }) =>
      Number(major) >= sinceV8Major &&
      (mode.nodeCache || !nodeCacheOnly) &&
      !given.has(v8FlagName(flag))
  ).map(({ flag }) => flag)
}
