import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { loadConfig, RUNTIME_V8_FLAGS, runtimeV8Flags } from '../../src/config/index.js'

const EXTERNAL = '--external-memory-accounted-in-global-limit'
const NODE_CACHE = { nodeCache: true }
const FULL_NODES = { nodeCache: false }

describe('runtimeV8Flags', () => {
  it.each([
    ['Node.js 20’s V8 11.3 gets none: it does not have the flag', '11.3.244.8-node.33', [], []],
    ['Node.js 22’s V8 12.4 gets none: it does not have the flag', '12.4.254.21-node.57', [], []],
    ['Node.js 24’s V8 13.6 gets it', '13.6.233.17-node.53', [], [EXTERNAL]],
    ['Node.js 26’s V8 14.6 gets it', '14.6.202.34-node.34', [], [EXTERNAL]],
    ['a V8 from far ahead still gets it', '100.0.0.0', [], [EXTERNAL]],
    ['an unreadable version gets none rather than a guess', 'unknown', [], []],
    ['an empty version (not given) gets none', '', [], []],
    [
      'none when the command line already sets it, the operator’s choice',
      '13.6.233.17-node.53',
      [EXTERNAL],
      [],
    ],
    [
      'none when the command line turns it off with --no-',
      '13.6.233.17-node.53',
      ['--no-external-memory-accounted-in-global-limit'],
      [],
    ],
    [
      'none when the command line spells it with underscores',
      '13.6.233.17-node.53',
      ['--external_memory_accounted_in_global_limit'],
      [],
    ],
    [
      'still set beside unrelated flags, one of them sharing its prefix',
      '13.6.233.17-node.53',
      ['--expose-gc', '--external-memory-max-growing-factor=2'],
      [EXTERNAL],
    ],
  ])('%s', (_, v8Version, execArgv, expected) => {
    expect(runtimeV8Flags(v8Version, execArgv, NODE_CACHE)).toEqual(expected)
  })

  it.each([
    [
      'Node.js 24 in full-node mode gets none: a 77 MiB body’s copies must still start a collection',
      '13.6.233.17-node.53',
      [],
      FULL_NODES,
      [],
    ],
    ['Node.js 26 in full-node mode gets none either', '14.6.202.34-node.34', [], FULL_NODES, []],
    [
      'Node.js 24 with the node cache on gets it',
      '13.6.233.17-node.53',
      [],
      NODE_CACHE,
      [EXTERNAL],
    ],
    [
      'an operator may still set it in full-node mode: the command line is theirs, and main sets nothing more',
      '13.6.233.17-node.53',
      [EXTERNAL],
      FULL_NODES,
      [],
    ],
  ])('%s', (_, v8Version, execArgv, mode, expected) => {
    expect(runtimeV8Flags(v8Version, execArgv, mode)).toEqual(expected)
  })

  it('chooses, for the V8 running these tests, exactly the flags that V8 lists', () => {
    const listed = execFileSync(process.execPath, ['--v8-options'], {
      maxBuffer: 16 * 1024 * 1024,
    }).toString()
    const has = (flag: string): boolean => listed.includes(`  ${flag} (`)
    for (const { flag } of RUNTIME_V8_FLAGS) {
      expect(runtimeV8Flags(process.versions.v8, [], NODE_CACHE).includes(flag), flag).toBe(
        has(flag)
      )
    }
  })

  it('is what loadConfig gives main for the process’s V8, Node.js flags and mode', () => {
    const load = (v8Version: string | undefined, execArgv: string[], argv: string[]) => {
      const loaded = loadConfig({ argv, env: {}, fileExists: () => true, execArgv, v8Version })
      if (loaded.kind !== 'config') throw new Error('expected a config')
      return loaded.config.v8Flags
    }
    const nodeCache = ['--kubeconfig', '/etc/kubeconfig']
    expect(load('13.6.233.17-node.53', [], nodeCache)).toEqual([EXTERNAL])
    expect(load('13.6.233.17-node.53', [EXTERNAL], nodeCache)).toEqual([])
    expect(load(undefined, [], nodeCache)).toEqual([])
    expect(load('13.6.233.17-node.53', [], ['--disable-node-cache'])).toEqual([])
    expect(load('13.6.233.17-node.53', [], [])).toEqual([])
  })
})
