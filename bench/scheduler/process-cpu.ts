/**
 * CPU time a process has used so far, from /proc/<pid>/stat (user + system). Read at the first
 * and the last bind of a run, the difference divided by the pods bound is each process's CPU per
 * pod: on a shared machine it moves less with the other tenants' load than the wall-clock rate.
 */
import { readFileSync } from 'node:fs'

/** Linux's USER_HZ: /proc reports CPU time in ticks of 1/100 s on every mainstream platform. */
const TICKS_PER_SECOND = 100

/** Milliseconds of CPU used by `pid` so far; NaN where it cannot be read (not Linux, gone). */
export function cpuMilliseconds(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const ticks = Number(fields[11]) + Number(fields[12])
    return (ticks * 1000) / TICKS_PER_SECOND
  } catch {
    return Number.NaN
  }
}

/** CPU used so far by each named process. */
export function cpuSample(pids: Readonly<Record<string, number | undefined>>): Map<string, number> {
  return new Map(Object.entries(pids).map(([name, pid]) => [name, cpuMilliseconds(pid)]))
}
