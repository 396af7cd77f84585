import { describe, expect, it } from 'vitest'
import { loadConfig, missingNodeFlags, NODE_FLAGS } from '../../src/config/index.js'

describe('missingNodeFlags', () => {
  it.each([
    ['no Node.js flags at all', [], ['--initial-old-space-size=128']],
    ['the flag as the image gives it', ['--initial-old-space-size=128'], []],
    ['the flag with another value, an operator’s choice', ['--initial-old-space-size=512'], []],
    ['the flag spelt with underscores, as V8 also takes it', ['--initial_old_space_size=128'], []],
    ['the flag with its value as the next argument', ['--initial-old-space-size', '128'], []],
    [
      'other flags only, one of them sharing a prefix',
      ['--max-old-space-size=512', '--initial-old-space-size-x=1'],
      ['--initial-old-space-size=128'],
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
