import { describe, expect, it } from 'vitest'
import { loadConfig, missingNodeFlags, NODE_FLAGS } from '../../src/config/index.js'

describe('missingNodeFlags', () => {
  const HEAP = '--initial-old-space-size=128'
  const GC = '--expose-gc'
  it.each([
    ['no Node.js flags at all', [], [HEAP, GC]],
    ['both flags as the image gives them', [HEAP, GC], []],
    ['the heap floor only', [HEAP], [GC]],
    ['the GC flag only', [GC], [HEAP]],
    [
      'the heap floor with another value, an operator’s choice',
      ['--initial-old-space-size=512', GC],
      [],
    ],
    [
      'both spelt with underscores, as V8 also takes them',
      ['--initial_old_space_size=128', '--expose_gc'],
      [],
    ],
    [
      'the heap floor with its value as the next argument',
      ['--initial-old-space-size', '128', GC],
      [],
    ],
    [
      'other flags only, one of them sharing a prefix',
      ['--max-old-space-size=512', '--initial-old-space-size-x=1', '--expose-gc-as=collect'],
      [HEAP, GC],
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
