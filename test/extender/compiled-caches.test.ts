import { describe, expect, it } from 'vitest'
import { CompiledTolerationsCache, SeenNodesCache } from '../../src/extender/compiled-caches.js'
import { NOOP_EXTENDER_METRICS } from '../../src/extender/ports.js'

/**
 * The caches' bounds are checked when they are built, as lru-cache checks its own options:
 * a bound that is not a positive integer would make the cache unbounded or useless, and is
 * refused at start-up rather than noticed under load.
 */

const BAD_SIZES: readonly [string, number][] = [
  ['zero', 0],
  ['negative', -1],
  ['fractional', 1.5],
  ['not a number', Number.NaN],
  ['infinite', Number.POSITIVE_INFINITY],
]

describe('compiled caches', () => {
  it.each(BAD_SIZES)('refuse a tolerations cache size that is %s', (_, size) => {
    expect(
      () =>
        new CompiledTolerationsCache(
          { entries: size, bytes: 1024 },
          { comparisonOperators: true },
          NOOP_EXTENDER_METRICS
        )
    ).toThrow('tolerations cache size must be a positive integer')
  })

  it.each(BAD_SIZES)('refuse a nodes cache size that is %s', (_, size) => {
    expect(() => new SeenNodesCache({ entries: size, bytes: 1024 }, NOOP_EXTENDER_METRICS)).toThrow(
      'nodes cache size must be a positive integer'
    )
  })

  it('accept a size of one, the smallest bound that still caches', () => {
    expect(
      new CompiledTolerationsCache(
        { entries: 1, bytes: 1 },
        { comparisonOperators: true },
        NOOP_EXTENDER_METRICS
      ).size
    ).toBe(0)
    expect(new SeenNodesCache({ entries: 1, bytes: 1 }, NOOP_EXTENDER_METRICS).size).toBe(0)
  })
})
