import { describe, expect, it } from 'vitest'
import { callsBySteal, callsByStealBlocks, quietCell } from '../../bench/steal-windows.js'

const SLOW_MS = 2

describe('callsBySteal', () => {
  it('keeps the calls of a window in which a CPU lost a tick out of the quiet windows', () => {
    // Two windows of two calls; CPU 1 loses a tick during the second.
    const bySteal = callsBySteal(
      [0.8, 1.1, 6.5, 0.9],
      [
        [5, 7],
        [5, 7],
        [5, 8],
      ],
      2,
      SLOW_MS
    )
    expect(bySteal).toEqual({
      quiet: { windows: 1, calls: 2, p99Ms: 1.1, slow: 0 },
      stolen: { windows: 1, calls: 2, p99Ms: 6.5, slow: 1 },
    })
  })

  it('counts the calls left over after the last whole window as a window of their own', () => {
    const bySteal = callsBySteal([1, 1, 1, 1, 3], [[0], [0], [2], [2]], 2, SLOW_MS)
    expect(bySteal?.quiet).toEqual({ windows: 2, calls: 3, p99Ms: 3, slow: 1 })
    expect(bySteal?.stolen).toEqual({ windows: 1, calls: 2, p99Ms: 1, slow: 0 })
  })

  it('puts every call in the quiet windows when the host took nothing, and gives no p99 for none', () => {
    const bySteal = callsBySteal(
      [0.7, 0.9, 2.5],
      [
        [3, 3],
        [3, 3],
        [3, 3],
      ],
      2,
      SLOW_MS
    )
    expect(bySteal?.quiet).toEqual({ windows: 2, calls: 3, p99Ms: 2.5, slow: 1 })
    expect(bySteal?.stolen).toEqual({ windows: 0, calls: 0, p99Ms: null, slow: 0 })
  })

  it('gives nothing where steal could not be read (no /proc), rather than calling every window quiet', () => {
    expect(callsBySteal([1, 1, 1], [[0], null], 3, SLOW_MS)).toBeNull()
  })

  it('gives nothing when the readings do not bound the windows the calls make', () => {
    expect(callsBySteal([1, 1, 1], [[0], [0]], 2, SLOW_MS)).toBeNull()
  })
})

describe('callsByStealBlocks', () => {
  it('splits blocks of different sizes by the steal read around each, in order', () => {
    // Blocks of 3, 1 and 2 calls; CPU 0 loses a tick during the second.
    const bySteal = callsByStealBlocks(
      [0.9, 1.2, 1.0, 7.5, 1.1, 2.4],
      [
        { calls: 3, before: [4, 4], after: [4, 4] },
        { calls: 1, before: [4, 4], after: [5, 4] },
        { calls: 2, before: [5, 4], after: [5, 4] },
      ],
      SLOW_MS
    )
    expect(bySteal).toEqual({
      quiet: { windows: 2, calls: 5, p99Ms: 2.4, slow: 1 },
      stolen: { windows: 1, calls: 1, p99Ms: 7.5, slow: 1 },
    })
  })

  it('gives nothing when the blocks hold more or fewer calls than were timed', () => {
    const block = { calls: 2, before: [0], after: [0] }
    expect(callsByStealBlocks([1, 1, 1], [block], SLOW_MS)).toBeNull()
    expect(callsByStealBlocks([1], [block], SLOW_MS)).toBeNull()
  })

  it('gives nothing when a block was not read, rather than calling it quiet', () => {
    const blocks = [
      { calls: 1, before: [0], after: [0] },
      { calls: 1, before: null, after: [0] },
    ]
    expect(callsByStealBlocks([1, 1], blocks, SLOW_MS)).toBeNull()
  })
})

describe('quietCell', () => {
  const summary = (windows: number, p99Ms: number | null) => ({ windows, calls: 0, p99Ms, slow: 0 })

  it.each([
    ['the quiet p99 and how many blocks were quiet', 8, 1.27, '1.27 ms (8 of 10)'],
    ['none when the host took CPU in every block', 0, null, 'none (0 of 10)'],
  ])('gives %s', (_, quiet, p99Ms, cell) => {
    const bySteal = { quiet: summary(quiet, p99Ms), stolen: summary(10 - quiet, 5) }
    expect(quietCell(bySteal)).toBe(cell)
  })

  it('gives a dash where steal was not read', () => {
    expect(quietCell(null)).toBe('-')
  })
})
