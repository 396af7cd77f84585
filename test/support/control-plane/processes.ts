import { spawn, type ChildProcess } from 'node:child_process'
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Where each running control-plane process leaves its PID, in the test run's own folder: a test
 * worker that vitest ends on a timeout never runs its afterAll, and the process groups it started
 * outlive it; the run's teardown stops whatever is still listed (`stopLeftoverProcesses`).
 */
function pidFolder(): string {
  return join(tmpdir(), 'control-plane-pids')
}

/** SIGKILLs every control-plane process group a run left behind. */
export function stopLeftoverProcesses(folder: string): void {
  let pids: string[]
  try {
    pids = readdirSync(folder)
  } catch {
    return
  }
  for (const pid of pids) {
    try {
      process.kill(-Number(pid), 'SIGKILL')
    } catch {
      // Gone already.
    }
  }
}

/**
 * One control-plane process: started in its own process group with stdin from /dev/null and its
 * output in a log file, so that it never holds the test runner's pipes open, and stopped by its
 * own PID.
 */
export class ControlPlaneProcess {
  readonly #child: ChildProcess
  readonly #exited: Promise<number | null>
  #exitCode: number | null | undefined

  constructor(
    readonly name: string,
    binary: string,
    args: readonly string[],
    readonly logFile: string
  ) {
    const out = openSync(logFile, 'a')
    try {
      this.#child = spawn(binary, args, {
        detached: true,
        stdio: ['ignore', out, out],
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp' },
      })
    } finally {
      closeSync(out)
    }
    const pidFile =
      this.#child.pid === undefined ? null : join(pidFolder(), String(this.#child.pid))
    if (pidFile !== null) {
      mkdirSync(pidFolder(), { recursive: true })
      writeFileSync(pidFile, name)
    }
    this.#exited = new Promise((resolve) => {
      this.#child.once('exit', (code, signal) => {
        if (pidFile !== null) rmSync(pidFile, { force: true })
        this.#exitCode = code ?? (signal === null ? null : -1)
        resolve(this.#exitCode)
      })
      this.#child.once('error', () => resolve(null))
    })
  }

  get pid(): number | undefined {
    return this.#child.pid
  }

  /** Whether it has exited (crashed, or been stopped). */
  get exited(): boolean {
    return this.#exitCode !== undefined
  }

  /** The last lines of its log, for an error message. */
  logTail(lines = 30): string {
    try {
      return readFileSync(this.logFile, 'utf8').split('\n').slice(-lines).join('\n')
    } catch {
      return ''
    }
  }

  /** SIGTERM, then SIGKILL after `graceMs`; resolves when it has exited. */
  async stop(graceMs = 5000): Promise<void> {
    if (this.exited || this.#child.pid === undefined) return
    this.#child.kill('SIGTERM')
    const timer = setTimeout(() => this.#child.kill('SIGKILL'), graceMs)
    await this.#exited
    clearTimeout(timer)
  }

  /** SIGKILL at once, as a crash would end it. */
  async kill(): Promise<void> {
    if (this.exited || this.#child.pid === undefined) return
    this.#child.kill('SIGKILL')
    await this.#exited
  }
}

/**
 * Polls `ready` until it resolves true, failing with the process's log tail when the process
 * exits first or `timeoutMs` passes.
 */
export async function waitUntilReady(
  process: ControlPlaneProcess,
  ready: () => Promise<boolean>,
  timeoutMs: number
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (process.exited) {
      throw new Error(`${process.name} exited before it was ready:\n${process.logTail()}`)
    }
    if (await ready().catch(() => false)) return
    if (Date.now() > deadline) {
      throw new Error(`${process.name} not ready after ${timeoutMs} ms:\n${process.logTail()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
