/**
 * The servers under test, each in its own process: the real extender (`node dist/main.js`) and
 * the floor server. The load client stays in the driver process.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { get } from 'node:http'
import { createServer, type AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { setTimeout as delay } from 'node:timers/promises'
import { NODE_FLAGS } from '../src/config/node-flags.js'

const EXTENDER_MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url))
const FLOOR_MAIN = fileURLToPath(new URL('./floor-server.js', import.meta.url))
const MEMORY_PROBE = new URL('./memory-probe.js', import.meta.url).href

/** What the memory probe reports: bytes, after a forced full GC. */
export interface MemorySample {
  readonly gcForced: boolean
  readonly rss: number
  readonly heapUsed: number
  readonly heapTotal: number
  readonly external: number
  readonly maxRss: number
}

export interface ServiceProcess {
  readonly port: number
  readonly pid: number | undefined
  /** Lines of stderr that were warnings or errors, or not JSON. */
  readonly complaints: string[]
  /** Forces a GC in the process and reads its memory (extender processes only). */
  memory(): Promise<MemorySample>
  /** SIGTERM (SIGKILL after 15 s), then the exit code or signal. */
  stop(): Promise<number | string>
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** GET on 127.0.0.1; status 0 when nothing answers. */
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
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      if (code !== 0 && signal !== 'SIGTERM') complaints.push(`${name} exited: ${code ?? signal}`)
      resolve(code ?? signal ?? 'unknown')
    })
  )
  let buffer = ''
  child.stderr?.setEncoding('utf8')
  child.stderr?.on('data', (chunk: string) => {
    const lines = (buffer + chunk).split('\n')
    buffer = lines.pop() ?? ''
    for (const line of lines) {
      let record: { msg?: unknown; level?: unknown } | null = null
      try {
        record = JSON.parse(line) as { msg?: unknown; level?: unknown }
      } catch {
        // not JSON: kept below
      }
      if (record?.msg === 'bench-memory') memoryWaiters.shift()?.(record as unknown as MemorySample)
      else if (record === null || record.level === 'warn' || record.level === 'error') {
        complaints.push(`${name}: ${line.slice(0, 500)}`)
      }
    }
  })
  return {
    port,
    pid: child.pid,
    complaints,
    memory: () => {
      const sample = new Promise<MemorySample>((resolve) => memoryWaiters.push(resolve))
      child.kill('SIGUSR2')
      const timeout = delay(30_000).then(() => {
        throw new Error(`${name} did not report its memory`)
      })
      return Promise.race([sample, timeout])
    },
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      const forced = setTimeout(() => child.kill('SIGKILL'), 15_000).unref()
      return exited.finally(() => clearTimeout(forced))
    },
  }
}

/** Spawns `argv` with `--port <free port>` appended and waits until `path` answers as accepted. */
async function start(
  name: string,
  argv: string[],
  path: string,
  accept: (s: number) => boolean,
  env: Readonly<Record<string, string>> = {}
) {
  const port = await freePort()
  const child = spawn(process.execPath, [...argv, '--port', String(port)], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  const service = supervise(name, child, port)
  for (const deadline = performance.now() + 120_000; ;) {
    const { status, body } = await getStatus(port, path)
    if (accept(status)) return service
    if (performance.now() > deadline) {
      await service.stop()
      const why = [`last answer ${status} ${body.slice(0, 300)}`, ...service.complaints]
      throw new Error(`${name}: ${path} not answered in time: ${why.join('; ')}`)
    }
    await delay(status === 0 ? 25 : 100)
  }
}

/**
 * Starts the real extender (this checkout's build, or `main`) with --log-level warn, which also
 * silences its "listening" line, so the port is chosen here; waits for /readyz. The memory probe
 * is preloaded; it only listens for SIGUSR2. `comparisonOperators: false` leaves the feature
 * gate at its default (off), as a deployment runs it.
 */
export function startExtender(
  args: string[],
  main = EXTENDER_MAIN,
  options: { comparisonOperators: boolean; env?: Readonly<Record<string, string>> } = {
    comparisonOperators: true,
  }
): Promise<ServiceProcess> {
  const argv = [...NODE_FLAGS, '--import', MEMORY_PROBE, main, ...args, '--max-body', '512mb']
  // The bench's pods carry Gt/Lt tolerations, judged by the reference with the gate on.
  if (options.comparisonOperators)
    argv.push('--feature-gates', 'TaintTolerationComparisonOperators=true')
  argv.push('--host', '127.0.0.1', '--log-level', 'warn')
  return start('extender', argv, '/readyz', (status) => status === 200, options.env)
}

export function startFloor(): Promise<ServiceProcess> {
  return start('floor', [FLOOR_MAIN], '/', (status) => status !== 0)
}
