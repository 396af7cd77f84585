import { describe, expect, it } from 'vitest'
import { BodyBuffers } from '../../src/server/body-buffers.js'

/**
 * BodyBuffers lends the buffers request bodies are joined in: up to 16 MiB from a pool of a
 * few, beyond that one kept buffer, the largest body's. Its memory is bounded by what it keeps,
 * so these tests pin down what it keeps. (The buffers are real: ArrayBuffers of tens of MiB,
 * whose pages are never touched here.)
 */
const MiB = 1024 * 1024

describe('BodyBuffers', () => {
  it('lends the large buffer given back to the next body over 16 MiB, as sequential full-node calls at 5000 nodes come', () => {
    const buffers = new BodyBuffers(256 * MiB)
    const first = buffers.take(77 * MiB)
    buffers.give(first)
    const second = buffers.take(70 * MiB)
    expect(second.buffer).toBe(first.buffer)
    expect(second.length).toBeGreaterThanOrEqual(70 * MiB)
  })

  it('keeps one large buffer only: two large bodies joined at once get two, and the larger stays once both are back', () => {
    const buffers = new BodyBuffers(256 * MiB)
    const smaller = buffers.take(40 * MiB)
    const larger = buffers.take(60 * MiB)
    expect(larger.buffer).not.toBe(smaller.buffer)
    buffers.give(larger)
    buffers.give(smaller)
    const next = buffers.take(30 * MiB)
    expect(next.buffer).toBe(larger.buffer)
    // The smaller one was dropped: with the larger out, the next large body gets a new buffer.
    const another = buffers.take(30 * MiB)
    expect(another.buffer).not.toBe(smaller.buffer)
    expect(another.buffer).not.toBe(larger.buffer)
  })

  it('lends a body of up to 16 MiB from the small pool, never the large buffer', () => {
    const buffers = new BodyBuffers(256 * MiB)
    const large = buffers.take(20 * MiB)
    buffers.give(large)
    const small = buffers.take(16 * MiB)
    expect(small.buffer).not.toBe(large.buffer)
    expect(small.length).toBeGreaterThanOrEqual(16 * MiB)
    buffers.give(small)
    // Each size went back where it came from.
    expect(buffers.take(8 * MiB).buffer).toBe(small.buffer)
    expect(buffers.take(17 * MiB).buffer).toBe(large.buffer)
  })

  it('keeps up to four small buffers for bodies joined at once, as before the large one existed', () => {
    const buffers = new BodyBuffers(256 * MiB)
    const lent = Array.from({ length: 5 }, () => buffers.take(MiB))
    for (const buffer of lent) buffers.give(buffer)
    const again = Array.from({ length: 5 }, () => buffers.take(MiB).buffer)
    const reused = again.filter((buffer) => lent.some((l) => l.buffer === buffer))
    expect(reused).toHaveLength(4)
  })

  it('keeps no buffer larger than --max-body, so what stays is bounded by the configured limit', () => {
    const buffers = new BodyBuffers(20 * MiB)
    const over = buffers.take(30 * MiB)
    buffers.give(over)
    expect(buffers.take(17 * MiB).buffer).not.toBe(over.buffer)
  })

  it('ignores a body it did not lend, such as one that came in a single chunk', () => {
    const buffers = new BodyBuffers(256 * MiB)
    const chunk = Buffer.alloc(32)
    buffers.give(chunk)
    expect(buffers.take(16).buffer).not.toBe(chunk.buffer)
  })
})
