import { ExtenderUnavailableError, type Logger } from '../extender/index.js'
import { encodeError, encodeFilterError, ProtocolError } from '../protocol/index.js'

/** A reply ready to send. */
export interface HttpReply {
  readonly status: number
  readonly body: string
}

/** The shape of the errors body-parser raises (it marks them with `type` and `status`). */
interface BodyParserError {
  readonly type: string
  readonly status: number
  readonly message: string
  readonly limit?: number
}

function isBodyParserError(err: unknown): err is BodyParserError {
  return (
    err instanceof Error &&
    typeof (err as Partial<BodyParserError>).type === 'string' &&
    typeof (err as Partial<BodyParserError>).status === 'number'
  )
}

function bodyParserMessage(err: BodyParserError, maxBodyBytes: number): string {
  switch (err.type) {
    case 'entity.too.large':
      return `request body is larger than the limit of ${maxBodyBytes} bytes (--max-body)`
    case 'entity.parse.failed':
      return `request body is not valid JSON: ${err.message.slice(0, 200)}`
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return `request body encoding is not supported: ${err.message.slice(0, 200)}`
    case 'request.aborted':
      return 'request aborted by the client before its body was complete'
    default:
      return `request body could not be read: ${err.type}`
  }
}

/**
 * The one mapping from anything a request can throw to what the client is told. Bad input gets
 * a 4xx whose `Error` says what and where; an unexpected fault gets a 500 whose body names no
 * internals (the stack goes to the log only).
 */
export function mapErrorToReply(
  err: unknown,
  verb: string,
  maxBodyBytes: number,
  logger: Logger
): HttpReply {
  if (err instanceof ProtocolError) {
    return { status: err.status, body: encodeError(err.message) }
  }
  if (err instanceof ExtenderUnavailableError) {
    // Filter has an Error field kube-scheduler shows in the pod's events; a 503 would be
    // reported only as "code 503".
    if (verb === 'filter') return { status: 200, body: encodeFilterError(err.message) }
    return { status: 503, body: encodeError(err.message) }
  }
  if (isBodyParserError(err) && err.status >= 400 && err.status < 500) {
    return { status: err.status, body: encodeError(bodyParserMessage(err, maxBodyBytes)) }
  }
  logger.error('request failed unexpectedly', {
    verb,
    err: err instanceof Error ? err.message : String(err),
    stack: err instanceof Error ? err.stack : undefined,
  })
  return { status: 500, body: encodeError('internal error in the taint extender; see its log') }
}
