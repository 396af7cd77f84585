import type { IncomingMessage } from 'node:http'
import { ProtocolError } from '../protocol/index.js'

/**
 * Checks the headers of a verb request and reads its body, refusing anything kube-scheduler
 * would not send before buffering it: a body over the limit (by Content-Length, or counted as
 * it streams), a content type other than JSON, a compressed or non-UTF-8 body.
 */
export function readJsonBody(req: IncomingMessage, maxBodyBytes: number): Promise<Buffer> {
  const contentType = req.headers['content-type'] ?? ''
  const [mediaType = '', ...params] = contentType.split(';').map((p) => p.trim().toLowerCase())
  if (mediaType !== 'application/json') {
    return Promise.reject(
      new ProtocolError(
        `Content-Type must be application/json, got ${JSON.stringify(contentType)}`,
        415
      )
    )
  }
  const charset = params.find((p) => p.startsWith('charset='))
  if (charset !== undefined && charset !== 'charset=utf-8' && charset !== 'charset="utf-8"') {
    return Promise.reject(
      new ProtocolError(`request body encoding is not supported: ${charset}; use utf-8`, 415)
    )
  }
  const encoding = req.headers['content-encoding']
  if (encoding !== undefined && encoding.toLowerCase() !== 'identity') {
    return Promise.reject(
      new ProtocolError(`Content-Encoding ${JSON.stringify(encoding)} is not supported`, 415)
    )
  }
  const tooLarge = (): ProtocolError =>
    new ProtocolError(
      `request body is larger than the limit of ${maxBodyBytes} bytes (--max-body)`,
      413
    )
  const declared = Number(req.headers['content-length'] ?? -1)
  if (declared > maxBodyBytes) return Promise.reject(tooLarge())

  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = []
    let received = 0
    const onData = (chunk: Buffer): void => {
      received += chunk.length
      if (received > maxBodyBytes) {
        req.off('data', onData)
        chunks.length = 0
        reject(tooLarge())
        return
      }
      chunks.push(chunk)
    }
    req.on('data', onData)
    req.once('end', () =>
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, received))
    )
    req.once('error', reject)
  })
}
