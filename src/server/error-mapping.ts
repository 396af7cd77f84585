import { ExtenderUnavailableError, type Logger } from '../extender/index.js'
import { encodeError, encodeFilterError, ProtocolError } from '../protocol/index.js'

/** A reply ready to send. */
export interface HttpReply {
  readonly status: number
  readonly body: string
}

/**
 * The one mapping from anything a request can throw to what the client is told. Bad input gets
 * a 4xx whose `Error` says what and where; an unexpected fault gets a 500 whose body names no
 * internals (the stack goes to the log only).
 */
export function mapErrorToReply(err: unknown, verb: string, logger: Logger): HttpReply {
  if (err instanceof ProtocolError) {
    return { status: err.status, body: encodeError(err.message) }
  }
  if (err instanceof ExtenderUnavailableError) {
    // Filter has an Error field kube-scheduler shows in the pod's events; a 503 would be
    // reported only as "code 503".
    if (verb === 'filter') return { status: 200, body: encodeFilterError(err.message) }
    return { status: 503, body: encodeError(err.message) }
  }
  logger.error('request failed unexpectedly', {
    verb,
    err: err instanceof Error ? err.message : String(err),
    stack: err instanceof Error ? err.stack : undefined,
  })
  return { status: 500, body: encodeError('internal error in the taint extender; see its log') }
}
