/**
 * The real extender process, `node dist/main.js`, in node-cache mode against the fake API
 * server. With --port 0 and --log-level warn it prints no port, so the port is read from the
 * kernel: the listening TCP socket among the child's file descriptors (Linux /proc).
 */
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { setTimeout as delay } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { NODE_FLAGS } from '../../src/config/node-flags.js'

/** dist-bench/bench/soak/ → the repository root's dist/main.js. */
const MAIN = fileURLToPath(new URL('../../../dist/main.js', import.meta.url))

export interface ExtenderProcess {
  readonly url: string
  readonly pid: number
  /** Every stderr line (warn and error JSON lines at --log-level warn). */
  readonly logs: string[]
  /** Resolves with the exit code (or the signal name) once the process has ended. */
  readonly exited: Promise<number | string>
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | string>
}

export async function startExtender(kubeconfig: string): Promise<ExtenderProcess> {
  const args = [
    ...NODE_FLAGS,
    MAIN,
    '--kubeconfig',
    kubeconfig,
    '--port',
    '0',
    '--host',
    '127.0.0.1',
    // The soak's pods carry Gt/Lt tolerations and its reference judges them with the gate on.
    '--feature-gates',
    'TaintTolerationComparisonOperators=true',
  ]
  const child = spawn(process.execPath, [...args, '--log-level', 'warn'], {
    env: { PATH: process.env.PATH ?? '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  const logs: string[] = []
  let partial = ''
  child.stderr.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n')
    partial = lines.pop() ?? ''
    logs.push(...lines)
  })
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'))
  )
  let ended: number | string | undefined
  void exited.then((code) => (ended = code))
  const pid = child.pid
  if (pid === undefined) throw new Error('soak: the extender did not start')
  const deadline = Date.now() + 30_000
  let port: number | null = null
  while (port === null) {
    if (ended !== undefined)
      throw new Error(`soak: extender exited with ${ended}: ${logs.join('\n')}`)
    if (Date.now() > deadline) throw new Error('soak: the extender did not listen within 30 s')
    await delay(50)
    port = listeningPort(pid)
  }
  const url = `http://127.0.0.1:${port}`
  while ((await fetch(`${url}/readyz`).catch(() => null))?.status !== 200) {
    if (ended !== undefined) throw new Error(`soak: extender exited with ${ended}`)
    if (Date.now() > deadline) throw new Error('soak: the extender was not ready within 30 s')
    await delay(100)
  }
  return {
    url,
    pid,
    logs,
    exited,
    stop: () => {
      if (ended === undefined) child.kill('SIGTERM')
      return exited
    },
  }
}

/** The port of the TCP socket `pid` listens on, or null while it listens on none. */
function listeningPort(pid: number): number | null {
  const inodes = new Set<string>()
  let fds: string[]
  try {
    fds = readdirSync(`/proc/${pid}/fd`)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' && process.platform !== 'linux') {
      throw new Error('soak: finding the port of `--port 0` needs Linux /proc', { cause: err })
    }
    return null
  }
  for (const fd of fds) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`)
      const match = /^socket:\[(\d+)\]$/.exec(target)
      if (match?.[1] !== undefined) inodes.add(match[1])
    } catch {
      // The descriptor closed meanwhile.
    }
  }
  for (const table of ['tcp', 'tcp6']) {
    let text: string
    try {
      text = readFileSync(`/proc/${pid}/net/${table}`, 'utf8')
    } catch {
      continue
    }
    for (const line of text.split('\n').slice(1)) {
      // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
      const fields = line.trim().split(/\s+/)
      const [, local, , state] = fields
      if (state === '0A' && inodes.has(fields[9] ?? '') && local !== undefined) {
        return Number.parseInt(local.split(':')[1] ?? '', 16)
      }
    }
  }
  return null
}
