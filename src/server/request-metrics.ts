import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Metrics } from './metrics.js'

/**
 * Records one request's verb, status and duration when its response closes. A response that
 * closed before it finished (the client went away) is counted as 499, nginx's convention.
 */
export function recordRequestOnClose(
  res: ServerResponse<IncomingMessage>,
  verb: string,
  metrics: Metrics
): void {
  // performance.now(): a double, where hrtime.bigint() allocates two BigInts per request.
  const started = performance.now()
  res.once('close', () => {
    const seconds = (performance.now() - started) / 1000
    metrics.request(verb, res.writableFinished ? res.statusCode : 499, seconds)
  })
}
