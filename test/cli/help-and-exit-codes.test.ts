import { describe, expect, it } from 'vitest'
import { FLAGS } from '../../src/config/flags.js'
import { kubeconfigFor } from '../support/kubeconfig-for.js'
import { cli } from './run-cli.js'
import { FIXTURES, runTool } from './run-tool.js'

/**
 * The shipped command line (`node dist/cli.js`): every command's help, how to reach it, and exit
 * statuses that tell bad usage (2) from a cluster that cannot be read (3).
 */
const POD = `${FIXTURES}pod-web.yaml`

/** Every `--flag` and `-x` a help text names in its Flags section. */
function flagsNamed(help: string): string[] {
  const section = /\nFlags[^\n]*:\n([\s\S]*?)\n\n/.exec(help)?.[1] ?? ''
  return [...section.matchAll(/^ {2}(?:(-\w), )?(--[\w-]+)/gm)].flatMap((m) =>
    [m[1], m[2]].filter((f): f is string => f !== undefined)
  )
}

describe('help', () => {
  it('taint-extender help names every command, with examples and the exit statuses', () => {
    const result = cli(['help'])
    expect(result.code).toBe(0)
    for (const command of ['serve', 'explain', 'forecast', 'version', 'completion', 'help']) {
      expect(result.stdout).toContain(`taint-extender ${command}`)
    }
    expect(result.stdout).toContain('Examples:\n')
    expect(result.stdout).toContain('  3  the cluster could not be read')
  })

  it.each([
    ['explain', 'Usage: taint-extender explain (POD [-n NAMESPACE] | --pod FILE|- | --pending'],
    ['forecast', 'Usage: taint-extender forecast --taint KEY[=VALUE]:EFFECT'],
    ['serve', 'Usage: taint-extender serve [flags]'],
    ['version', 'Usage: taint-extender version [-o json|yaml]'],
    ['completion', 'Usage: taint-extender completion bash|zsh'],
  ])(
    '%s: help COMMAND, COMMAND --help and COMMAND -h print the same usage with examples, exit 0',
    (command, usage) => {
      const texts = [
        ['help', command],
        [command, '--help'],
        [command, '-h'],
      ].map((args) => {
        const result = cli(args)
        expect([args, result.code, result.stderr]).toEqual([args, 0, ''])
        return result.stdout
      })
      expect(new Set(texts).size).toBe(1)
      expect(texts[0]?.startsWith(usage)).toBe(true)
      expect(texts[0]).toContain('\nExamples:\n')
    }
  )

  it('--help and -h without a command give the overview, as help does', () => {
    for (const args of [['--help'], ['-h']]) {
      expect(cli(args)).toEqual({ code: 0, stdout: cli(['help']).stdout, stderr: '' })
    }
  })

  it('serve --help lists every flag the server parses, then --version', () => {
    const result = cli(['serve', '--help'])
    expect(result.code).toBe(0)
    expect(flagsNamed(result.stdout)).toEqual([
      ...FLAGS.flatMap((f) => (f.short === undefined ? [] : [`-${f.short}`]).concat(`--${f.name}`)),
      '--version',
    ])
  })

  it('the server’s own entry point takes -h as --help', () => {
    const script = new URL('../../dist/main.js', import.meta.url).pathname
    for (const args of [['-h'], ['serve', '-h']]) {
      expect(cli(args, {}, { script })).toEqual({
        code: 0,
        stdout: cli(['serve', '--help']).stdout,
        stderr: '',
      })
    }
  })

  it.each(['serve', 'explain', 'forecast', 'version', 'completion'])(
    '%s --help names -h, --help and --version, which every command takes',
    (command) => {
      expect(flagsNamed(cli([command, '--help']).stdout)).toEqual(
        expect.arrayContaining(['-h', '--help', '--version'])
      )
    }
  )

  it.each(['explain', 'forecast', 'version', 'completion'])(
    '%s --help has every flag’s description in one column',
    (command) => {
      const section = /\nFlags:\n([\s\S]*?)\n\n/.exec(cli([command, '--help']).stdout)?.[1] ?? ''
      const columns = section
        .split('\n')
        .map((line) => /^( {2}-\S.*? {2,}| {3,})\S/.exec(line)?.[1]?.length)
        .filter((column) => column !== undefined)
      expect(new Set(columns)).toEqual(new Set([28]))
    }
  )

  it.each([
    ['help --help', ['help', '--help']],
    ['help -h', ['help', '-h']],
  ])('%s is help’s own help, the overview, exit 0', (_name, args) => {
    expect(cli(args)).toEqual({ code: 0, stdout: cli(['help']).stdout, stderr: '' })
  })

  it('help --version prints the version, as every command’s --version does', () => {
    expect(cli(['help', '--version'])).toEqual(cli(['version']))
  })

  it.each(['explain', 'forecast'] as const)(
    '%s accepts every flag its help names',
    async (command) => {
      const named = flagsNamed(cli(['help', command]).stdout)
      expect(named.length).toBeGreaterThan(6)
      for (const flag of named.filter((f) => f !== '--help' && f !== '-h')) {
        const result = await runTool(command, [flag, 'x'])
        expect([flag, result.stderr]).not.toEqual([flag, expect.stringContaining('unknown flag')])
      }
    }
  )
})

describe('exit statuses', () => {
  it.each([
    ['an unknown command', ['deploy'], /unknown command "deploy"; taint-extender help/],
    ['help on an unknown command', ['help', 'deploy'], /no command "deploy"/],
    ['an unknown flag of explain', ['explain', '--podz', POD], /unknown flag --podz/],
    [
      'a file that is not there',
      ['explain', '--pod', '/nowhere.yaml'],
      /cannot read --pod \/nowhere\.yaml: no such file/,
    ],
    ['an unknown server flag', ['--prot', '8080'], /--prot/],
  ])('2 for %s, with a message naming it', (_name, args, message) => {
    const result = cli(args)
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(message)
  })

  it('3 when the cluster cannot be reached, naming the API server', () => {
    const kubeconfig = kubeconfigFor('http://127.0.0.1:1')
    const result = cli(['explain', '--pod', POD, '--kubeconfig', kubeconfig])
    expect(result.code).toBe(3)
    expect(result.stderr).toBe(
      'taint-extender explain: cannot reach the API server at http://127.0.0.1:1: connection refused\n'
    )
  })
})

describe('a bare taint-extender', () => {
  it('prints the overview on stderr and exits 2, as a usage error, rather than serve', () => {
    const result = cli([], { PORT: '0', HOST: '127.0.0.1' })
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toContain(cli(['help']).stdout)
    expect(result.stderr).toMatch(
      /no command given \(to run the extender: taint-extender serve\)\n$/
    )
  })
})
