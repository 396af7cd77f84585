/**
 * One measured process: its wall time and peak resident size as GNU time reports them (`%e`,
 * `%M`: wait4's ru_maxrss, the child's own high-water mark, since time's tiny image is what is
 * forked), and its stdout.
 */
import { spawn } from 'node:child_process'

export interface Timed {
  readonly wallSeconds: number
  readonly maxRssMiB: number
  readonly code: number
  readonly stdout: string
}

const MARK = 'bench-time'

export function timed(command: string, args: readonly string[]): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/time', ['-f', `${MARK} %e %M`, command, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
    child.on('error', reject)
    child.on('close', (code) => {
      const stderr = Buffer.concat(err).toString('utf8')
      const line = stderr.split('\n').find((l) => l.startsWith(MARK))
      const [, wall, rssKiB] = line?.split(' ') ?? []
      if (wall === undefined || rssKiB === undefined) {
        reject(new Error(`${command} ${args.join(' ')}: no timing (stderr: ${stderr.slice(-500)})`))
        return
      }
      const stdout = Buffer.concat(out).toString('utf8')
      resolve({
        wallSeconds: Number(wall),
        maxRssMiB: Math.round(Number(rssKiB) / 1024),
        code: code ?? -1,
        stdout,
      })
    })
  })
}
