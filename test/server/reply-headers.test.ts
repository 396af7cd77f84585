import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nodesArgs, wireNode, wirePod } from '../support/wire.js'
import { startTestServer, type TestServer } from '../support/test-server.js'

/**
 * Every reply tells the client not to sniff its type: an Error echoes text from the request
 * (a path, a field name), which must never be read as anything but JSON or plain text.
 */

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server.close()
})

const json = { 'content-type': 'application/json' }
const REQUESTS: readonly [string, string, RequestInit][] = [
  [
    'an answered filter',
    '/filter',
    {
      method: 'POST',
      headers: json,
      body: JSON.stringify(nodesArgs(wirePod('p'), [wireNode('n')])),
    },
  ],
  ['a filter with a malformed body', '/filter', { method: 'POST', headers: json, body: '{' }],
  ['a verb asked with GET', '/prioritize', { method: 'GET' }],
  ['an unknown endpoint', '/nope', { method: 'GET' }],
  ['the liveness probe', '/livez', { method: 'GET' }],
  ['the metrics scrape', '/metrics', { method: 'GET' }],
  ['the version', '/version', { method: 'GET' }],
]

describe('reply headers', () => {
  it.each(REQUESTS)('carry X-Content-Type-Options: nosniff on %s', async (_, path, init) => {
    const response = await fetch(`${server.url}${path}`, init)
    await response.arrayBuffer()
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })
})
