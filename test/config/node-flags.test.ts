import { describe, expect, it } from 'vitest'
import { loadConfig, missingNodeFlags, NODE_FLAGS } from '../../src/config/index.js'

describe('missingNodeFlags', () => {
  const HEAP = '--initial-old-space-size=128'
  const GC = '--expose-gc'
  const POOL = '--v8-pool-size=1'
  it.each([
    ['no Node.js flags at all', [], [HEAP, GC, POOL]],
    ['all three as the image gives them', [HEAP, GC, POOL], []],
    ['the heap floor only', [HEAP], [GC, POOL]],
    ['all but the GC flag', [HEAP, POOL], [GC]],
    ['all but the thread pool size', [HEAP, GC], [POOL]],
    [
      'all three with a young generation ceiling beside them, which is the operator’s to add',
      [HEAP, GC, POOL, '--max-semi-space-size=8'],
      [],
    ],
    [
      'the heap floor and the pool size with other values, an operator’s choice',
      ['--initial-old-space-size=512', GC, '--v8-pool-size=4'],
      [],
    ],
    [
      'all spelt with underscores, as Node.js and V8 also take them',
      ['--initial_old_space_size=128', '--expose_gc', '--v8_pool_size=1'],
      [],
    ],
    [
      'the heap floor with its value as the next argument',
      ['--initial-old-space-size', '128', GC, POOL],
      [],
    ],
    [
      'other flags only, some sharing a prefix',
      [
        '--max-old-space-size=512',
        '--initial-old-space-size-x=1',
        '--expose-gc-as=collect',
        '--v8-pool-size-x=1',
      ],
      [HEAP, GC, POOL],
    ],
  ])('%s', (_, execArgv, missing) => {
    expect(missingNodeFlags(execArgv)).toEqual(missing)
  })

  it.each([
    [
      'NODE_OPTIONS with the GC flag and the pool size, which it may hold',
      [HEAP],
      '--expose-gc --v8-pool-size=4',
      [],
    ],
    [
      'NODE_OPTIONS with other flags only',
      [HEAP],
      '--max-old-space-size=512  --trace-gc',
      [GC, POOL],
    ],
    ['NODE_OPTIONS empty', [], '', [HEAP, GC, POOL]],
  ])('%s', (_, execArgv, nodeOptions, missing) => {
    expect(missingNodeFlags(execArgv, nodeOptions)).toEqual(missing)
  })

  it('is what loadConfig reports for the process’s Node.js flags', () => {
    const load = (execArgv: string[], env: Record<string, string> = {}) => {
      const loaded = loadConfig({ argv: [], env, fileExists: () => false, execArgv })
      if (loaded.kind !== 'config') throw new Error('expected a config')
      return loaded.config.missingNodeFlags
    }
    expect(load([...NODE_FLAGS])).toEqual([])
    expect(load([])).toEqual([...NODE_FLAGS])
    expect(load([], { NODE_OPTIONS: '--expose-gc' })).toEqual([HEAP, POOL])
  })
})
