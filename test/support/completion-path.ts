import { spawn } from 'node:child_process'
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The built executables under the names an install gives them (package.json's `bin`), as
 * wrappers in a folder to put first on the PATH: what a shell's completion and kubectl's plugin
 * completion look up and run.
 */

const dist = (file: string): string => fileURLToPath(new URL(`../../dist/${file}`, import.meta.url))

export const EXECUTABLES = {
  'taint-extender': dist('cli.js'),
  'kubectl-taint_extender': dist('cli.js'),
  'kubectl_complete-taint_extender': dist('kubectl-complete.js'),
} as const

export type ExecutableName = keyof typeof EXECUTABLES

/** A fresh folder holding the three executables (and whatever `extra` names, e.g. kubectl). */
export function executablesFolder(extra: Readonly<Record<string, string>> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'taint-extender-bin-'))
  for (const [name, script] of Object.entries(EXECUTABLES)) {
    writeExecutable(join(dir, name), `exec "${process.execPath}" "${script}" "$@"`)
  }
  for (const [name, target] of Object.entries(extra)) {
    writeExecutable(join(dir, name), `exec "${target}" "$@"`)
  }
  return dir
}

function writeExecutable(path: string, line: string): void {
  writeFileSync(path, `#!/bin/sh\n${line}\n`)
  chmodSync(path, 0o755)
}

export interface RunResult {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/**
 * Runs a program to its end without blocking this process, which may be serving the API server
 * the program reads. `env` is the whole environment: nothing of this process's leaks in.
 */
export function run(
  program: string,
  args: readonly string[],
  env: Readonly<Record<string, string>>
): Promise<RunResult> {
  const child = spawn(program, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/** A context of a kubeconfig: its name, its API server, and its namespace when it has one. */
export interface TestContext {
  readonly name: string
  readonly server: string
  readonly namespace?: string
}

/** A kubeconfig with these contexts (each with its own cluster), the first one current. */
export function kubeconfigWithContexts(
  contexts: readonly TestContext[],
  user: Readonly<Record<string, unknown>> = {}
): string {
  const dir = mkdtempSync(join(tmpdir(), 'taint-extender-kubeconfig-'))
  const path = join(dir, 'kubeconfig')
  const config = {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: contexts.map((c) => ({ name: c.name, cluster: { server: c.server } })),
    users: [{ name: 'user', user }],
    contexts: contexts.map((c) => ({
      name: c.name,
      context: {
        cluster: c.name,
        user: 'user',
        ...(c.namespace ? { namespace: c.namespace } : {}),
      },
    })),
    'current-context': contexts[0]?.name ?? '',
  }
  writeFileSync(path, JSON.stringify(config, null, 2))
  return path
}

/** The candidates and the directive of a `__complete` answer, or null when it is not one. */
export function parseAnswer(stdout: string): { candidates: string[]; directive: string } | null {
  const lines = stdout.split('\n')
  if (lines.pop() !== '') return null
  const directive = lines.pop()
  if (directive === undefined || !/^:\d+$/.test(directive)) return null
  return { candidates: lines, directive }
}
