import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { createInterface } from 'node:readline'
import type { KubeConfig } from '@kubernetes/client-node'

/**
 * How a watch stream ended: null when the server ended it, else the error; `answered` once the
 * server had sent the response's status line (a failure after it is no unreachable server).
 */
export type StreamEnd = (err: Error | null, answered: boolean) => void

/** A failed watch request, with the HTTP status statusCodeOf reads (as client-node's Watch). */
class WatchHttpError extends Error {
  readonly statusCode: number
  constructor(statusCode: number, statusText: string) {
    super(statusText)
    this.statusCode = statusCode
  }
}

const MAX_QUOTED_LINE = 120

/**
 * One `GET {path}?watch=true` with the credentials and TLS settings client-node derives from the
 * kubeconfig (applyToFetchOptions), its lines read one event at a time. client-node's own Watch
 * drops a line that is not valid JSON without a trace; client-go's StreamWatcher ends the watch
 * with an error instead ("unable to decode an event from the watch stream"), and the reflector
 * resumes from the last version it applied. So does this: such a line ends the stream with an
 * error quoting its start. Events are delivered in order; nothing after `onEnd` is called.
 */
export async function openWatchStream(
  kubeConfig: KubeConfig,
  path: string,
  query: Readonly<Record<string, string>>,
  signal: AbortSignal,
  onEvent: (type: string, object: unknown) => void,
  onEnd: StreamEnd
): Promise<void> {
  const cluster = kubeConfig.getCurrentCluster()
  if (cluster === null) throw new Error('no current cluster in the kubeconfig')
  const url = new URL(cluster.server.replace(/\/+$/, '') + path)
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value)
  url.searchParams.set('watch', 'true')
  const init = await kubeConfig.applyToFetchOptions({})
  const headers: Record<string, string> = {}
  for (const [key, value] of init.headers as unknown as Iterable<[string, string]>) {
    headers[key] = value
  }
  let ended = false
  let answered = false
  const end = (err: Error | null): void => {
    if (ended) return
    ended = true
    req.destroy()
    onEnd(err, answered)
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest
  const req = send(url, { agent: init.agent as never, headers, signal })
  req.on('error', (err) => end(err))
  req.on('response', (res: IncomingMessage) => {
    answered = true
    if (res.statusCode !== 200) {
      res.resume()
      end(new WatchHttpError(res.statusCode ?? 0, res.statusMessage ?? 'HTTP error'))
      return
    }
    const lines = createInterface({ input: res, crlfDelay: Infinity })
    lines.on('line', (line) => {
      if (ended || line === '') return
      let event: { type?: unknown; object?: unknown }
      try {
        event = JSON.parse(line) as { type?: unknown; object?: unknown }
      } catch {
        end(new Error(`a watch line is not valid JSON: ${line.slice(0, MAX_QUOTED_LINE)}`))
        return
      }
      onEvent(typeof event.type === 'string' ? event.type : '', event.object)
    })
    // A cut connection errors the response, and readline passes that on as its own error.
    res.on('error', (err) => end(err))
    lines.on('error', (err) => end(err))
    lines.on('close', () => end(null))
  })
  req.end()
}
