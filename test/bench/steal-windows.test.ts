import { describe, expect, it } from 'vitest'
import { callsBySteal } from '../../bench/steal-windows.js'

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
