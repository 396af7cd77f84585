import { ExtenderUnavailableError, type Logger } from '../extender/index.js'
import { encodeError, encodeFilterError, ProtocolError } from '../protocol/index.js'
import { BODY_BUDGET_RETRY_AFTER_SECONDS, BodyBudgetExceededError } from './body-budget.js'
import type { ErrorReplyCause, Metrics } from './metrics.js'

/** A reply ready to send. */
export interface HttpReply {
  readonly status: number
  readonly body: string
  /** Sent as Retry-After when set. */
  readonly retryAfterSeconds?: number
}

/** Where an error reply is told of: its log line and its count. */
export interface ErrorReporting {
  readonly logger: Logger
  readonly metrics: Pick<Metrics, 'errorReply'>
}

/**
 * The one mapping from anything a request can throw to what the client is told, and the one
 * place error replies are counted by cause. Bad input gets a 4xx whose `Error` says what and
 * where; an unexpected fault gets a 500 whose body names no internals (the stack goes to the log
 * only).
 */
export function mapErrorToReply(err: unknown, verb: string, report: ErrorReporting): HttpReply {
  const reply = replyFor(err, verb, report.logger)
  report.metrics.errorReply(verb, reply.cause)
  return reply
}

function replyFor(
  err: unknown,
  verb: string,
  logger: Logger
): HttpReply & { readonly cause: ErrorReplyCause } {
  if (err instanceof ProtocolError) {
    return { status: err.status, body: encodeError(err.message), cause: 'bad_request' }
  }
  if (err instanceof BodyBudgetExceededError) {
    return {
      status: 503,
      body: encodeError(err.message),
      cause: 'overloaded',
      retryAfterSeconds: BODY_BUDGET_RETRY_AFTER_SECONDS,
    }
  }
  if (err instanceof ExtenderUnavailableError) {
    // Filter has an Error field kube-scheduler shows in the pod's events; a 503 would be
    // reported only as "code 503". Its status is then 200, so only the count says it failed.
    if (verb === 'filter') {
      return { status: 200, body: encodeFilterError(err.message), cause: 'unavailable' }
    }
    return { status: 503, body: encodeError(err.message), cause: 'unavailable' }
  }
  logger.error('request failed unexpectedly', {
    verb,
    err: err instanceof Error ? err.message : String(err),
    stack: err instanceof Error ? err.stack : undefined,
  })
  return {
    status: 500,
    body: encodeError('internal error in the taint extender; see its log'),
    cause: 'internal',
  }
}
