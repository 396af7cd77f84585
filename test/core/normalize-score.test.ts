import { describe, expect, it } from 'vitest'
import { MAX_EXTENDER_PRIORITY, normalizeReversedScores } from '../../src/core/index.js'

/**
 * Upstream's DefaultNormalizeScore(maxPriority, reverse=true): `max - floor(max * c / maxCount)`,
 * and `max` for every entry when maxCount is 0. Expected values are worked out by hand.
 */

function normalized(counts: readonly number[], maxPriority?: number): number[] {
  const scores = [...counts]
  if (maxPriority === undefined) normalizeReversedScores(scores)
  else normalizeReversedScores(scores, maxPriority)
  return scores
}

describe('normalizeReversedScores', () => {
  it('uses the extender scale, MaxExtenderPriority = 10, by default', () => {
    expect(MAX_EXTENDER_PRIORITY).toBe(10)
  })

  describe('on the extender scale 0..10', () => {
    it.each([
      [
        [0, 1, 2],
        [10, 5, 0],
      ],
      [
        [0, 1, 3],
        [10, 7, 0],
      ],
      [
        [0, 1, 2, 3],
        [10, 7, 4, 0],
      ],
      [
        [0, 0],
        [10, 10],
      ],
      [
        [2, 2],
        [0, 0],
      ],
      [
        [1, 3],
        [7, 0],
      ],
      [
        [2, 3],
        [4, 0],
      ],
      [
        [1, 4],
        [8, 0],
      ],
      [
        [3, 4],
        [3, 0],
      ],
      [
        [3, 1],
        [0, 7],
      ],
      [
        [0, 7, 3],
        [10, 0, 6],
      ],
      [
        [1, 6],
        [9, 0],
      ],
      [
        [5, 6],
        [2, 0],
      ],
      [
        [1, 1, 2],
        [5, 5, 0],
      ],
      [[1], [0]],
      [[0], [10]],
      [[7], [0]],
      [
        [1, 100],
        [10, 0],
      ],
      [
        [99, 100],
        [1, 0],
      ],
    ])('turns counts %j into %j', (counts, expected) => {
      expect(normalized(counts)).toEqual(expected)
    })
  })

  describe('on the in-tree scale 0..100 (upstream-semantics §3.4 examples)', () => {
    it.each([
      [
        [0, 1, 2],
        [100, 50, 0],
      ],
      [
        [0, 1, 3],
        [100, 67, 0],
      ],
      [
        [0, 1, 2, 3],
        [100, 67, 34, 0],
      ],
      [
        [0, 0],
        [100, 100],
      ],
      [
        [2, 2],
        [0, 0],
      ],
      [
        [1, 3],
        [67, 0],
      ],
    ])('turns counts %j into %j', (counts, expected) => {
      expect(normalized(counts, 100)).toEqual(expected)
    })
  })

  it('leaves an empty list empty', () => {
    expect(normalized([])).toEqual([])
  })

  it('works in place on an Int32Array and returns nothing', () => {
    const scores = Int32Array.from([0, 1, 2, 3])
    expect(normalizeReversedScores(scores)).toBeUndefined()
    expect([...scores]).toEqual([10, 7, 4, 0])
  })

  it('fills an Int32Array of zeros with the maximum priority', () => {
    const scores = new Int32Array(3)
    normalizeReversedScores(scores)
    expect([...scores]).toEqual([10, 10, 10])
  })

  it('works in place on a number array', () => {
    const scores = [4, 2, 0]
    normalizeReversedScores(scores)
    expect(scores).toEqual([0, 5, 10])
  })

  it('depends only on the counts, not on their order', () => {
    expect(normalized([3, 0, 2, 1])).toEqual([0, 10, 4, 7])
  })
})
