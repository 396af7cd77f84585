import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/**
 * One measurement of the large-cluster benches (explain-scale.ts, forecast-scale.ts), each in a
 * fresh process of explain-scale-child.ts so that its peak RSS is its own.
 */

export interface Measured {
  readonly wallMs: number
  readonly maxRssMiB: number
  /** `judge`: the CPU ms of judging each pending pod, the context read (explain-scale-child.ts). */
  readonly judgeMs?: number
  /** `forecast`: its follow-up summary line, to see that the replacements were placed. */
  readonly summary?: string
}

export type Mode = 'explain' | 'parse' | 'read' | 'read-whole' | 'pending' | 'judge' | 'forecast'

/** The files a measurement reads, by role (`pod`, `nodes`, `pods`, `pdbs`, ...). */
export type ScaleFiles = Readonly<Record<string, string>>

/** `mode` measured on `files`; `args` follow (forecast's command line). */
export function measure(
  mode: Mode,
  files: ScaleFiles,
  child = fileURLToPath(new URL('./explain-scale-child.js', import.meta.url)),
  args: readonly string[] = []
): Measured {
  const out = execFileSync(process.execPath, [child, mode, JSON.stringify(files), ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  })
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Measured
}
