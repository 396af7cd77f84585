import { describe, expect, it } from 'vitest'
import { loadConfig, missingNodeFlags, NODE_FLAGS } from '../../src/config/index.js'

describe('missingNodeFlags', () => {
  const HEAP = '--initial-old-space-size=128'
  const GC = '--expose-gc'
  const POOL = '--v8-pool-size=1'
  const YOUNG = '--max-semi-space-size=8'
  it.each([
    ['no Node.js flags at all', [], [HEAP, GC, POOL, YOUNG]],
    ['all four as the image gives them', [HEAP, GC, POOL, YOUNG], []],
    ['the heap floor only', [HEAP], [GC, POOL, YOUNG]],
    ['all but the GC flag', [HEAP, POOL, YOUNG], [GC]],
    ['all but the thread pool size', [HEAP, GC, YOUNG], [POOL]],
    ['all but the young generation’s ceiling', [HEAP, GC, POOL], [YOUNG]],
    [
      'the heap floor, the pool size and the young ceiling with other values, an operator’s choice',
      ['--initial-old-space-size=512', GC, '--v8-pool-size=4', '--max-semi-space-size=16'],
      [],
    ],
    [
      'all spelt with underscores, as Node.js and V8 also take them',
      [
        '--initial_old_space_size=128',
        '--expose_gc',
        '--v8_pool_size=1',
        '--max_semi_space_size=8',
      ],
      [],
    ],
    [
      'the heap floor with its value as the next argument',
      ['--initial-old-space-size', '128', GC, POOL, YOUNG],
      [],
    ],
    [
      'other flags only, some sharing a prefix',
      [
        '--max-old-space-size=512',
        '--initial-old-space-size-x=1',
        '--expose-gc-as=collect',
        '--max-semi-space-size-x=8',
        '--min-semi-space-size=8',
      ],
      [HEAP, GC, POOL, YOUNG],
    ],
  ])('%s', (_, execArgv, missing) => {
    expect(missingNodeFlags(execArgv)).toEqual(missing)
  })

  it('is what loadConfig reports for the process’s Node.js flags', () => {
    const load = (execArgv: string[]) => {
      const loaded = loadConfig({ argv: [], env: {}, fileExists: () => false, execArgv })
      if (loaded.kind !== 'config') throw new Error('expected a config')
      return loaded.config.missingNodeFlags
    }
    expect(load([...NODE_FLAGS])).toEqual([])
    expect(load([])).toEqual([...NODE_FLAGS])
  })
})
