import { describe, expect, it } from 'vitest'
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

describe('sleep', () => {
  it('ends early, without rejecting, when its signal aborts', async () => {
    const controller = new AbortController()
    const slept = sleep(60_000, controller.signal)
    controller.abort()
    await expect(slept).resolves.toBeUndefined()
  })
})
