import { DECODED_NODE_BYTES } from '../core/index.js'
import { ProtocolError } from '../json/protocol-error.js'

/**
 * The refusal of a filter or prioritize request that carries more candidates than the extender
 * decodes in one request. 413, as for a body over --max-body: the request is too large for this
 * extender, not malformed, and a kube-scheduler sending it would get the same answer again.
 */
export function tooManyCandidates(
  count: number,
  limit: number,
  what: 'nodes' | 'node names'
): ProtocolError {
  return new ProtocolError(
    `the request carries ${count} ${what}, more than the ${limit} this extender decodes in ` +
      'one request (--max-nodes-per-request)',
    413
  )
}

/** No limit: what a caller that gives none (a tool, a test) gets. */
export const NO_CANDIDATE_LIMIT = Number.MAX_SAFE_INTEGER

/** The refusal of a request whose nodes carry more taints than one request may decode. */
export function tooManyTaints(limit: number): ProtocolError {
  return new ProtocolError(
    `the request's nodes carry more than ${limit} taints, more than this extender decodes in ` +
      'one request (--max-nodes-per-request bounds taints too)',
    413
  )
}

/**
 * What JSON.parse may build for one value, at most: an object or array with its slot in its
 * parent, or a key and its property. Measured near 80 bytes for `{"a":{},...}`.
 */
const PARSED_VALUE_BYTES = 96

const KIB = 1024

/**
 * Refuses a body that JSON.parse would make more of than `maxNodes` decoded nodes take (see
 * DECODED_NODE_BYTES): a body can hold a value every three bytes (`{},`), each some tens of
 * bytes parsed. Every value but the first follows a `,`, `[` or `{`, so those bytes bound the
 * values; strings take at most two bytes of heap a byte.
 */
export function refuseOverParsing(buf: Uint8Array, maxNodes: number, what: string): void {
  let values = 1
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i]
    if (c === 0x2c || c === 0x5b || c === 0x7b) values++
  }
  const estimate = values * PARSED_VALUE_BYTES + 2 * buf.length
  const limit = maxNodes * DECODED_NODE_BYTES
  if (estimate <= limit) return
  throw new ProtocolError(
    `the ${what} would take some ${Math.ceil(estimate / KIB)} KiB parsed, more than the ` +
      `${Math.floor(limit / KIB)} KiB this extender parses in one request ` +
      '(--max-nodes-per-request, at 1 KiB a node)',
    413
  )
}
