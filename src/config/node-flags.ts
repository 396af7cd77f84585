/**
 * The Node.js flags the extender runs with: the image's ENTRYPOINT and `npm start` pass them,
 * and the bench and soak measure with them (a test keeps them the same).
 *
 * `--initial-old-space-size` puts a floor under V8's old-generation limit. Without it, after a
 * collection that shrinks the heap (V8's memory reducer after an idle spell, or a forced GC),
 * the limit came out so close to the live size that V8 began incremental marking again and
 * again: at 5000 names mark-compacts came every few hundred requests, and p99 rose several-fold
 * and stayed there. 128 MiB is about twice the heap with 15000 nodes indexed and sits
 * well inside the deployment's 512 MiB memory limit. Node refuses this flag in NODE_OPTIONS,
 * and V8 reads it only at start, so it must be on the command line.
 *
 * `--expose-gc` lets main collect the garbage a full node list leaves behind, once per list
 * (see heapCompactor in main.ts); nothing else calls it.
 *
 * `--v8-pool-size=1` leaves V8 one background thread instead of Node's default four. Those
 * threads run GC and compile jobs in bursts of a few milliseconds on whatever CPU is free, and
 * that is often the caller's: kube-scheduler waits on the reply while a helper runs where it
 * would read it (seen with `perf sched`: the client waiting for its CPU). With four threads most
 * bench runs had a 5000-name scenario past its p99 target; with one, none did. The price is
 * some throughput under concurrent calls at 15000 names (bench/README.md, "Measurements behind
 * the code").
 *
 * Not among them: `--max-semi-space-size=8`, which NODE_FLAGS held from 04cc5e0 for shorter
 * young collections at 5000 names. The server's compute p99 at 5000 names was the same with it
 * or with 16, within the runs' own spread. On Node 24 it made full-node prioritize at 500 nodes
 * slower, called back to back as the bench calls one server. The time went to page faults: each
 * call's Buffers (node:http's body chunks, the joined body) came back from glibc as fresh pages,
 * several times the faults without the flag (`perf stat`). With it, V8 collected from a task
 * ("task" in `--trace-gc`) rather than on external memory pressure, and freed that memory in
 * bursts glibc returned to the system; with glibc's trim and mmap thresholds raised
 * (GLIBC_TUNABLES), the same flag faulted and ran as without it. Two
 * servers called in turn (`bench:ab --nodes=500`) read the same either way: each idles while
 * the other works, and the difference is in how a busy server's memory comes and goes.
 */
export const NODE_FLAGS: readonly string[] = [
  '--initial-old-space-size=128',
  '--expose-gc',
  '--v8-pool-size=1',
]

/** `--a_b=1` → `--a-b`: V8 takes either spelling, with or without a value. */
export function flagName(arg: string): string {
  return arg.split('=')[0]?.replaceAll('_', '-') ?? arg
}

/**
 * The NODE_FLAGS whose option neither `execArgv` (process.execArgv) nor `nodeOptions` (the
 * NODE_OPTIONS variable, which Node.js takes `--expose-gc` and `--v8-pool-size` from but leaves
 * out of execArgv) sets at all; a flag set to another value counts as set, on purpose: the
 * operator chose it.
 */
export function missingNodeFlags(execArgv: readonly string[], nodeOptions = ''): string[] {
  const words = nodeOptions.split(/\s+/).filter((word) => word !== '')
  const given = new Set([...execArgv, ...words].map(flagName))
  return NODE_FLAGS.filter((flag) => !given.has(flagName(flag)))
}
