import { describe, expect, it } from 'vitest'
import type { ReadinessCheck } from '../../src/server/index.js'
import {
  expectFilterAnswered,
  get,
  postFilter,
  serversClosedAfterEach,
} from '../support/raw-filter-exchange.js'

/**
 * The operations endpoints (health, readiness, metrics, version), in process: beside the verbs on
 * one port, or split between a verbs-only port and a probe port, and what a request is counted
 * as. The process tests check the same endpoints on `node dist/main.js`; the verbs' own routing
 * of request targets is in verb-request-targets.test.ts.
 */

const serve = serversClosedAfterEach()

describe('the operations endpoints beside the verbs', () => {
  const ENDPOINTS: readonly [string, string, number, RegExp, (body: string) => void][] = [
    [
      '/healthz answers ok in plain text',
      '/healthz',
      200,
      /^text\/plain/,
      (b) => expect(b).toBe('ok\n'),
    ],
    [
      '/livez answers ok in plain text',
      '/livez',
      200,
      /^text\/plain/,
      (b) => expect(b).toBe('ok\n'),
    ],
    [
      '/readyz answers ok when every check passes',
      '/readyz',
      200,
      /^text\/plain/,
      (b) => expect(b).toBe('ok\n'),
    ],
    [
      '/version answers the version and the Node.js release in JSON',
      '/version',
      200,
      /^application\/json$/,
      (b) =>
        expect(JSON.parse(b)).toEqual({
          version: '0.0.0-test',
          commit: 'test-commit',
          node: process.version,
        }),
    ],
    [
      '/metrics answers in the Prometheus text format',
      '/metrics',
      200,
      /^text\/plain; version=0\.0\.4/,
      (b) => expect(b).toContain('# TYPE taint_extender_requests_total counter'),
    ],
    [
      'a path nothing serves gets a 404 with a JSON Error naming it, query left out',
      '/nope?x=1',
      404,
      /^application\/json$/,
      (b) => expect(JSON.parse(b)).toEqual({ Error: 'no such endpoint: GET /nope' }),
    ],
  ]

  it.each(ENDPOINTS)('%s', async (_name, target, status, contentType, checkBody) => {
    const server = await serve()
    const response = await get(server.running.port, target)
    expect(response.status).toBe(status)
    expect(response.headers['content-type']).toMatch(contentType)
    expect(response.headers.etag).toBeUndefined()
    expect(response.headers['x-powered-by']).toBeUndefined()
    checkBody(response.body)
  })

  it('/readyz names only the failing checks, withholding their reasons as kube-apiserver does, and ?verbose lists every check', async () => {
    const checks: ReadinessCheck[] = [
      { name: 'passing', check: () => ({ ok: true, reason: '' }) },
      {
        name: 'node-cache',
        check: () => ({ ok: false, reason: 'listing from https://10.96.0.1:443 failed' }),
      },
    ]
    const server = await serve({ readinessChecks: checks })
    const plain = await get(server.running.port, '/readyz')
    expect(plain.status).toBe(503)
    expect(plain.headers['content-type']).toMatch(/^text\/plain/)
    expect(plain.body).toBe('[-]node-cache failed: reason withheld\nreadyz check failed\n')
    const verbose = await get(server.running.port, '/readyz?verbose')
    expect(verbose.body).toBe(
      '[+]passing ok\n[-]node-cache failed: reason withheld\nreadyz check failed\n'
    )
  })

  it('a readiness check that throws gets a 500 naming no internals, and its stack goes to the log', async () => {
    const server = await serve({
      readinessChecks: [
        {
          name: 'broken',
          check: () => {
            throw new Error('secret detail')
          },
        },
      ],
    })
    const response = await get(server.running.port, '/readyz')
    expect(response.status).toBe(500)
    expect(JSON.parse(response.body)).toEqual({
      Error: 'internal error in the taint extender; see its log',
    })
    expect(server.logs).toContainEqual(
      expect.objectContaining({
        level: 'error',
        msg: 'request failed unexpectedly',
        verb: 'health',
        err: 'secret detail',
        stack: expect.stringContaining('secret detail') as unknown,
      })
    )
  })

  it('reports in taint_extender_ready what /readyz answers, and 0 for a check that throws', async () => {
    let answer: () => { ok: boolean; reason: string } = () => ({ ok: false, reason: 'listing' })
    const server = await serve({ readinessChecks: [{ name: 'node-cache', check: () => answer() }] })
    const ready = async (): Promise<string | undefined> => {
      const metrics = await get(server.running.port, '/metrics')
      expect(metrics.status).toBe(200)
      return /^taint_extender_ready (\S+)$/m.exec(metrics.body)?.[1]
    }
    expect(await ready()).toBe('0')
    answer = () => ({ ok: true, reason: '' })
    expect(await ready()).toBe('1')
    expect((await get(server.running.port, '/readyz')).status).toBe(200)
    answer = () => {
      throw new Error('broken check')
    }
    expect(await ready()).toBe('0')
  })

  it('counts each request under its endpoint and status, with its duration in seconds', async () => {
    const server = await serve()
    await get(server.running.port, '/healthz')
    await get(server.running.port, '/version')
    await get(server.running.port, '/nope')
    await postFilter(server.running.port, '/filter')
    const text = await server.metrics.registry.metrics()
    const sample = (name: string, labels: string): number =>
      Number(new RegExp(`^${name}\\{${labels}\\} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN)
    expect(sample('taint_extender_requests_total', 'verb="health",code="200"')).toBe(1)
    expect(sample('taint_extender_requests_total', 'verb="version",code="200"')).toBe(1)
    expect(sample('taint_extender_requests_total', 'verb="other",code="404"')).toBe(1)
    expect(sample('taint_extender_requests_total', 'verb="filter",code="200"')).toBe(1)
    // A unit check, not a speed check: milliseconds or a sum of clock readings would be far over.
    const seconds = sample('taint_extender_request_duration_seconds_sum', 'verb="filter"')
    expect(seconds).toBeGreaterThan(0)
    expect(seconds).toBeLessThan(60)
  })
})

describe('with a probe port', () => {
  it('the verbs port serves only the verbs, and says where health and metrics went', async () => {
    const verbs = await serve({ serves: 'verbs' })
    expectFilterAnswered(await postFilter(verbs.running.port, '/filter'))
    const health = await get(verbs.running.port, '/healthz?verbose')
    expect(health.status).toBe(404)
    expect(health.headers['content-type']).toBe('application/json')
    expect(JSON.parse(health.body)).toEqual({
      Error: 'no such endpoint: GET /healthz (health and metrics are on the probe port)',
    })
    const text = await verbs.metrics.registry.metrics()
    expect(text).toMatch(/^taint_extender_requests_total\{verb="other",code="404"\} 1$/m)
  })

  it('the probe port serves health and metrics, and no verb', async () => {
    const probe = await serve({ serves: 'operations' })
    expect((await get(probe.running.port, '/livez')).status).toBe(200)
    expect((await get(probe.running.port, '/metrics')).status).toBe(200)
    const filter = await postFilter(probe.running.port, '/filter')
    expect(filter.status).toBe(404)
    expect(JSON.parse(filter.body)).toEqual({ Error: 'no such endpoint: POST /filter' })
  })
})
