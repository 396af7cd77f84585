/**
 * The servers under test, each in its own process: the real extender (`node dist/main.js`) and
 * the floor server. The load client stays in the driver process.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, openSync } from 'node:fs'
import { get } from 'node:http'
import { createServer, type AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { setTimeout as delay } from 'node:timers/promises'
import { NODE_FLAGS } from '../src/config/node-flags.js'

const EXTENDER_MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url))
const FLOOR_MAIN = fileURLToPath(new URL('./floor-server.js', import.meta.url))
const MEMORY_PROBE = new URL('./memory-probe.js', import.meta.url).href
/** Preloaded in place of the memory probe by bench/tail.ts (see tail-probe.ts). */
export const TAIL_PROBE = new URL('./tail-probe.js', import.meta.url).href

/** What the memory probe reports: bytes, after a forced full GC. */
export interface MemorySample {
  readonly gcForced: boolean
  readonly rss: number
  readonly heapUsed: number
  readonly heapTotal: number
  readonly external: number
  readonly arrayBuffers: number
  readonly maxRss: number
}

export interface ServiceProcess {
  readonly name: string
  readonly port: number
  readonly pid: number
  /** Lines of stderr that were warnings or errors, or not JSON. */
  readonly complaints: string[]
  /** Forces a GC in the process and reads its memory (extender processes only). */
  memory(): Promise<MemorySample>
  /** Sends the process a signal (a preloaded probe's cue). */
  signal(name: NodeJS.Signals): void
  stop(): Promise<number | null>
}

export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** GET on 127.0.0.1; resolves with the status (0 when nothing answers). */
export function getStatus(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const req = get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', () => resolve({ status: 0, body: '' }))
  })
}

function supervise(name: string, child: ChildProcess, port: number): ServiceProcess {
  const complaints: string[] = []
  const memoryWaiters: ((sample: MemorySample) => void)[] = []
  let exitCode: number | null | undefined
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      exitCode = code
      if (code !== 0 && signal !== 'SIGTERM') complaints.push(`${name} exited: ${code ?? signal}`)
      resolve(code)
    })
  )
  let buffer = ''
  child.stderr?.setEncoding('utf8')
  child.stderr?.on('data', (chunk: string) => {
    buffer += chunk
    for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
      const line = buffer.slice(0, nl)
      buffer = buffer.slice(nl + 1)
      let record: { msg?: unknown; level?: unknown } | null = null
      try {
        record = JSON.parse(line) as { msg?: unknown; level?: unknown }
      } catch {
        // not JSON: kept below
      }
      if (record?.msg === 'bench-memory') memoryWaiters.shift()?.(record as unknown as MemorySample)
      else if (record?.msg === 'listening') continue
      else if (record === null || record.level === 'warn' || record.level === 'error') {
        complaints.push(`${name}: ${line.slice(0, 500)}`)
      }
    }
  })
  return {
    name,
    port,
    pid: child.pid ?? -1,
    complaints,
    memory: async () => {
      const sample = new Promise<MemorySample>((resolve) => memoryWaiters.push(resolve))
      child.kill('SIGUSR2')
      const timeout = delay(30_000).then(() => {
        throw new Error(`${name} did not report its memory`)
      })
      return Promise.race([sample, timeout])
    },
    signal: (signalName) => {
      child.kill(signalName)
    },
    stop: async () => {
      if (exitCode !== undefined) return exitCode
      child.kill('SIGTERM')
      const forced = delay(15_000).then(() => {
        child.kill('SIGKILL')
        return exited
      })
      return Promise.race([exited, forced])
    },
  }
}

async function waitFor(
  service: ServiceProcess,
  path: string,
  timeoutMs: number,
  accept: (status: number) => boolean = (status) => status === 200
): Promise<number> {
  const start = performance.now()
  for (;;) {
    const { status, body } = await getStatus(service.port, path)
    if (accept(status)) return performance.now() - start
    if (performance.now() - start > timeoutMs) {
      await service.stop()
      const why = [`last answer ${status} ${body.slice(0, 300)}`, ...service.complaints]
      throw new Error(
        `${service.name}: ${path} not answered within ${timeoutMs} ms: ${why.join('; ')}`
      )
    }
    await delay(status === 0 ? 25 : 100)
  }
}

export interface StartedExtender {
  readonly service: ServiceProcess
  /** From spawn to /readyz 200 (includes the first list of nodes in node-cache mode). */
  readonly readyMs: number
}

export interface ExtenderProcessOptions {
  /** The module preloaded with --import; the memory probe unless given. */
  readonly preload?: string
  /** Environment variables beside PATH. */
  readonly env?: Readonly<Record<string, string>>
  /** Node.js or V8 flags after NODE_FLAGS, for an A/B run (a `--no-` flag overrides main's). */
  readonly extraNodeFlags?: readonly string[]
  /** The extender's main.js: this checkout's build unless given (bench:ab's baseline). */
  readonly main?: string
  /**
   * A file the extender's stdout is appended to (its log lines, and what a `--trace-gc` among
   * extraNodeFlags prints); discarded unless given.
   */
  readonly stdoutFile?: string
}

/**
 * Starts the real extender with --log-level warn (which also silences its "listening" line, so
 * the port is chosen here) and waits for /readyz. The memory probe is preloaded unless
 * `options.preload` names another.
 */
export async function startExtender(
  args: string[],
  readyTimeoutMs = 120_000,
  options: ExtenderProcessOptions = {}
): Promise<StartedExtender> {
  const port = await freePort()
  const stdout = options.stdoutFile === undefined ? 'ignore' : openSync(options.stdoutFile, 'a')
  const start = performance.now()
  const child = spawn(
    process.execPath,
    [
      ...NODE_FLAGS,
      ...(options.extraNodeFlags ?? []),
      '--import',
      options.preload ?? MEMORY_PROBE,
      options.main ?? EXTENDER_MAIN,
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--log-level',
      'warn',
      '--max-body',
      '512mb',
      // The bench's pods carry Gt/Lt tolerations, judged by the reference with the gate on.
      '--feature-gates',
      'TaintTolerationComparisonOperators=true',
      ...args,
    ],
    {
      env: { PATH: process.env.PATH ?? '', ...options.env },
      stdio: ['ignore', stdout, 'pipe'],
    }
  )
  // The child has its own copy of the descriptor.
  if (typeof stdout === 'number') closeSync(stdout)
  const service = supervise('extender', child, port)
  await waitFor(service, '/readyz', readyTimeoutMs)
  return { service, readyMs: performance.now() - start }
}

export async function startFloor(): Promise<ServiceProcess> {
  const port = await freePort()
  const child = spawn(process.execPath, [FLOOR_MAIN, String(port)], {
    env: { PATH: process.env.PATH ?? '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  const service = supervise('floor', child, port)
  await waitFor(service, '/', 10_000, (status) => status !== 0)
  return service
}
