import { afterEach, expect } from 'vitest'
import { exchange, head, write, type RawResponse } from '../abuse/raw-http.js'
import { startTestServer, type TestServer, type TestServerOptions } from './test-server.js'
import { nodesArgs, wireNode, wirePod } from './wire.js'

/**
 * In-process servers spoken to byte for byte, for tests of which handler answers which request
 * target: one small filter request, and what its answer must be.
 */

/** A function starting test servers, each closed after the test that started it. */
export function serversClosedAfterEach(): (options?: TestServerOptions) => Promise<TestServer> {
  const servers: TestServer[] = []
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close()
  })
  return async (options = {}) => {
    const server = await startTestServer(options)
    servers.push(server)
    return server
  }
}

/** One request over a fresh connection, written byte for byte as given. */
export async function send(port: number, request: string | Buffer): Promise<RawResponse> {
  const result = await exchange(port, {
    send: (socket) => write(socket, request),
    untilResponses: 1,
    timeoutMs: 5000,
  })
  const response = result.responses[0]
  if (response === undefined) throw new Error(`no response (closed: ${result.closed})`)
  return response
}

export const get = (port: number, target: string): Promise<RawResponse> =>
  send(port, head('GET', target, []))

/** A filter request whose answer keeps n1 and rejects n2 for an untolerated NoSchedule taint. */
export const FILTER_BODY = JSON.stringify(
  nodesArgs(wirePod('p'), [
    wireNode('n1'),
    wireNode('n2', { taints: [{ key: 'k', effect: 'NoSchedule' }] }),
  ])
)

export function postFilter(port: number, target: string): Promise<RawResponse> {
  return send(
    port,
    head('POST', target, [
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(FILTER_BODY)}`,
    ]) + FILTER_BODY
  )
}

export function expectFilterAnswered(response: RawResponse): void {
  expect(response.status).toBe(200)
  const reply = JSON.parse(response.body) as { Nodes: { items: { metadata: { name: string } }[] } }
  expect(reply.Nodes.items.map((n) => n.metadata.name)).toEqual(['n1'])
}
