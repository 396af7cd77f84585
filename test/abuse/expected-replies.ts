import { expect } from 'vitest'
import { nodesArgs, wireNode, wirePod } from '../support/wire.js'
import { post } from '../support/test-server.js'

/**
 * The well-formed request every abusive case is checked against, and the shape every refusal
 * must have.
 */

export const GOOD_POD = wirePod('good', [{ key: 'a', operator: 'Exists', effect: 'NoSchedule' }])
export const GOOD_NODES = [
  wireNode('fits', { taints: [{ key: 'a', effect: 'NoSchedule' }] }),
  wireNode('tainted', { taints: [{ key: 'b', effect: 'NoSchedule' }] }),
  wireNode('cordoned', { unschedulable: true }),
  wireNode('bare'),
]
export const GOOD_FILTER_BODY = JSON.stringify(nodesArgs(GOOD_POD, GOOD_NODES))

/** Sends the well-formed filter request and checks the whole answer. */
export async function expectWellFormedFilterAnswered(url: string): Promise<void> {
  const reply = await post(`${url}/filter`, GOOD_FILTER_BODY, { raw: true })
  expect(reply.status).toBe(200)
  const result = reply.json as {
    Nodes: { items: { metadata: { name: string } }[] }
    FailedAndUnresolvableNodes: Record<string, string>
    Error: string
  }
  expect(result.Nodes.items.map((n) => n.metadata.name)).toEqual(['fits', 'bare'])
  expect(result.FailedAndUnresolvableNodes).toEqual({
    tainted: 'node(s) had untolerated taint(s)',
    cordoned: 'node(s) were unschedulable',
  })
  expect(result.Error).toBe('')
}

/** A 4xx reply whose JSON body is exactly `{"Error": <clear message>}`. */
export function expectJsonError(
  reply: {
    status: number
    headers: Headers | Readonly<Record<string, string>>
    text?: string
    body?: string
  },
  status: number,
  error: RegExp
): void {
  expect(reply.status).toBe(status)
  const contentType =
    reply.headers instanceof Headers
      ? reply.headers.get('content-type')
      : reply.headers['content-type']
  expect(contentType).toMatch(/^application\/json/)
  const body = JSON.parse(reply.text ?? reply.body ?? '') as Record<string, unknown>
  expect(Object.keys(body)).toEqual(['Error'])
  expect(body.Error).toMatch(error)
  // Nothing of the implementation leaks: no stack frames, no file names.
  expect(body.Error).not.toMatch(/\bat .*\.(ts|js):\d+|node_modules|\/src\//)
}
