import { afterAll, beforeAll } from 'vitest'
import { startTestServer, type TestServer } from '../support/test-server.js'
import type { Json } from '../property/json-paths.js'
import { expectWellFormedFilterAnswered, GOOD_FILTER_BODY } from './expected-replies.js'
import type { Exchange, RawResponse } from './raw-http.js'

/**
 * The server bodies.test.ts and its topic files (bodies.*.case.ts) share, one for the whole
 * file, and the helpers they all use.
 */

const MAX_BODY = 4 * 1024 * 1024

export let server: TestServer

/** Starts the server before the file's tests and closes it after. */
export function startBodiesServer(): void {
  beforeAll(async () => {
    server = await startTestServer({ maxBodyBytes: MAX_BODY })
  })
  afterAll(async () => {
    await server.close()
  })
}

export function firstResponse(result: Exchange): RawResponse {
  const response = result.responses[0]
  if (response === undefined) throw new Error(`no response (closed: ${result.closed})`)
  return response
}

/** Runs the abusive request and the well-formed one side by side. */
export async function alongside<T>(abuse: () => Promise<T>): Promise<T> {
  const [result] = await Promise.all([abuse(), expectWellFormedFilterAnswered(server.url)])
  return result
}

export const GOOD = JSON.parse(GOOD_FILTER_BODY) as Json
