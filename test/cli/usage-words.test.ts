import { mkdtempSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { suggestionsFor } from '../../src/config/index.js'
import { CLI, cli } from './run-cli.js'
import { FIXTURES } from './run-tool.js'

/**
 * How the shipped executable words a command line it cannot run: cobra's "Did you mean this?"
 * for a mistyped command or flag, the pointer to --help only where the command line is what is
 * wrong, and help naming the form it was called by (kubectl's plugin name).
 */
const FILES = ['--nodes', `${FIXTURES}nodes.yaml`, '--pods', `${FIXTURES}pods.yaml`]

describe('suggestions, by cobra SuggestionsFor', () => {
  it.each([
    ['a transposition is distance 2', 'explian', ['explain']],
    ['a dropped letter is distance 1', 'forcast', ['forecast']],
    ['a prefix is offered whatever its distance', 'comp', ['completion']],
    ['case is ignored', 'EXPLAIN', ['explain']],
    ['three edits away and no prefix offers nothing', 'deploy', []],
    ['every close candidate is offered, in the candidates order', 'serv', ['serve']],
  ])('%s: %s', (_name, typed, expected) => {
    const commands = ['serve', 'explain', 'forecast', 'version', 'completion']
    expect(suggestionsFor(typed, commands)).toEqual(expected)
  })

  it('a mistyped command exits 2 with cobra "Did you mean this?" block after the error', () => {
    const result = cli(['explian', 'web-0'])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(
      'taint-extender: unknown command "explian"; taint-extender help lists them\n\nDid you mean this?\n\texplain\n\n'
    )
  })

  it('a mistyped flag names the flags of its command close to it, then points at the help', () => {
    const result = cli(['explain', '--pdo', 'pod.yaml'])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(
      "taint-extender explain: unknown flag --pdo\n\nDid you mean this?\n\t--pod\n\t--pods\n\t--pdbs\n\nRun 'taint-extender explain --help' for its flags.\n"
    )
  })

  it('a mistyped serve flag keeps the pointer to serve --help on its line, the suggestion after', () => {
    const result = cli(['serve', '--prot', '8080'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(
      'unknown flag --prot; see taint-extender serve --help\n\nDid you mean this?\n\t--port\n'
    )
  })

  it('a flag far from every flag gets no suggestion block', () => {
    expect(cli(['forecast', '--zzzzzz']).stderr).not.toContain('Did you mean')
  })
})

describe('the pointer to --help', () => {
  it.each([
    ['a node that is not there', ['--taint', 'k=v:NoSchedule', '--node', 'gone', ...FILES]],
    [
      'a file that cannot be read',
      ['--taint', 'k=v:NoSchedule', '--node', 'a', '--nodes', '/nowhere.yaml'],
    ],
  ])('is not given for %s, which the help cannot answer', (_name, args) => {
    const result = cli(['forecast', ...args])
    expect(result.code).toBe(2)
    expect(result.stderr.split('\n').length).toBe(2)
    expect(result.stderr).not.toContain('--help')
  })

  it('is given for a flag given twice, a command line mistake', () => {
    const result = cli(['forecast', '--taint', 'a:NoSchedule', '--taint', 'b:NoSchedule'])
    expect(result.stderr).toContain("\nRun 'taint-extender forecast --help' for its flags.\n")
  })
})

describe('run by kubectl as the plugin kubectl-taint_extender', () => {
  const dir = mkdtempSync(join(tmpdir(), 'taint-extender-plugin-'))
  const plugin = join(dir, 'kubectl-taint_extender')
  symlinkSync(CLI, plugin)

  it.each([['explain'], ['forecast'], ['serve'], ['version'], ['completion']])(
    '%s --help names the form typed, kubectl taint-extender, in its usage and examples',
    (command) => {
      const result = cli([command, '--help'], {}, { script: plugin })
      expect(result.code).toBe(0)
      expect(result.stdout.startsWith(`Usage: kubectl taint-extender ${command}`)).toBe(true)
      expect(result.stdout).not.toMatch(/^\s*(Usage:\s+)?taint-extender /m)
    }
  )

  it('points a usage error at the help as typed', () => {
    const result = cli(['forecast', '--taint', 'a:NoSchedule'], {}, { script: plugin })
    expect(result.stderr).toContain("Run 'kubectl taint-extender forecast --help' for its flags.")
  })

  it('the executable called by its own name keeps its name', () => {
    expect(cli(['explain', '--help']).stdout).toMatch(/^Usage: taint-extender explain /)
  })
})
