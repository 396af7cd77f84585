/**
 * The Node.js flags the extender runs with: the image's ENTRYPOINT and `npm start` pass them,
 * and the bench and soak measure with them (a test keeps all four the same).
 *
 * `--initial-old-space-size` puts a floor under V8's old-generation limit. Without it, after a
 * collection that shrinks the heap (V8's memory reducer after an idle spell, or a forced GC),
 * the limit came out so close to the live size that V8 began incremental marking again and
 * again: at 5000 names a mark-compact every ~150 requests, and p99 rose from about 1.5 to
 * 10–15 ms and stayed there. 128 MiB is about twice the heap with 15000 nodes indexed and sits
 * well inside the deployment's 512 MiB memory limit. Node refuses this flag in NODE_OPTIONS,
 * and V8 reads it only at start, so it must be on the command line.
 *
 * `--expose-gc` lets main collect the garbage a full node list leaves behind, once per list
 * (see heapCompactor in main.ts); nothing else calls it.
 */
export const NODE_FLAGS: readonly string[] = ['--initial-old-space-size=128', '--expose-gc']

/** `--a_b=1` → `--a-b`: V8 takes either spelling, with or without a value. */
function flagName(arg: string): string {
  return arg.split('=')[0]?.replaceAll('_', '-') ?? arg
}

/**
 * The NODE_FLAGS whose option `execArgv` (process.execArgv) does not set at all; a flag set to
 * another value counts as set, on purpose: the operator chose it.
 */
export function missingNodeFlags(execArgv: readonly string[]): string[] {
  const given = new Set(execArgv.map(flagName))
  return NODE_FLAGS.filter((flag) => !given.has(flagName(flag)))
}
