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
  const started = process.hrtime.bigint()
  res.once('close', () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9
    metrics.request(verb, res.writableFinished ? res.statusCode : 499, seconds)
  })
}
