/**
 * CPU time of a process's threads other than its main one: in a Node.js server, V8's background
 * threads (concurrent marking and sweeping, compile jobs) and libuv's pool. On a 2-CPU machine
 * those threads run on the CPU the load client waits on, so their time is read beside the
 * latencies it may explain. Linux only (/proc); null elsewhere.
 */
import { readFileSync, readdirSync } from 'node:fs'

/**
 * Milliseconds per tick of /proc's CPU times (a thread's utime and stime, /proc/stat's steal):
 * USER_HZ is 100 on every Linux Node.js runs on.
 */
export const MS_PER_PROC_TICK = 10

/** CPU ticks used so far by each of `pid`'s threads but its main one, or null without /proc. */
function backgroundTicks(pid: number): Map<string, number> | null {
  try {
    const ticks = new Map<string, number>()
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      if (tid === String(pid)) continue
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
      // Fields after the command name (which may hold spaces): utime and stime are 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      ticks.set(tid, Number(fields[11]) + Number(fields[12]))
    }
    return ticks
  } catch {
    return null
  }
}

/** Starts counting; the returned function gives the milliseconds used since (null if unknown). */
export function backgroundCpu(pid: number): () => number | null {
  const before = backgroundTicks(pid)
  return () => {
    const after = backgroundTicks(pid)
    if (before === null || after === null) return null
    let ticks = 0
    for (const [tid, t] of after) ticks += t - (before.get(tid) ?? 0)
    return ticks * MS_PER_PROC_TICK
  }
}
