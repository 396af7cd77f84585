import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { KubeConfig } from '@kubernetes/client-node'
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

/** The body of a response other than 200, read up to MAX_STATUS_BYTES. */
async function statusError(res: IncomingMessage): Promise<ListHttpError> {
  const parts: Buffer[] = []
  let length = 0
  for await (const part of res as AsyncIterable<Buffer>) {
    parts.push(part)
    length += part.length
    if (length >= MAX_STATUS_BYTES) break
  }
  res.destroy()
  const detail = statusDetail(Buffer.concat(parts).toString('utf8'))
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
