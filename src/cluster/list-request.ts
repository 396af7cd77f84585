import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { KubeConfig } from '@kubernetes/client-node'
import { PROTOBUF_CONTENT_TYPE, readStatusBody } from '../protocol/index.js'
import { statusDetail } from './api-errors.js'

/**
 * One list request whose body is read as it arrives, for a reader that decodes each object as
 * its bytes come in and so never holds the whole response (client-node's list methods parse
 * the whole body, then build a model of every object). The credentials and TLS settings are
 * those client-node derives from the kubeconfig (applyToFetchOptions), as for watches.
 */

/** A refused list request, with the HTTP status statusCodeOf reads and the Status's words. */
class ListHttpError extends Error {
  readonly statusCode: number
  constructor(statusCode: number, detail: string) {
    super(detail)
    this.statusCode = statusCode
  }
}

/** A refusal's body is a Status of a few hundred bytes; more is not read. */
const MAX_STATUS_BYTES = 64 * 1024

/** A body the API server answered in protobuf, by its content-type (parameters aside). */
export function isProtobuf(res: IncomingMessage): boolean {
  const type = res.headers['content-type'] ?? ''
  return type.split(';')[0]?.trim().toLowerCase() === PROTOBUF_CONTENT_TYPE
}

/**
 * The body of a response other than 200, read up to MAX_STATUS_BYTES: a Status in JSON, or in
 * protobuf where the request asked for it first.
 */
async function statusError(res: IncomingMessage): Promise<ListHttpError> {
  const parts: Buffer[] = []
  let length = 0
  for await (const part of res as AsyncIterable<Buffer>) {
    parts.push(part)
    length += part.length
    if (length >= MAX_STATUS_BYTES) break
  }
  res.destroy()
  const bytes = Buffer.concat(parts)
  const detail = statusDetail(isProtobuf(res) ? readStatusBody(bytes) : bytes.toString('utf8'))
  return new ListHttpError(res.statusCode ?? 0, detail || (res.statusMessage ?? 'HTTP error'))
}

/**
 * `GET {path}?{query}` asking for `accept`; resolves with the response once it is 200, to read
 * as a stream in the content-type it says.
 */
export async function openListRequest(
  kubeConfig: KubeConfig,
  path: string,
  query: Readonly<Record<string, string>>,
  accept = 'application/json'
): Promise<IncomingMessage> {
  const cluster = kubeConfig.getCurrentCluster()
  if (cluster === null) throw new Error('no current cluster in the kubeconfig')
  const url = new URL(cluster.server.replace(/\/+$/, '') + path)
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value)
  const init = await kubeConfig.applyToFetchOptions({})
  const headers: Record<string, string> = { accept }
  for (const [key, value] of init.headers as unknown as Iterable<[string, string]>) {
    headers[key] = value
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = send(url, { agent: init.agent as never, headers })
    req.on('error', reject)
    req.on('response', resolve)
    req.end()
  })
  if (res.statusCode !== 200) throw await statusError(res)
  return res
}
