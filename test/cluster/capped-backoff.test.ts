import { getEventListeners } from 'node:events'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CappedBackoff, sleep } from '../../src/cluster/capped-backoff.js'

describe('CappedBackoff', () => {
  it('doubles from the initial delay up to the cap', () => {
    const backoff = new CappedBackoff(100, 1_000, () => 1)
    expect(Array.from({ length: 7 }, () => backoff.next())).toEqual([
      100, 200, 400, 800, 1_000, 1_000, 1_000,
    ])
    expect(backoff.failures).toBe(7)
  })

  it('draws each delay from the upper half of its step', () => {
    const low = new CappedBackoff(100, 1_000, () => 0)
    expect([low.next(), low.next()]).toEqual([50, 100])
  })

  it('starts over after a reset', () => {
    const backoff = new CappedBackoff(100, 1_000, () => 1)
    backoff.next()
    backoff.next()
    backoff.reset()
    expect(backoff.next()).toBe(100)
  })

  it('stays finite after very many failures', () => {
    const backoff = new CappedBackoff(1, 30_000, () => 1)
    for (let i = 0; i < 2_000; i++) backoff.next()
    expect(backoff.next()).toBe(30_000)
  })
})

describe('CappedBackoff after failures nothing answered', () => {
  it('waits at most the unreachable delay however many there were, and leaves the answered backoff where it was', () => {
    const backoff = new CappedBackoff(100, 30_000, () => 1, 1_000)
    backoff.next()
    for (let i = 0; i < 50; i++) expect(backoff.nextUnreachable()).toBe(1_000)
    expect(backoff.failures).toBe(1)
    expect(backoff.next()).toBe(200)
  })

  it('draws each delay from the upper half of the unreachable delay', () => {
    expect(new CappedBackoff(100, 30_000, () => 0, 1_000).nextUnreachable()).toBe(500)
  })

  it('defaults the unreachable delay to one second, or to the cap when that is lower', () => {
    expect(new CappedBackoff(100, 30_000).unreachableMs).toBe(1_000)
    expect(new CappedBackoff(10, 100).unreachableMs).toBe(100)
  })
})

describe('sleep', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('ends early, without rejecting, when its signal aborts, and leaves no timer behind', async () => {
    vi.useFakeTimers()
    const controller = new AbortController()
    const slept = sleep(60_000, controller.signal)
    expect(vi.getTimerCount()).toBe(1)
    controller.abort()
    await expect(slept).resolves.toBeUndefined()
    expect(vi.getTimerCount()).toBe(0)
  })

  it('leaves no listener on the long-lived signal it was given, however it ends', async () => {
    vi.useFakeTimers()
    const stop = new AbortController()
    const slept = sleep(1000, stop.signal)
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1000)
    await expect(slept).resolves.toBeUndefined()
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0)

    const aborted = sleep(1000, stop.signal)
    stop.abort()
    await aborted
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0)
  })

  it('resolves at once, setting no timer, for no delay or a signal already aborted', async () => {
    vi.useFakeTimers()
    await sleep(0, new AbortController().signal)
    await sleep(-5, new AbortController().signal)
    await sleep(1000, AbortSignal.abort())
    expect(vi.getTimerCount()).toBe(0)
  })
})
