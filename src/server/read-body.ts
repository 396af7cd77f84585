import type { IncomingMessage } from 'node:http'
import type { RequestMemory } from '../extender/index.js'
import { ProtocolError } from '../protocol/index.js'
import { BodyBudgetExceededError, type BodyLease } from './body-budget.js'

/** Why a verb request's headers are refused, or null when they are acceptable. */
function refuseHeaders(req: IncomingMessage, maxBodyBytes: number): ProtocolError | null {
  const contentType = req.headers['content-type'] ?? ''
  // kube-scheduler sends exactly this; anything else is parsed as a media type with parameters.
  if (contentType !== 'application/json') {
    const [mediaType = '', ...params] = contentType.split(';').map((p) => p.trim().toLowerCase())
    if (mediaType !== 'application/json') {
      return new ProtocolError(
        `Content-Type must be application/json, got ${JSON.stringify(contentType)}`,
        415
      )
    }
    const charset = params.find((p) => p.startsWith('charset='))
    if (charset !== undefined && charset !== 'charset=utf-8' && charset !== 'charset="utf-8"') {
      return new ProtocolError(`request body encoding is not supported: ${charset}; use utf-8`, 415)
    }
  }
  const encoding = req.headers['content-encoding']
  if (encoding !== undefined && encoding.toLowerCase() !== 'identity') {
    return new ProtocolError(`Content-Encoding ${JSON.stringify(encoding)} is not supported`, 415)
  }
  return declaredLength(req) > maxBodyBytes ? tooLarge(maxBodyBytes) : null
}

/** The body's Content-Length (Node's parser has validated it), or -1 when none is declared. */
function declaredLength(req: IncomingMessage): number {
  return Number(req.headers['content-length'] ?? -1)
}

function tooLarge(maxBodyBytes: number): ProtocolError {
  return new ProtocolError(
    `request body is larger than the limit of ${maxBodyBytes} bytes (--max-body)`,
    413
  )
}

/**
 * Checks the headers of a verb request and reads its body, refusing anything kube-scheduler
 * would not send before buffering it: a body over the limit (by Content-Length, or counted as
 * it streams), a content type other than JSON, a compressed or non-UTF-8 body. Calls `done`
 * exactly once; a callback rather than a promise, so the scheduling path settles no promise.
 *
 * A body that came in several chunks is joined in a buffer lent by the request's `memory`
 * (given back when that is released); one chunk is used as it came. The buffer is taken only when every
 * byte is in, so a client that declares a large body and sends little makes the server hold
 * what it sent, no more.
 *
 * Every byte is charged to `lease` before it is kept: the declared length up front, or each
 * chunk as it comes when no length is declared. A body the budget cannot take is refused at
 * once with BodyBudgetExceededError; the caller releases the lease when the reply is done.
 */
export function readJsonBody(
  req: IncomingMessage,
  maxBodyBytes: number,
  memory: RequestMemory,
  lease: BodyLease,
  done: (err: Error | null, body: Buffer | null) => void
): void {
  const refused = refuseHeaders(req, maxBodyBytes)
  if (refused !== null) {
    done(refused, null)
    return
  }
  const declared = declaredLength(req)
  if (declared > 0 && !lease.take(declared)) {
    done(new BodyBudgetExceededError(lease.maxBytes), null)
    return
  }
  const chunks: Buffer[] = []
  let received = 0
  let finished = false
  const finish = (err: Error | null, body: Buffer | null): void => {
    if (finished) return
    finished = true
    done(err, body)
  }
  const refuse = (err: Error): void => {
    req.off('data', onData)
    chunks.length = 0
    finish(err, null)
  }
  const onData = (chunk: Buffer): void => {
    received += chunk.length
    if (received > maxBodyBytes) {
      refuse(tooLarge(maxBodyBytes))
      return
    }
    // A body with a declared length was charged up front (the parser delivers no more).
    if (declared < 0 && !lease.take(chunk.length)) {
      refuse(new BodyBudgetExceededError(lease.maxBytes))
      return
    }
    chunks.push(chunk)
  }
  req.on('data', onData)
  req.once('end', () => finish(null, joinChunks(chunks, received, memory)))
  req.once('error', (err) => finish(err, null))
}

function joinChunks(chunks: readonly Buffer[], length: number, memory: RequestMemory): Buffer {
  if (chunks.length === 1) return chunks[0] as Buffer
  const lent = memory.bodyBuffer(length)
  const body = Buffer.from(lent.buffer, lent.byteOffset, length)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.length
  }
  return body
}
