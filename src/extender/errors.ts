/**
 * The extender cannot answer this call right now, through no fault of the request: node-cache
 * mode without a cluster connection, or a node cache that has not finished its first list.
 * Filter reports it in the protocol's `Error` field, so kube-scheduler shows the message in the
 * pod's events; other verbs answer 503.
 */
export class ExtenderUnavailableError extends Error {
  override readonly name = 'ExtenderUnavailableError'
}
