import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * One measurement of the large-cluster benches (explain-scale.ts, forecast-scale.ts), each in a
 * fresh process of explain-scale-child.ts so that its peak RSS is its own.
 */

export interface Measured {
  readonly wallMs: number
  /**
   * The child's CPU time (user and system, its GC threads included), read by this process, so
   * that any build's child is measured alike; on a machine others load it varies far less than
   * the wall time. Absent where /proc does not give it.
   */
  readonly cpuMs?: number
  readonly maxRssMiB: number
  /** `judge`: the CPU ms of judging each pending pod, the context read (explain-scale-child.ts). */
  readonly judgeMs?: number
  /** `forecast`: its follow-up summary line, to see that the replacements were placed. */
  readonly summary?: string
}

export type Mode =
  'explain' | 'parse' | 'scan' | 'read' | 'read-whole' | 'pending' | 'judge' | 'forecast'

/** The files a measurement reads, by role (`pod`, `nodes`, `pods`, `pdbs`, ...). */
export type ScaleFiles = Readonly<Record<string, string>>

/** Clock ticks a second in /proc's times (`getconf CLK_TCK`, 100 on Linux). */
const CLOCK_TICKS = 100

/**
 * The CPU time, in ms, of the children this process has waited for (`/proc/self/stat` fields 16
 * and 17, cutime and cstime); null where there is no /proc.
 */
function waitedChildrenCpuMs(): number | null {
  let stat: string
  try {
    stat = readFileSync('/proc/self/stat', 'utf8')
  } catch {
    return null
  }
  // After the command name in parentheses, the fields from the third (state) on.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / CLOCK_TICKS
}

/** `mode` measured on `files`; `args` follow (forecast's command line). */
export function measure(
  mode: Mode,
  files: ScaleFiles,
  child = fileURLToPath(new URL('./explain-scale-child.js', import.meta.url)),
  args: readonly string[] = []
): Measured {
  const cpuBefore = waitedChildrenCpuMs()
  const out = execFileSync(process.execPath, [child, mode, JSON.stringify(files), ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  })
  const cpuAfter = waitedChildrenCpuMs()
  const measured = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Measured
  if (cpuBefore === null || cpuAfter === null) return measured
  return { ...measured, cpuMs: Math.round(cpuAfter - cpuBefore) }
}
