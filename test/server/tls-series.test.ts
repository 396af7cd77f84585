import { describe, expect, it } from 'vitest'
import { Metrics, TlsSeries } from '../../src/server/index.js'
import { familySamples } from '../support/metrics-text.js'

/**
 * The serving certificate's series through the real Metrics registry, as /metrics shows them:
 * what the two TLS alerts of deploy/monitoring read. The process test (tls-process.test.ts)
 * checks that a real rotation drives them.
 */

const FIRST = { validTo: 'Nov 22 23:00:00 2027 GMT' }
const NEXT = { validTo: 'Feb 20 08:30:15 2028 GMT' }

async function tlsSamples(metrics: Metrics): Promise<Record<string, Map<string, number>>> {
  const text = await metrics.registry.metrics()
  return {
    expiry: familySamples(text, 'taint_extender_tls_certificate_expiration_timestamp_seconds'),
    lastReload: familySamples(text, 'taint_extender_tls_last_reload_successful'),
    reloads: familySamples(text, 'taint_extender_tls_reloads_total'),
  }
}

const counts = (success: number, failure: number): Map<string, number> =>
  new Map([
    ['{result="success"}', success],
    ['{result="failure"}', failure],
  ])

describe('TlsSeries', () => {
  it('are absent from a server that serves no TLS, rather than an expiry of 0', async () => {
    const text = await new Metrics().registry.metrics()
    expect(text).not.toContain('taint_extender_tls_')
  })

  it('give the served certificate’s notAfter in Unix seconds, a good last reload, and both counts at 0', async () => {
    const metrics = new Metrics()
    new TlsSeries(metrics.registry, FIRST)
    expect(await tlsSamples(metrics)).toEqual({
      expiry: new Map([['', Date.UTC(2027, 10, 22, 23, 0, 0) / 1000]]),
      lastReload: new Map([['', 1]]),
      reloads: counts(0, 0),
    })
  })

  it('say so when changed files cannot be served, and keep the old certificate’s expiry', async () => {
    const metrics = new Metrics()
    const series = new TlsSeries(metrics.registry, FIRST)
    series.reloadFailed()
    expect(await tlsSamples(metrics)).toEqual({
      expiry: new Map([['', Date.UTC(2027, 10, 22, 23, 0, 0) / 1000]]),
      lastReload: new Map([['', 0]]),
      reloads: counts(0, 1),
    })
  })

  it('show the rotated certificate once served, and the last reload good again', async () => {
    const metrics = new Metrics()
    const series = new TlsSeries(metrics.registry, FIRST)
    series.reloadFailed()
    series.reloaded(NEXT)
    expect(await tlsSamples(metrics)).toEqual({
      expiry: new Map([['', Date.UTC(2028, 1, 20, 8, 30, 15) / 1000]]),
      lastReload: new Map([['', 1]]),
      reloads: counts(1, 1),
    })
  })
})
