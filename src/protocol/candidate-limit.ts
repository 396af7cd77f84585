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
