import { execFileSync, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { load } from 'js-yaml'
import { describe, expect, it } from 'vitest'
import { CLI, cli, MAIN } from './run-cli.js'

/**
 * The commands besides the tools, through the built executable: version and --version on every
 * command, and how the server is started (serve, flags alone, dist/main.js [serve]).
 */

const VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string
  }
).version

/** The commit of this checkout, which the build wrote to dist/build-info.json. */
function headCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim()
  } catch {
    return 'unknown'
  }
}

describe('taint-extender version', () => {
  const expected = { version: VERSION, commit: headCommit(), node: process.version }

  it('prints the version, the commit it was built from and Node.js’s version, exit 0', () => {
    expect(cli(['version'])).toEqual({
      code: 0,
      stdout: `taint-extender ${VERSION}\ncommit: ${expected.commit}\nnode: ${process.version}\n`,
      stderr: '',
    })
  })

  it.each([
    ['json', JSON.parse],
    ['yaml', load],
  ] as const)('-o %s gives the same three as a document', (format, parse) => {
    const result = cli(['version', '-o', format])
    expect(result.code).toBe(0)
    expect(parse(result.stdout)).toEqual(expected)
  })

  it('refuses another output format with exit 2', () => {
    const result = cli(['version', '-o', 'table'])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/^taint-extender version: -o table: not an output format/)
  })

  it.each([
    [['--version']],
    [['serve', '--version']],
    [['--port', '8080', '--version']],
    [['explain', '--version']],
    [['explain', 'web-0', '-n', 'shop', '--version']],
    [['forecast', '--version']],
    [['completion', '--version']],
    [['version', '--version']],
  ])('%j prints the same and exits 0 without doing anything else', (args) => {
    expect(cli(args)).toEqual(cli(['version']))
  })

  it.each([[['--version']], [['serve', '--version']]])(
    'node dist/main.js %j prints it too',
    (args) => {
      expect(cli(args, {}, { script: MAIN })).toEqual(cli(['version']))
    }
  )
})

/** Starts `node SCRIPT ARGS` and resolves with its "started" log line, then stops it. */
async function startedLine(script: string, args: string[]): Promise<Record<string, unknown>> {
  const child = spawn(process.execPath, [script, ...args], {
    env: { PATH: process.env.PATH ?? '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  try {
    return await new Promise((resolve, reject) => {
      let stderr = ''
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)))
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString()
        const line = stderr.split('\n').find((l) => l.includes('"taint-extender started"'))
        if (line !== undefined) resolve(JSON.parse(line) as Record<string, unknown>)
      })
    })
  } finally {
    child.kill('SIGKILL')
  }
}

describe('starting the server', () => {
  const flags = ['--host', '127.0.0.1', '--port', '0', '--disable-node-cache']

  it.each([
    ['taint-extender serve FLAGS', CLI, ['serve', ...flags]],
    [
      'taint-extender FLAGS (flags alone are serve’s, as a Deployment’s args: give them)',
      CLI,
      flags,
    ],
    ['node dist/main.js serve FLAGS, as its help says', MAIN, ['serve', ...flags]],
    ['node dist/main.js FLAGS', MAIN, flags],
  ])('%s serves, logging its version and commit', async (_name, script, args) => {
    const line = await startedLine(script, args)
    expect(line).toMatchObject({ version: VERSION, commit: headCommit(), port: expect.any(Number) })
  })

  it('node dist/main.js serve --help prints the serve help, exit 0', () => {
    const result = cli(['serve', '--help'], {}, { script: MAIN })
    expect(result.code).toBe(0)
    expect(result.stdout).toBe(cli(['serve', '--help']).stdout)
    expect(result.stdout).toMatch(/^Usage: taint-extender serve \[flags\]\n/)
  })

  it('serve with a stray argument is refused with exit 2, not served', () => {
    const result = cli(['serve', 'now'])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(
      'taint-extender: unexpected argument "now"; see taint-extender serve --help\n'
    )
  })
})
