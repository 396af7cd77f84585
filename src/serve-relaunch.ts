import { spawn } from 'node:child_process'

/**
 * `taint-extender serve` from the npm package (npm's `bin` link runs `node dist/cli.js`, with no
 * Node.js flags) starts the server in a child Node.js given the NODE_FLAGS it lacks, as
 * tuned as `npm start` and the image. Set at run time instead, two of the three would do
 * nothing: V8 sizes the heap from `--initial-old-space-size` when the isolate is created, and
 * Node.js sizes V8's thread pool from `--v8-pool-size` before any script runs; NODE_OPTIONS
 * refuses the first. So the process that has them is a new one, and this one stays beside it as
 * npm's shim would: standard streams shared, signals passed on, its exit status passed back.
 *
 * `process.execve`, which would replace this process instead, is experimental from Node.js 22.15
 * and absent from Node.js 20.
 */

/** What a terminal, a service manager or kubectl sends to stop the server. */
const FORWARDED_SIGNALS: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP']

/**
 * Runs this same command line again in a child with `missing` (NODE_FLAGS) before the Node.js
 * flags this process has; this process then ends as the child ends: with its exit status, or
 * killed by the same signal.
 */
export function relaunchWithNodeFlags(missing: readonly string[]): void {
  const script = process.argv[1] ?? ''
  const child = spawn(
    process.execPath,
    [...missing, ...process.execArgv, script, ...process.argv.slice(2)],
    // The channel is how the child learns that this process is gone, even killed by SIGKILL,
    // which cannot be passed on (stopWhenLauncherGoes).
    { stdio: ['inherit', 'inherit', 'inherit', 'ipc'] }
  )
  // Ctrl-C reaches both processes (one process group); the server takes a second signal as
  // one, so passing it on as well is harmless, and needed when only this process is signalled.
  const forward = (signal: NodeJS.Signals): void => {
    child.kill(signal)
  }
  for (const signal of FORWARDED_SIGNALS) process.on(signal, forward)
  child.on('error', (err) => {
    process.stderr.write(`taint-extender: cannot start ${process.execPath}: ${err.message}\n`)
    process.exit(1)
  })
  child.on('exit', (code, signal) => {
    for (const s of FORWARDED_SIGNALS) process.off(s, forward)
    if (signal !== null) process.kill(process.pid, signal)
    else process.exitCode = code ?? 1
  })
}

/**
 * In the relaunched server, started with an IPC channel to its launcher: once the launcher is
 * gone (killed by a signal it could not pass on), the server stops as on SIGTERM, draining,
 * rather than serve on unowned. The channel alone never keeps the process running.
 */
export function stopWhenLauncherGoes(): void {
  if (process.channel === undefined) return
  process.channel.unref()
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'))
}
