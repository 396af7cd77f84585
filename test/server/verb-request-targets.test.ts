import { describe, expect, it } from 'vitest'
import { head } from '../abuse/raw-http.js'
import {
  expectFilterAnswered,
  FILTER_BODY,
  get,
  postFilter,
  send,
  serversClosedAfterEach,
} from '../support/raw-filter-exchange.js'

/**
 * Which request targets the verbs serve, in process and byte for byte: query strings, targets in
 * absolute form, methods, media types, and the body size bound at its edge.
 */

const serve = serversClosedAfterEach()

describe('the verbs’ request targets', () => {
  const SERVED: readonly [string, string][] = [
    ['a query string after the verb is ignored', '/filter?timeout=5s'],
    ['an absolute-form target (RFC 9112) is served by its path', 'http://127.0.0.1/filter'],
    ['an absolute-form target with a port and a query', 'http://scheduler.example:8888/filter?a=b'],
  ]
  it.each(SERVED)('%s', async (_name, target) => {
    const server = await serve()
    expectFilterAnswered(await postFilter(server.running.port, target))
  })

  it('an absolute-form target without a path is the root, which nothing serves', async () => {
    const server = await serve()
    const response = await postFilter(server.running.port, 'http://127.0.0.1')
    expect(response.status).toBe(404)
    expect(JSON.parse(response.body)).toEqual({ Error: 'no such endpoint: POST /' })
  })

  it('a verb asked with GET gets a 405 allowing POST, and the connection stays open', async () => {
    const server = await serve()
    const response = await get(server.running.port, '/prioritize?x')
    expect(response.status).toBe(405)
    expect(response.headers.allow).toBe('POST')
    expect(response.headers.connection).not.toBe('close')
    expect(JSON.parse(response.body)).toEqual({
      Error: 'GET is not allowed on /prioritize; use POST',
    })
  })

  it('a media-type parameter other than charset is ignored', async () => {
    const server = await serve()
    const response = await send(
      server.running.port,
      head('POST', '/filter', [
        'Content-Type: application/json; profile=extender',
        `Content-Length: ${Buffer.byteLength(FILTER_BODY)}`,
      ]) + FILTER_BODY
    )
    expectFilterAnswered(response)
  })

  it('an Error quoting bytes beyond ASCII is sent with its length in bytes, not characters', async () => {
    const server = await serve()
    const request = Buffer.concat([
      Buffer.from(
        head('POST', '/filter', ['Content-Type: text/plaîn', 'Content-Length: 2']),
        'latin1'
      ),
      Buffer.from('{}'),
    ])
    const response = await send(server.running.port, request)
    expect(response.status).toBe(415)
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(response.body))
    expect(JSON.parse(response.body)).toEqual({
      Error: 'Content-Type must be application/json, got "text/plaîn"',
    })
  })

  it('a body of exactly --max-body bytes is read; one byte more is refused', async () => {
    const limit = Buffer.byteLength(FILTER_BODY)
    const server = await serve({ maxBodyBytes: limit })
    expectFilterAnswered(await postFilter(server.running.port, '/filter'))
    const tooLarge = await send(
      server.running.port,
      head('POST', '/filter', ['Content-Type: application/json', `Content-Length: ${limit + 1}`]) +
        FILTER_BODY +
        ' '
    )
    expect(tooLarge.status).toBe(413)
  })
})
