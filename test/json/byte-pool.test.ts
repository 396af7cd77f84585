import { describe, expect, it } from 'vitest'
import { BytePool } from '../../src/json/byte-pool.js'
import { ByteWriter } from '../../src/json/byte-writer.js'

/**
 * BytePool lends the buffers a request's body and reply are written into. Whatever it hands
 * out twice must have been given back in between, and only buffers it lent come back to it.
 */
describe('BytePool', () => {
  const options = { keep: 2, maxBytes: 1 << 20 }

  it('lends a buffer at least as large as asked for', () => {
    const pool = new BytePool(options)
    for (const size of [0, 1, 100, 16 * 1024, 16 * 1024 + 1, 300_000]) {
      expect(pool.take(size).length).toBeGreaterThanOrEqual(size)
    }
  })

  it('lends a buffer given back again, to a request it fits', () => {
    const pool = new BytePool(options)
    const first = pool.take(50_000)
    pool.give(first)
    expect(pool.idle).toBe(1)
    expect(pool.take(40_000).buffer).toBe(first.buffer)
    expect(pool.idle).toBe(0)
  })

  it('lends a new buffer when the one given back is too small, and keeps the small one', () => {
    const pool = new BytePool(options)
    const small = pool.take(1000)
    pool.give(small)
    const large = pool.take(100_000)
    expect(large.buffer).not.toBe(small.buffer)
    expect(pool.idle).toBe(1)
  })

  it('takes a buffer back once however often it is given, so two takers never share one', () => {
    const pool = new BytePool(options)
    const lent = pool.take(1000)
    pool.give(lent)
    pool.give(lent)
    pool.give(lent.subarray(10))
    expect(pool.idle).toBe(1)
    const a = pool.take(1000)
    const b = pool.take(1000)
    expect(a.buffer).not.toBe(b.buffer)
  })

  it('lets go of every idle buffer on clear, and takes back one lent before it', () => {
    const pool = new BytePool(options)
    const idle = pool.take(1000)
    const out = pool.take(1000)
    pool.give(idle)
    pool.clear()
    expect(pool.idle).toBe(0)
    expect(pool.take(1000).buffer).not.toBe(idle.buffer)
    pool.give(out)
    expect(pool.take(1000).buffer).toBe(out.buffer)
  })

  it('ignores a buffer it did not lend, such as an encoded constant', () => {
    const pool = new BytePool(options)
    const constant = new TextEncoder().encode('{"Error":""}')
    pool.give(constant)
    pool.give(Buffer.from('elsewhere'))
    expect(pool.idle).toBe(0)
    expect(pool.take(8).buffer).not.toBe(constant.buffer)
  })

  it('keeps at most `keep` buffers, the largest ones', () => {
    const pool = new BytePool({ keep: 2, maxBytes: 1 << 20 })
    const sizes = [20_000, 200_000, 50_000, 100_000]
    const lent = sizes.map((size) => pool.take(size))
    for (const buffer of lent) pool.give(buffer)
    expect(pool.idle).toBe(2)
    // The two kept are the 200 000 and 100 000 byte ones: both fit a 90 000 byte request.
    expect(pool.take(90_000).length).toBeGreaterThanOrEqual(90_000)
    expect(pool.take(90_000).length).toBeGreaterThanOrEqual(90_000)
    expect(pool.idle).toBe(0)
    const kept = new Set([lent[1]?.buffer, lent[3]?.buffer])
    pool.give(lent[1] as Uint8Array)
    expect(kept.has(pool.take(1).buffer)).toBe(true)
  })

  it.each([
    ['the smallest is first', [40_000, 60_000]],
    ['the smallest is last', [60_000, 40_000]],
  ])(
    'when full, replaces its smallest buffer with a larger one and drops one smaller than all it keeps (%s)',
    (_name, firstTwo) => {
      const pool = new BytePool({ keep: 2, maxBytes: 1 << 20 })
      const [first, second, large, tiny] = [...firstTwo, 100_000, 10_000].map((size) =>
        pool.take(size)
      )
      // The 40 000 byte buffer is replaced by the large one, whichever place it has.
      const other = firstTwo[0] === 40_000 ? second : first
      for (const buffer of [first, second, large, tiny]) pool.give(buffer as Uint8Array)
      expect(pool.idle).toBe(2)
      // By identity: toEqual finds any two ArrayBuffers equal.
      const kept = [pool.take(1).buffer, pool.take(1).buffer]
      expect(kept).toContain(other?.buffer)
      expect(kept).toContain(large?.buffer)
    }
  )

  it('lends a buffer given back to a request of exactly its size', () => {
    const pool = new BytePool(options)
    const first = pool.take(32 * 1024)
    pool.give(first)
    expect(pool.take(first.length).buffer).toBe(first.buffer)
  })

  it('keeps a buffer of exactly maxBytes', () => {
    const pool = new BytePool({ keep: 1, maxBytes: 32 * 1024 })
    pool.give(pool.take(32 * 1024))
    expect(pool.idle).toBe(1)
  })

  it('accepts a pool that keeps nothing', () => {
    const pool = new BytePool({ keep: 0, maxBytes: 0 })
    pool.give(pool.take(10))
    expect(pool.idle).toBe(0)
  })

  it('does not keep a buffer larger than maxBytes', () => {
    const pool = new BytePool({ keep: 4, maxBytes: 64 * 1024 })
    const huge = pool.take(1 << 20)
    pool.give(huge)
    expect(pool.idle).toBe(0)
  })

  it.each([
    [{ keep: -1, maxBytes: 10 }, 'keep'],
    [{ keep: 1.5, maxBytes: 10 }, 'keep'],
    [{ keep: 1, maxBytes: -10 }, 'maxBytes'],
    [{ keep: 1, maxBytes: Number.NaN }, 'maxBytes'],
  ])('refuses options %j, naming %s', (bad, name) => {
    expect(() => new BytePool(bad)).toThrow(`BytePool ${name} must be a whole number >= 0`)
  })
})

describe('ByteWriter over a BytePool', () => {
  it('writes a reply larger than its first guess whole, handing back what it outgrew', () => {
    const pool = new BytePool({ keep: 4, maxBytes: 1 << 20 })
    const out = new ByteWriter(64, pool)
    const text = 'x'.repeat(40_000) + 'end'
    const bytes = new TextEncoder().encode(text)
    out.range(new DataView(bytes.buffer), 0, bytes.length)
    const reply = out.result()
    expect(new TextDecoder().decode(reply)).toBe(text)
    // The first buffer, outgrown, is back in the pool; the reply's is lent until given back.
    expect(pool.idle).toBe(1)
    pool.give(reply)
    expect(pool.idle).toBe(2)
  })
})
