import { afterEach, describe, expect, it, vi } from 'vitest'
import { BodyBuffers, LARGE_BUFFER_IDLE_MS } from '../../src/extender/body-buffers.js'

/**
 * BodyBuffers lends the buffers request bodies are joined in: up to 16 MiB from a pool of a
 * few, beyond that one kept buffer, the largest body's. Its memory is bounded by what it keeps,
 * so these tests pin down what it keeps. (The buffers are real: ArrayBuffers of tens of MiB,
 * whose pages are never touched here.)
 */
const MiB = 1024 * 1024

/** Compared as a boolean: a failed toBe on two buffers of tens of MiB would try to print them. */
function sameBuffer(a: Uint8Array, b: Uint8Array): boolean {
  return a.buffer === b.buffer
}

describe('BodyBuffers', () => {
  it('lends the large buffer given back to the next body over 16 MiB, as sequential full-node calls at 5000 nodes come', () => {
    const buffers = new BodyBuffers(256 * MiB)
    const first = buffers.take(77 * MiB)
    buffers.give(first)
    const second = buffers.take(70 * MiB)
    expect(sameBuffer(second, first)).toBe(true)
    expect(second.length).toBeGreaterThanOrEqual(70 * MiB)
  })

  it('keeps one large buffer only: two large bodies joined at once get two, and the larger stays once both are back', () => {
    const buffers = new BodyBuffers(256 * MiB)
    const smaller = buffers.take(40 * MiB)
    const larger = buffers.take(60 * MiB)
    expect(sameBuffer(larger, smaller)).toBe(false)
    buffers.give(larger)
    buffers.give(smaller)
    const next = buffers.take(30 * MiB)
    expect(sameBuffer(next, larger)).toBe(true)
    // The smaller one was dropped: with the larger out, the next large body gets a new buffer.
    const another = buffers.take(30 * MiB)
    expect(sameBuffer(another, smaller)).toBe(false)
    expect(sameBuffer(another, larger)).toBe(false)
  })

  it('lends a body of up to 16 MiB from the small pool, never the large buffer', () => {
    const buffers = new BodyBuffers(256 * MiB)
    const large = buffers.take(20 * MiB)
    buffers.give(large)
    const small = buffers.take(16 * MiB)
    expect(sameBuffer(small, large)).toBe(false)
    expect(small.length).toBeGreaterThanOrEqual(16 * MiB)
    buffers.give(small)
    // Each size went back where it came from.
    expect(sameBuffer(buffers.take(8 * MiB), small)).toBe(true)
    expect(sameBuffer(buffers.take(17 * MiB), large)).toBe(true)
  })

  it('keeps up to four small buffers for bodies joined at once, as before the large one existed', () => {
    const buffers = new BodyBuffers(256 * MiB)
    const lent = Array.from({ length: 5 }, () => buffers.take(MiB))
    for (const buffer of lent) buffers.give(buffer)
    const again = Array.from({ length: 5 }, () => buffers.take(MiB).buffer)
    const reused = again.filter((buffer) => lent.some((l) => l.buffer === buffer)).length
    expect(reused).toBe(4)
  })

  it('keeps no buffer larger than --max-body, so what stays is bounded by the configured limit', () => {
    const buffers = new BodyBuffers(20 * MiB)
    const over = buffers.take(30 * MiB)
    buffers.give(over)
    expect(sameBuffer(buffers.take(17 * MiB), over)).toBe(false)
  })

  it('ignores a body it did not lend, such as one that came in a single chunk', () => {
    const buffers = new BodyBuffers(256 * MiB)
    const chunk = Buffer.alloc(32)
    buffers.give(chunk)
    expect(sameBuffer(buffers.take(16), chunk)).toBe(false)
  })

  describe('letting the large buffer go', () => {
    afterEach(() => {
      vi.useRealTimers()
    })

    it('lets the large buffer go a minute after the last large body, so a lone large request does not hold it for good', () => {
      vi.useFakeTimers()
      const buffers = new BodyBuffers(256 * MiB)
      const large = buffers.take(40 * MiB)
      buffers.give(large)
      vi.advanceTimersByTime(LARGE_BUFFER_IDLE_MS - 1)
      const reused = buffers.take(40 * MiB)
      expect(sameBuffer(reused, large)).toBe(true)
      buffers.give(reused)
      vi.advanceTimersByTime(LARGE_BUFFER_IDLE_MS)
      expect(sameBuffer(buffers.take(40 * MiB), large)).toBe(false)
    })

    it('keeps the large buffer while large bodies keep coming, each one restarting the minute', () => {
      vi.useFakeTimers()
      const buffers = new BodyBuffers(256 * MiB)
      const large = buffers.take(40 * MiB)
      buffers.give(large)
      for (let call = 0; call < 5; call++) {
        vi.advanceTimersByTime(LARGE_BUFFER_IDLE_MS / 2)
        const again = buffers.take(40 * MiB)
        expect(sameBuffer(again, large)).toBe(true)
        buffers.give(again)
      }
    })

    it('does not let small bodies keep the large buffer alive, nor let go of the small ones', () => {
      vi.useFakeTimers()
      const buffers = new BodyBuffers(256 * MiB)
      const large = buffers.take(40 * MiB)
      const small = buffers.take(MiB)
      buffers.give(large)
      buffers.give(small)
      for (let call = 0; call < 4; call++) {
        vi.advanceTimersByTime(LARGE_BUFFER_IDLE_MS / 2)
        const again = buffers.take(MiB)
        expect(sameBuffer(again, small)).toBe(true)
        buffers.give(again)
      }
      expect(sameBuffer(buffers.take(40 * MiB), large)).toBe(false)
    })

    it('counts down on a timer that does not keep the process alive', () => {
      const timers = (): number =>
        process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length
      const before = timers()
      const buffers = new BodyBuffers(256 * MiB)
      buffers.give(buffers.take(40 * MiB))
      expect(timers()).toBe(before)
    })
  })
})
