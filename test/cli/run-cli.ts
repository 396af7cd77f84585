import { spawn, spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/** The shipped executable, built by the global setup as npm run build builds it. */
export const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url))
export const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url))

export interface CliResult {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/**
 * Runs `node dist/cli.js ARGS` (or another script) to its end. The environment holds PATH and a
 * HOME with no ~/.kube/config unless given, so no kubeconfig of the machine counts.
 */
export function cli(
  args: readonly string[],
  env: Record<string, string> = {},
  options: { input?: string; script?: string; timeoutMs?: number } = {}
): CliResult {
  const result = spawnSync(process.execPath, [options.script ?? CLI, ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', ...env },
    input: options.input ?? '',
    timeout: options.timeoutMs ?? 15_000,
  })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

/**
 * `cli` without blocking this process: for runs against a server this process serves (the fake
 * API server), which a synchronous spawn would keep from answering.
 */
export function cliAsync(
  args: readonly string[],
  env: Record<string, string> = {}
): Promise<CliResult> {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })))
}
