/**
 * CPU time the hypervisor gave to someone else while this virtual machine wanted it ("steal",
 * the eighth figure of each `cpuN` line of /proc/stat). On a cloud VM the host may run another
 * tenant on one of our virtual CPUs for milliseconds at a time; whatever runs on that CPU then
 * stands still, however fast its code, and a call that waits on it is late by as much. So the
 * bench reads steal beside the latencies it may explain: a scenario's p99 that moved with it
 * moved with the host, not with the code. Linux only; null elsewhere or without /proc.
 *
 * The kernel keeps steal in nanoseconds but /proc/stat prints it in USER_HZ ticks (10 ms,
 * truncated), so a difference is exact to ±10 ms: good over a scenario's seconds, too coarse to
 * charge a single 1 ms call.
 */
import { readFileSync } from 'node:fs'
import { MS_PER_PROC_TICK } from './thread-cpu.js'

/** Steal ticks so far of each CPU, indexed by CPU number (a CPU missing from the file reads 0). */
export function parseStealTicks(procStat: string): number[] {
  const ticks: number[] = []
  for (const match of procStat.matchAll(/^cpu(\d+) +(.*)$/gm)) {
    // user nice system idle iowait irq softirq steal guest guest_nice
    const steal = Number(match[2]?.split(/ +/)[7])
    if (!Number.isFinite(steal)) continue
    ticks[Number(match[1])] = steal
  }
  return Array.from(ticks, (t) => t ?? 0)
}

/** Steal ticks so far of each CPU, or null where /proc/stat cannot be read. */
export function readStealTicks(): number[] | null {
  try {
    const ticks = parseStealTicks(readFileSync('/proc/stat', 'utf8'))
    return ticks.length > 0 ? ticks : null
  } catch {
    return null
  }
}

/** Stolen milliseconds in a stretch of a run: per CPU (by number) and in all. */
export interface StolenCpu {
  readonly totalMs: number
  readonly byCpuMs: readonly number[]
}

/** The steal between two readings of readStealTicks, or null where either is unknown. */
export function stolenBetween(
  before: readonly number[] | null,
  after: readonly number[] | null
): StolenCpu | null {
  if (before === null || after === null) return null
  const byCpuMs = after.map((t, cpu) => (t - (before[cpu] ?? 0)) * MS_PER_PROC_TICK)
  return { totalMs: byCpuMs.reduce((sum, ms) => sum + ms, 0), byCpuMs }
}

/** Whether no CPU lost more than `ms` to steal: the one test of a quiet host, at any threshold. */
export function lostAtMostPerCpu(stolen: StolenCpu, ms: number): boolean {
  return stolen.byCpuMs.every((lost) => lost <= ms)
}

/** Starts counting; the returned function gives the steal since, or null where it is unknown. */
export function stolenCpu(): () => StolenCpu | null {
  const before = readStealTicks()
  return () => stolenBetween(before, readStealTicks())
}

/** `total (cpu0/cpu1/…)` for a table cell; `-` when unknown. */
export function stolenCell(stolen: StolenCpu | null): string {
  if (stolen === null) return '-'
  return `${stolen.totalMs} (${stolen.byCpuMs.join('/')})`
}
