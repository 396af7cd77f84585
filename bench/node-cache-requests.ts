/**
 * What bench:ab sends: node-cache requests naming `names` of the bench API
 * server's INDEXED_NODES nodes, in the index's own order or in kube-scheduler's, or one request
 * carrying whole nodes. Each is checked against the reference answer before it is timed.
 */
import { postRequestBytes, type KeepAliveConnection } from './keep-alive-connection.js'
import {
  expectedForNodes,
  namesRequestBody,
  payload,
  type Expected,
  type Mode,
  type Verb,
} from './payloads.js'
import { tolerationsFor, type TolerationCount } from './realistic-pod.js'
import { schedulerNodeOrder } from './scheduler-order.js'
import { replyCheck } from './validate.js'

/** Nodes the bench's API server lists, all of which the extender indexes. */
export const INDEXED_NODES = 15000
/** Lists in kube-scheduler's order per scenario, sent in turn. */
const ORDERS = 8

export type NameOrder = 'index' | 'scheduler'

/** One request naming the first `names` nodes in index order, or ORDERS in kube-scheduler's. */
export async function nameRequests(
  connections: readonly KeepAliveConnection[],
  verb: Verb,
  tolerations: TolerationCount,
  names: number,
  order: NameOrder
): Promise<Buffer[]> {
  const tols = tolerationsFor(tolerations)
  const scenarios =
    order === 'index'
      ? [payload('names', names, tolerations)]
      : Array.from({ length: ORDERS }, (_, seed) => {
          const positions = schedulerNodeOrder(INDEXED_NODES, names, seed + 1)
          return {
            body: namesRequestBody(positions, tols),
            expected: expectedForNodes(positions, tols),
          }
        })
  const requests: Buffer[] = []
  for (const { body, expected } of scenarios) {
    requests.push(await checkedRequest(connections, verb, 'names', body, expected))
  }
  return requests
}

/** The one request with `nodes` whole nodes (nodeCacheCapable: false). */
export async function fullNodeRequests(
  connections: readonly KeepAliveConnection[],
  verb: Verb,
  tolerations: TolerationCount,
  nodes: number
): Promise<Buffer[]> {
  const { body, expected } = payload('full', nodes, tolerations)
  return [await checkedRequest(connections, verb, 'full', body, expected)]
}

/** The request framed for sending, once every connection has answered it right. */
async function checkedRequest(
  connections: readonly KeepAliveConnection[],
  verb: Verb,
  mode: Mode,
  body: Buffer,
  expected: Expected
): Promise<Buffer> {
  const request = postRequestBytes(`/${verb}`, body)
  const check = replyCheck(verb, mode, expected, false)
  for (const connection of connections) {
    const reply = await connection.request(request)
    const wrong = reply.status === 200 ? check(reply.body) : `HTTP ${reply.status}`
    if (wrong !== null) throw new Error(`${verb}: wrong reply: ${wrong}`)
  }
  return request
}
