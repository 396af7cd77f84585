import type { IncomingMessage } from 'node:http'
import { ProtocolError, type BytePool } from '../protocol/index.js'

/** The body's length by Content-Length, or -1 when it has none (a chunked body). */
function declaredLength(req: IncomingMessage): number {
  const header = req.headers['content-length']
  return header === undefined ? -1 : Number(header)
}

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
 * A body with a Content-Length (kube-scheduler always sends one) is read into a buffer lent by
 * `pool`: give the body back once nothing refers to it. Node's parser never delivers more
 * bytes than Content-Length declares.
 */
export function readJsonBody(
  req: IncomingMessage,
  maxBodyBytes: number,
  pool: BytePool,
  done: (err: Error | null, body: Buffer | null) => void
): void {
  const refused = refuseHeaders(req, maxBodyBytes)
  if (refused !== null) {
    done(refused, null)
    return
  }
  const declared = declaredLength(req)
  if (Number.isSafeInteger(declared) && declared >= 0) {
    readDeclaredBody(req, declared, pool, done)
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
  const onData = (chunk: Buffer): void => {
    received += chunk.length
    if (received > maxBodyBytes) {
      req.off('data', onData)
      chunks.length = 0
      finish(tooLarge(maxBodyBytes), null)
      return
    }
    chunks.push(chunk)
  }
  req.on('data', onData)
  req.once('end', () =>
    finish(null, chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, received))
  )
  req.once('error', (err) => finish(err, null))
}

/** A body of `length` bytes, copied chunk by chunk into one buffer from `pool`. */
function readDeclaredBody(
  req: IncomingMessage,
  length: number,
  pool: BytePool,
  done: (err: Error | null, body: Buffer | null) => void
): void {
  const lent = pool.take(length)
  const body = Buffer.from(lent.buffer, lent.byteOffset, length)
  let received = 0
  let finished = false
  const finish = (err: Error | null): void => {
    if (finished) return
    finished = true
    if (err === null && received === length) {
      done(null, body)
      return
    }
    pool.give(lent)
    done(err ?? new ProtocolError(`request body ended after ${received} of ${length} bytes`), null)
  }
  req.on('data', (chunk: Buffer) => {
    // Never more than declared from Node's parser; checked so a bug there cannot overrun.
    if (received + chunk.length > length) {
      finish(new ProtocolError(`request body is longer than its Content-Length of ${length}`))
      return
    }
    body.set(chunk, received)
    received += chunk.length
  })
  req.once('end', () => finish(null))
  req.once('error', (err) => finish(err))
}
