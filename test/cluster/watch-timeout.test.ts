import { describe, expect, it } from 'vitest'
import { watchTimeoutSeconds } from '../../src/cluster/watch-timeout.js'

/**
 * The timeout each node watch asks for: client-go's five to ten minutes when the watchdog allows
 * them, and always ending before the watchdog, which would otherwise take a quiet cluster's
 * healthy watch for a dead one (kube-apiserver v1.28 sends a quiet watch nothing until its
 * timeout).
 */

const LOWEST = (): number => 0
const HIGHEST = (): number => 0.999_999

describe('watchTimeoutSeconds', () => {
  it.each<[string, number, number, number]>([
    ['a watchdog of 15 minutes leaves client-go’s whole range, 300 to 599 s', 900, 300, 599],
    ['a watchdog of exactly 10 minutes ends every watch 5 s before it', 600, 298, 595],
    ['the default watchdog of 5 minutes draws from 148 to 295 s', 300, 148, 295],
    ['a 90 s watchdog, the shortest the docs suggest, draws from 43 to 85 s', 90, 43, 85],
    ['a 12 s watchdog keeps half its period as margin: 3 to 6 s', 12, 3, 6],
    ['a 1 s watchdog still asks for a whole second', 1, 1, 1],
  ])('%s', (_, watchdogSeconds, shortest, longest) => {
    expect(watchTimeoutSeconds(watchdogSeconds * 1000, LOWEST)).toBe(shortest)
    expect(watchTimeoutSeconds(watchdogSeconds * 1000, HIGHEST)).toBe(longest)
  })

  it('ends every watch it can draw before the watchdog’s period, for every period up to a day', () => {
    for (let watchdogSeconds = 1; watchdogSeconds <= 86_400; watchdogSeconds += 7) {
      const longest = watchTimeoutSeconds(watchdogSeconds * 1000, HIGHEST)
      expect(longest).toBeGreaterThanOrEqual(1)
      if (watchdogSeconds > 1) expect(longest).toBeLessThan(watchdogSeconds)
      expect(watchTimeoutSeconds(watchdogSeconds * 1000, LOWEST)).toBeLessThanOrEqual(longest)
    }
  })
})
