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
 *
 * `--v8-pool-size=1` leaves V8 one background thread instead of Node's default four. Those
 * threads run GC and compile jobs in bursts of a few milliseconds on whatever CPU is free, and
 * that is often the caller's: kube-scheduler waits on the reply while a helper runs where it
 * would read it (seen with `perf sched`: the client waiting 3.9 ms for its CPU). In the bench's
 * order of scenarios, one 5000-name scenario of six had p99 over 2 ms in 11 of 18 runs with
 * four threads; with one, none did in 3 runs nor in the full bench. The price is throughput
 * under concurrent calls at 15000 names, about a tenth lower against the floor.
 *
 * `--max-semi-space-size=8` halves the young generation's ceiling (16 MiB by default). At
 * thousands of names young collections are not paced by the young generation filling up: node:http
 * copies every request body into fresh Buffers, and V8 runs a young collection whenever those
 * young Buffers pass 32 MiB, a fixed limit (`--trace-gc`: "external memory pressure", every ~125
 * calls at 5000 names, whatever the ceiling). What the ceiling does set is the pause, part of
 * which grows with the young generation's reserved pages (`perf`: V8's walk over memory chunks):
 * medians of 0.38, 0.47, 0.55, 0.65 and 1.1 ms at 4, 8, 16, 32 and 64 MiB at 5000 names. 8 keeps
 * the rate (4 doubles it) and takes a quarter off every pause (Node 24: 0.27 against 0.40 ms).
 * The price is a few more young collections where requests are small or huge: per 6000 calls at
 * 500 names 17 instead of 6, per 1500 at 15000 names 40 instead of 34.
 */
export const NODE_FLAGS: readonly string[] = [
  '--initial-old-space-size=128',
  '--expose-gc',
  '--v8-pool-size=1',
  '--max-semi-space-size=8',
]

/** `--a_b=1` → `--a-b`: V8 takes either spelling, with or without a value. */
export function flagName(arg: string): string {
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
