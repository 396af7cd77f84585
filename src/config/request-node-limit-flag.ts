import { DECODED_NODE_BYTES } from '../core/index.js'
import { heapLimitBytes } from './body-budget-flag.js'
import { parseIntegerIn } from './parse-values.js'

/** The largest value the flag takes: as many nodes as a 2 GiB heap would hold by this rule. */
const MOST_NODES = 4_194_304

/**
 * --max-nodes-per-request, or by default as many nodes as a quarter of the V8 heap limit holds
 * at DECODED_NODE_BYTES each (110592 under --max-old-space-size=384, a 432 MiB heap limit). The body budget counts bytes,
 * but a small node costs far more decoded than sent: a 30 MiB body of 155,000 small nodes took
 * the process past a 512 MiB memory limit. A full-node request is decoded, judged and answered
 * in one turn of the event loop, so one request's nodes are all that is decoded at once; the
 * same count bounds the names of a node-cache request, which cost less each.
 */
export function nodesPerRequest(
  values: ReadonlyMap<string, string>,
  heapSizeLimit: number | undefined
): number {
  const raw = values.get('max-nodes-per-request')
  if (raw !== undefined) return parseIntegerIn('max-nodes-per-request', raw, 1, MOST_NODES)
  const nodes = Math.floor(heapLimitBytes(heapSizeLimit) / 4 / DECODED_NODE_BYTES)
  return Math.min(MOST_NODES, Math.max(1, nodes))
}
