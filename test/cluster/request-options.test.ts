import { getEventListeners } from 'node:events'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { withDeadline } from '../../src/cluster/request-options.js'

/**
 * withDeadline: every list and GET of the node cache runs under it, against a stop signal that
 * lives as long as the cache, so it must abort on either and leave nothing attached behind.
 */

afterEach(() => {
  vi.useRealTimers()
})

/** A request that settles only when its signal aborts, with the signal's reason. */
const untilAborted = (signal: AbortSignal): Promise<unknown> =>
  new Promise((resolve) => signal.addEventListener('abort', () => resolve(signal.reason)))

describe('withDeadline', () => {
  it('aborts the request when the stop signal aborts', async () => {
    const stop = new AbortController()
    const request = withDeadline(stop.signal, 60_000, untilAborted)
    stop.abort()
    await expect(request).resolves.toBeInstanceOf(DOMException)
  })

  it('aborts the request after its timeout', async () => {
    vi.useFakeTimers()
    const request = withDeadline(new AbortController().signal, 5000, untilAborted)
    let settled = false
    void request.then(() => (settled = true))
    await vi.advanceTimersByTimeAsync(4999)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(settled).toBe(true)
  })

  it('starts a request already aborted when the stop signal was', async () => {
    const seen = await withDeadline(AbortSignal.abort(), 60_000, async (signal) => signal.aborted)
    expect(seen).toBe(true)
  })

  it('leaves no listener on the stop signal and no timer, whether the request succeeds or fails', async () => {
    vi.useFakeTimers()
    const stop = new AbortController()
    await expect(withDeadline(stop.signal, 60_000, async () => 'answer')).resolves.toBe('answer')
    await expect(
      withDeadline(stop.signal, 60_000, () => Promise.reject(new Error('refused')))
    ).rejects.toThrow('refused')
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0)
    expect(vi.getTimerCount()).toBe(0)
  })
})
