import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { NODE_FLAGS } from '../../src/config/index.js'

/** What `serve` logged up to its start, and the process tree serving. */
interface Served {
  readonly log: string
  /** The process the installed command started, and the Node.js its command line runs. */
  readonly bin: ReturnType<typeof spawn>
  readonly serverPid: number
  readonly serverCommandLine: readonly string[]
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/** The children of a process, as Linux lists them (one thread's children: Node.js forks from its main thread). */
function childrenOf(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .split(' ')
    .filter((word) => word !== '')
    .map(Number)
}

/** Whether process `pid` has ended (or is a zombie awaiting its reaper) within `ms`. */
async function endsWithin(pid: number, ms: number): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
    const status = existsSync(`/proc/${pid}/status`) ? readFileSync(`/proc/${pid}/status`, 'utf8') : ''
    if (status === '' || /^State:\s+Z/m.test(status)) return true
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return false
}

/** Starts an installed executable's `serve` and waits for its "taint-extender started" line. */
function serve(executable: string, args: readonly string[]): Promise<Served> {
  // No kubeconfig and no in-cluster variables: it serves full-node requests, reading no cluster.
  const bin = spawn(executable, ['serve', ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent' },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    bin.on('exit', (code, signal) => resolve({ code, signal }))
  )
  let log = ''
  let started = false
  return new Promise((resolve, reject) => {
    bin.stderr?.on('data', (chunk: Buffer) => {
      // Read the process tree once, at the start line: later lines (the shutdown's) come while
      // the processes end, when /proc no longer has them.
      if (started) return
      log += chunk.toString()
      if (!log.includes('"taint-extender started"')) return
      started = true
      // No child: the command serves itself, and its own command line is the one to read.
      const [serverPid = bin.pid ?? 0] = childrenOf(bin.pid ?? 0)
      const serverCommandLine = readFileSync(`/proc/${serverPid}/cmdline`, 'utf8')
        .split('\0')
        .slice(0, -1)
      resolve({ log, bin, serverPid, serverCommandLine, exited })
    })
    void exited.then(({ code }) => reject(new Error(`serve exited ${code} before it started:\n${log}`)))
  })
}

/**
 * The npm package as users get it: `npm pack` of the built tree (package.json's `files` decides
 * what goes in), then `npm install -g` of that tarball into a folder of its own, and its three
 * executables run from there. Installing prefers npm's cache, which `npm ci` has just filled.
 */
const root = fileURLToPath(new URL('../..', import.meta.url))
const VERSION = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string })
  .version

function npm(args: readonly string[]): string {
  return execFileSync('npm', args, { cwd: root, encoding: 'utf8', stdio: 'pipe' })
}

describe('the npm package', () => {
  const dir = mkdtempSync(join(tmpdir(), 'taint-extender-package-'))
  const prefix = join(dir, 'prefix')
  let files: string[] = []

  beforeAll(() => {
    const tarball = npm(['pack', '--ignore-scripts', '--pack-destination', dir, '--silent']).trim()
    files = execFileSync('tar', ['-tzf', join(dir, tarball)], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => line.replace(/^package\//, ''))
    npm([
      'install',
      '--global',
      '--prefix',
      prefix,
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      join(dir, tarball),
    ])
  }, 180_000)

  const run = (name: string, args: readonly string[]): string =>
    execFileSync(join(prefix, 'bin', name), args, { encoding: 'utf8', stdio: 'pipe' })

  it('holds the executables, the build info, README, LICENSE and the changelog', () => {
    for (const file of [
      'dist/cli.js',
      'dist/main.js',
      'dist/kubectl-complete.js',
      'dist/build-info.json',
      'README.md',
      'LICENSE',
      'CHANGELOG.md',
      'package.json',
    ]) {
      expect(files).toContain(file)
    }
  })

  it('holds nothing that does not run: no sources, tests, benchmarks, charts, manifests or maps', () => {
    const strays = files.filter((file) =>
      /^(src|test|bench|charts|deploy|scripts|docs)\/|\.map$|\.test\.|\.ts$/.test(file)
    )
    expect(strays).toEqual([])
  })

  it('installs globally with its production dependencies only', () => {
    const installed = join(prefix, 'lib', 'node_modules', 'taint-extender')
    expect(existsSync(join(installed, 'node_modules', 'express'))).toBe(true)
    expect(existsSync(join(installed, 'node_modules', 'vitest'))).toBe(false)
    expect(existsSync(join(installed, 'node_modules', 'typescript'))).toBe(false)
  })

  it('runs as taint-extender and as the kubectl plugin, naming its version', () => {
    expect(run('taint-extender', ['version'])).toMatch(new RegExp(`^taint-extender ${VERSION}\n`))
    expect(run('kubectl-taint_extender', ['--version'])).toMatch(
      new RegExp(`^taint-extender ${VERSION}\n`)
    )
  })

  it('answers kubectl’s plugin completion from the installed completion executable', () => {
    expect(run('kubectl_complete-taint_extender', ['forecast', '--out']).split('\n')).toEqual([
      '--output',
      ':4',
      '',
    ])
  })

  it('serves from the installed command with the Node.js flags npm start gives, warning of nothing, and ends with the server on SIGTERM, status 0', async () => {
    const args = ['--port', '0', '--host', '127.0.0.1', '--shutdown-delay-seconds', '0']
    const served = await serve(join(prefix, 'bin', 'taint-extender'), args)
    try {
      const [node, ...rest] = served.serverCommandLine
      expect(node).toBe(process.execPath)
      expect(rest.slice(0, NODE_FLAGS.length)).toEqual([...NODE_FLAGS])
      expect(rest.slice(NODE_FLAGS.length + 1)).toEqual(['serve', ...args])
      expect(served.log).not.toMatch(/"level":"warn"/)
    } finally {
      served.bin.kill('SIGTERM')
    }
    expect(await served.exited).toEqual({ code: 0, signal: null })
    expect(existsSync(`/proc/${served.serverPid}`)).toBe(false)
  }, 60_000)

  it('stops the server, draining, when the installed command is killed by a signal it cannot pass on', async () => {
    const args = ['--port', '0', '--host', '127.0.0.1', '--shutdown-delay-seconds', '0']
    const served = await serve(join(prefix, 'bin', 'taint-extender'), args)
    expect(served.serverPid).not.toBe(served.bin.pid)
    served.bin.kill('SIGKILL')
    await served.exited
    expect(await endsWithin(served.serverPid, 10_000)).toBe(true)
  }, 60_000)

  it('passes the server’s exit status back: a bad flag exits 2 with the server’s words', () => {
    const result = spawnSync(join(prefix, 'bin', 'taint-extender'), ['serve', '--port', 'x'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent' },
    })
    expect(result.status).toBe(2)
    expect(result.stderr).toMatch(/^taint-extender: --port/)
  })
})
