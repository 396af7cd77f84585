/**
 * What bench:tail and bench:ab send: node-cache requests naming `names` of the bench API
 * server's INDEXED_NODES nodes, in the index's own order or in kube-scheduler's, and the --order
 * flag that picks between them; for bench:ab's full-node mode, one request carrying whole nodes.
 * Each is checked against the reference answer before it is timed.
 */
import { flagValue } from './command-line.js'
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
/** Lists in kube-scheduler's order per scenario, sent in turn (--order=scheduler). */
export const ORDERS = 8

export type NameOrder = 'index' | 'scheduler'

/** `--order=index|scheduler` from the command line, or `fallback`. */
export function nameOrder(fallback: NameOrder): NameOrder {
  const raw = flagValue('order')
  if (raw === undefined) return fallback
  if (raw === 'index' || raw === 'scheduler') return raw
  throw new Error(`--order takes index or scheduler, got ${JSON.stringify(raw)}`)
}

/**
 * The scenario's requests, each checked against the reference answer once on every connection
 * given: one naming the first `names` nodes in index order, or ORDERS in kube-scheduler's order
 * from different starts.
 */
export async function scenarioRequests(
  connections: readonly KeepAliveConnection[],
  verb: Verb,
  tolerations: TolerationCount,
  names: number,
  order: NameOrder
): Promise<Buffer[]> {
  const tols = tolerationsFor(tolerations)
  const scenarios =
    order === 'index'
      ? [payload(verb, 'names', names, tolerations)]
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

/**
 * The scenario's one request with `nodes` whole nodes (nodeCacheCapable: false), checked against
 * the reference answer once on every connection given.
 */
export async function fullNodeRequests(
  connections: readonly KeepAliveConnection[],
  verb: Verb,
  tolerations: TolerationCount,
  nodes: number
): Promise<Buffer[]> {
  const { body, expected } = payload(verb, 'full', nodes, tolerations)
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
    const wrong = check(Buffer.from((await connection.request(request)).body))
    if (wrong !== null) throw new Error(`${verb}: wrong reply: ${wrong}`)
  }
  return request
}
