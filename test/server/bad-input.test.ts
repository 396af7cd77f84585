import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nodesArgs, wireNode } from '../support/wire.js'
import { post, startTestServer, type TestServer } from '../support/test-server.js'
import { BAD_INPUT_CASES, node, pod } from './bad-input.case.js'

/**
 * Every malformed request gets a 4xx whose JSON `Error` says what is wrong and where, no stack
 * trace leaves the process, and the server goes on answering well-formed requests.
 */

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ maxBodyBytes: 64 * 1024 })
})
afterAll(async () => {
  await server.close()
})

describe('bad input', () => {
  for (const c of BAD_INPUT_CASES) {
    it(`answers ${c.status} with a clear Error for ${c.name}`, async () => {
      const reply = await post(`${server.url}${c.path}`, c.body, {
        raw: c.raw,
        contentType: c.contentType,
      })
      expect(reply.status).toBe(c.status)
      expect(reply.headers.get('content-type')).toMatch(/^application\/json/)
      const error = (reply.json as { Error?: unknown }).Error
      expect(typeof error).toBe('string')
      expect(error).toMatch(c.error)
      expect(reply.text).not.toMatch(/\bat .*\.(ts|js):\d+/)
      // The server keeps serving everyone else.
      const ok = await post(`${server.url}/filter`, nodesArgs(pod, [node]))
      expect(ok.status).toBe(200)
    })
  }

  it('answers 413 naming the limit for a body over --max-body, then serves the next request', async () => {
    const big = nodesArgs(
      pod,
      Array.from({ length: 200 }, (_, i) => wireNode(`node-${i}`))
    )
    const reply = await post(`${server.url}/filter`, big)
    expect(reply.status).toBe(413)
    expect((reply.json as { Error: string }).Error).toBe(
      'request body is larger than the limit of 65536 bytes (--max-body)'
    )
    expect((await post(`${server.url}/filter`, nodesArgs(pod, [node]))).status).toBe(200)
  })

  it('answers 405 with Allow: POST for a GET on a verb', async () => {
    const response = await fetch(`${server.url}/filter`)
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('POST')
    expect(((await response.json()) as { Error: string }).Error).toMatch(/use POST/)
  })

  it('answers 404 with a JSON Error for an unknown path', async () => {
    const response = await fetch(`${server.url}/bind`, { method: 'POST' })
    expect(response.status).toBe(404)
    expect(((await response.json()) as { Error: string }).Error).toBe(
      'no such endpoint: POST /bind'
    )
  })

  it('accepts __proto__ and constructor as node names and taint keys without harm', async () => {
    const tricky = [
      wireNode('__proto__', { taints: [{ key: 'constructor', effect: 'NoSchedule' }] }),
      wireNode('constructor'),
    ]
    const body = JSON.stringify(nodesArgs(pod, tricky))
    const reply = await post(`${server.url}/filter`, body, { raw: true })
    expect(reply.status).toBe(200)
    expect(reply.text).toContain(
      '"FailedAndUnresolvableNodes":{"__proto__":"node(s) had untolerated taint(s)"}'
    )
  })
})
