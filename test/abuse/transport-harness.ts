import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, expect } from 'vitest'
import { nodesArgs, wireNode, wirePod } from '../support/wire.js'
import { post, startTestServer, type TestServer } from '../support/test-server.js'
import { expectWellFormedFilterAnswered } from './expected-replies.js'
import { exchange, sendChunkedBody, sleep, type Exchange, type RawResponse } from './raw-http.js'

/**
 * The servers transport.test.ts and its topic files (transport.*.case.ts) share, one pair for the
 * whole file: the abuse runs in order against the same server, and the closing checks (nothing
 * logged as an internal error, the heap back near its baseline) judge all of it.
 *
 * The server's headers and request timeouts (20 s and 60 s in production) are shortened here
 * through listen()'s options; Node checks them once a second.
 */

export const MAX_BODY = 1024 * 1024
export const HEADERS_TIMEOUT_MS = 800
export const REQUEST_TIMEOUT_MS = 1500
/** The large-body round runs against a second server with a larger limit. */
export const LARGE_MAX_BODY = 8 * 1024 * 1024

export let server: TestServer
export let large: TestServer
export let port: number
export let baseline: NodeJS.MemoryUsage

export function only(result: Exchange): RawResponse {
  expect(result.responses).toHaveLength(1)
  return result.responses[0] as RawResponse
}

/** Runs the abusive exchange and a well-formed request (after `delayMs`) side by side. */
export async function alongside<T>(abuse: () => Promise<T>, delayMs = 0): Promise<T> {
  const [result] = await Promise.all([
    abuse(),
    sleep(delayMs).then(() => expectWellFormedFilterAnswered(server.url)),
  ])
  return result
}

/** A realistic, valid filter body of about `bytes` (many nodes with labels and status). */
export function bodyOfAbout(bytes: number, tag: string): string {
  const nodes: unknown[] = []
  let size = 0
  for (let i = 0; size < bytes - 2048; i++) {
    const node = wireNode(`${tag}-${i}`, {
      resourceVersion: `${tag}-${i}`,
      taints: i % 3 === 0 ? [{ key: 'a', effect: 'NoSchedule' }] : [],
    })
    size += JSON.stringify(node).length + 1
    nodes.push(node)
  }
  return JSON.stringify(nodesArgs(wirePod('p'), nodes))
}

async function warmUp(s: TestServer): Promise<void> {
  for (let i = 0; i < 20; i++) await expectWellFormedFilterAnswered(s.url)
  await postValidBody(s.url, MAX_BODY / 2, 'warm')
  await post(`${s.url}/prioritize`, '{', { raw: true })
  await exchange(s.running.port, {
    send: (socket) => sendChunkedBody(socket, '/filter', 2 * MAX_BODY).then(() => undefined),
    untilResponses: 1,
  })
}

/** Status of a valid filter request of about `bytes` sent to `url`. */
export async function postValidBody(url: string, bytes: number, tag: string): Promise<number> {
  const reply = await post(`${url}/filter`, bodyOfAbout(bytes, tag), { raw: true })
  return reply.status
}

let gc: (() => void) | undefined
/**
 * Forces full garbage collections (vitest runs without --expose-gc, so the flag is set at run
 * time and `gc` fetched from a fresh context) and returns the settled memory usage. Request
 * bodies are Buffers, outside the V8 heap: `arrayBuffers` shows them.
 */
export async function settledMemory(): Promise<NodeJS.MemoryUsage> {
  if (gc === undefined) {
    setFlagsFromString('--expose-gc')
    gc = runInNewContext('gc') as () => void
  }
  for (let i = 0; i < 4; i++) {
    gc()
    await sleep(20)
  }
  return process.memoryUsage()
}

/**
 * Starts both servers before the file's tests (every path warmed up, then the heap baseline
 * taken) and closes them after.
 */
export function startTransportServers(): void {
  beforeAll(async () => {
    server = await startTestServer({
      maxBodyBytes: MAX_BODY,
      timeouts: { headersMs: HEADERS_TIMEOUT_MS, requestMs: REQUEST_TIMEOUT_MS },
    })
    large = await startTestServer({ maxBodyBytes: LARGE_MAX_BODY })
    port = server.running.port
    // Warm every path (JIT, caches, metrics labels) before the baseline.
    for (const s of [server, large]) await warmUp(s)
    baseline = await settledMemory()
  })

  afterAll(async () => {
    await Promise.all([server?.close(), large?.close()])
  })
}
