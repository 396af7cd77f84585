import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export interface ServiceProcess {
  readonly child: ChildProcess
  readonly port: number
  /** The plain-HTTP operations port when started with --probe-port, else null. */
  readonly probePort: number | null
  /** Every stderr line, parsed when it is JSON. */
  readonly logs: Record<string, unknown>[]
  exited: Promise<number | null>
}

const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url))

/**
 * Starts `node [nodeFlags] dist/main.js` with the given flags and resolves once it has started,
 * i.e. its servers are listening (the 'taint-extender started' line names their ports).
 */
export async function startService(
  args: string[],
  env: Record<string, string> = {},
  nodeFlags: readonly string[] = []
): Promise<ServiceProcess> {
  const child = spawn(process.execPath, [...nodeFlags, MAIN, '--host', '127.0.0.1', ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const logs: Record<string, unknown>[] = []
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code))
  )
  const ports = await new Promise<{ port: number; probePort: number | null }>((resolve, reject) => {
    let buffer = ''
    child.stderr?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8')
      let newline: number
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline)
        buffer = buffer.slice(newline + 1)
        try {
          const record = JSON.parse(line) as Record<string, unknown>
          logs.push(record)
          if (record.msg === 'taint-extender started') {
            const probePort = record.probePort == null ? null : Number(record.probePort)
            resolve({ port: Number(record.port), probePort })
          }
        } catch {
          logs.push({ text: line })
        }
      }
    })
    void exited.then((code) => reject(new Error(`service exited with ${code} before listening`)))
  })
  return { child, ...ports, logs, exited }
}
