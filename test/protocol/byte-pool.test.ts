import { describe, expect, it } from 'vitest'
import { BytePool } from '../../src/protocol/index.js'

/**
 * BytePool lends the buffers of replies and request bodies. What must hold: a buffer is never
 * lent to two borrowers at once, only its own buffers come back, and what it keeps is bounded.
 */

function pool(maxKept = 4, maxKeptBytes = 1 << 20): BytePool {
  return new BytePool({ maxKept, maxKeptBytes })
}

describe('BytePool', () => {
  it('lends at least the size asked for, over a whole buffer', () => {
    const lent = pool().take(100_000)
    expect(lent.length).toBeGreaterThanOrEqual(100_000)
    expect(lent.byteOffset).toBe(0)
    expect(lent.length).toBe(lent.buffer.byteLength)
  })

  it('lends a buffer given back to the next borrower that fits in it, and only once', () => {
    const p = pool()
    const first = p.take(1000)
    p.give(first)
    expect(p.kept.buffers).toBe(1)
    const second = p.take(500)
    expect(second.buffer).toBe(first.buffer)
    expect(p.kept.buffers).toBe(0)
    expect(p.take(500).buffer).not.toBe(first.buffer)
  })

  it('does not lend a kept buffer that is too small, and keeps it for a smaller request', () => {
    const p = pool()
    const small = p.take(1000)
    p.give(small)
    const big = p.take(small.length + 1)
    expect(big.buffer).not.toBe(small.buffer)
    expect(p.kept.buffers).toBe(1)
    expect(p.take(10).buffer).toBe(small.buffer)
  })

  it('takes back a buffer given twice only once, so two borrowers never share it', () => {
    const p = pool()
    const lent = p.take(1000)
    p.give(lent)
    p.give(lent)
    expect(p.kept.buffers).toBe(1)
    const a = p.take(1000)
    const b = p.take(1000)
    expect(a.buffer).not.toBe(b.buffer)
  })

  it('accepts a view of the lent buffer (a reply is a subarray) and ignores buffers it never lent', () => {
    const p = pool()
    const lent = p.take(1000)
    p.give(new Uint8Array(4096))
    p.give(Buffer.from('a string from the shared slab'))
    expect(p.kept.buffers).toBe(0)
    p.give(lent.subarray(10, 20))
    expect(p.kept.buffers).toBe(1)
  })

  it('keeps no more buffers than maxKept and no more bytes than maxKeptBytes', () => {
    const byCount = pool(2, 1 << 30)
    const lent = [1, 2, 3].map(() => byCount.take(1000))
    for (const l of lent) byCount.give(l)
    expect(byCount.kept.buffers).toBe(2)

    const bySize = pool(10, 200_000)
    const big = bySize.take(150_000)
    const other = bySize.take(150_000)
    bySize.give(big)
    bySize.give(other)
    expect(bySize.kept.buffers).toBe(0)
    const small = bySize.take(60_000)
    bySize.give(small)
    expect(bySize.kept).toEqual({ buffers: 1, bytes: small.length })
  })

  it.each([
    ['a zero maxKept', { maxKept: 0, maxKeptBytes: 1 }, 'maxKept'],
    ['a fractional maxKeptBytes', { maxKept: 1, maxKeptBytes: 1.5 }, 'maxKeptBytes'],
  ])('refuses %s at construction', (_, options, message) => {
    expect(() => new BytePool(options)).toThrow(message)
  })
})
