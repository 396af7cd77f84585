/**
 * Which CPUs the bench's main threads run on. Left to the Linux scheduler on a 2-CPU machine, a
 * server's main thread sometimes runs on the client's CPU and sometimes on the other, and the
 * two give different latencies: at 500 names, the floor's p50 moved between 118 and 185 µs from
 * one scenario to the next of a single run, and the extender's between about 160 and 190 µs,
 * so the ratio of the two said more about placement than about either server. Sharing the
 * client's CPU is also not how kube-scheduler meets an extender, which runs in a pod of its own.
 *
 * So, where `taskset` exists and the bench may use two CPUs or more, the client's main thread is
 * pinned to the first allowed CPU and each server's main thread to the last one. Only main
 * threads: a server's GC and I/O helper threads may still run anywhere, as in a pod with more
 * than one CPU. `--no-pin` leaves everything to the scheduler.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

export interface CpuPlacement {
  /** CPU of the bench process's main thread (the load client). */
  readonly client: number
  /** CPU of each server's main thread. */
  readonly servers: number
}

/** The CPUs this process may run on, from /proc (e.g. `0-1`, `0,2-3`); empty when unknown. */
function allowedCpus(status: string): number[] {
  const line = /^Cpus_allowed_list:\s*(\S+)$/m.exec(status)?.[1]
  if (line === undefined) return []
  const cpus: number[] = []
  for (const part of line.split(',')) {
    const [from, to = from] = part.split('-').map(Number)
    if (from === undefined || to === undefined || !Number.isInteger(from + to)) return []
    for (let cpu = from; cpu <= to; cpu++) cpus.push(cpu)
  }
  return cpus
}

/** Pins the main thread of `pid` (a process's first thread has the process's id) to `cpu`. */
function pinMainThread(pid: number, cpu: number): void {
  execFileSync('taskset', ['-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' })
}

/**
 * Pins this process's main thread and returns where servers go, or null (with why) when pinning
 * is off or not possible here.
 */
export function placeClient(enabled: boolean): { placement: CpuPlacement | null; why: string } {
  if (!enabled) return { placement: null, why: 'unpinned (--no-pin)' }
  let cpus: number[]
  try {
    cpus = allowedCpus(readFileSync('/proc/self/status', 'utf8'))
  } catch {
    return { placement: null, why: 'unpinned (no /proc/self/status)' }
  }
  const first = cpus[0]
  const last = cpus[cpus.length - 1]
  if (first === undefined || last === undefined || first === last) {
    return { placement: null, why: 'unpinned (fewer than 2 CPUs allowed)' }
  }
  try {
    pinMainThread(process.pid, first)
  } catch {
    return { placement: null, why: 'unpinned (taskset failed or is missing)' }
  }
  return {
    placement: { client: first, servers: last },
    why: `client main thread on CPU ${first}, server main threads on CPU ${last}`,
  }
}

/** Pins a server's main thread where `placement` says; nothing when unpinned. */
export function placeServer(placement: CpuPlacement | null, pid: number): void {
  if (placement !== null) pinMainThread(pid, placement.servers)
}
