/**
 * Preloaded into the extender by `bench/tail.ts` only (`--import <this>`, in place of the
 * memory probe). A first SIGUSR2 opens a window; the next writes what the window holds to the
 * file named by TAIL_PROBE_OUT. In a window it stamps every POST with four wall-clock instants
 * (ms since the epoch, so that the client's can be set beside them): the request's head parsed,
 * its body complete, the reply handed to `end()`, and the reply handed to the kernel (`finish`);
 * and it keeps every garbage collection, with its duration.
 *
 * Only in a window: timing every request from the start, warm-up included, gave each window
 * about three times the collections and kept V8's background thread busy a tenth of the time
 * (why was not found), so the probe measured mostly itself. The driver opens a throwaway window
 * during the warm-up, so that the timed path is compiled before the window that counts.
 */
import { writeFileSync } from 'node:fs'
import { Server, type IncomingMessage, type ServerResponse } from 'node:http'
import { PerformanceObserver } from 'node:perf_hooks'

/** Requests (and collections) a window can hold; older ones are overwritten. */
const CAPACITY = 1 << 16
const MASK = CAPACITY - 1

const now = (): number => performance.timeOrigin + performance.now()

/** Both rings are written in place: timing allocates nothing that outlives a request. */
const requests = new Float64Array(CAPACITY * 4)
const collections = new Float64Array(CAPACITY * 2)
let requestCount = 0
let collectionCount = 0
/** Counts when the window opened, or -1 while none is open. */
let windowRequests = -1
let windowCollections = -1

new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const at = (collectionCount++ & MASK) * 2
    collections[at] = performance.timeOrigin + entry.startTime
    collections[at + 1] = entry.duration
  }
}).observe({ entryTypes: ['gc'] })

function time(req: IncomingMessage, res: ServerResponse): void {
  const at = (requestCount++ & MASK) * 4
  requests[at] = now()
  req.once('end', () => (requests[at + 1] = now()))
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse
  res.end = ((...args: unknown[]) => {
    requests[at + 2] = now()
    return end(...args)
  }) as ServerResponse['end']
  res.once('finish', () => (requests[at + 3] = now()))
}

/** Entries [from, to) of a ring with `width` numbers each, as arrays. */
function window(ring: Float64Array, width: number, from: number, to: number): number[][] {
  const out: number[][] = []
  for (let i = Math.max(from, to - CAPACITY); i < to; i++) {
    const at = (i & MASK) * width
    out.push(Array.from(ring.subarray(at, at + width)))
  }
  return out
}

const emit = Server.prototype.emit as (this: Server, event: string, ...args: unknown[]) => boolean
Server.prototype.emit = function (this: Server, event: string, ...args: unknown[]): boolean {
  if (event === 'request') {
    const [req, res] = args as [IncomingMessage, ServerResponse]
    if (req.method === 'POST' && windowRequests >= 0) time(req, res)
  }
  return emit.call(this, event, ...args)
} as Server['emit']

process.on('SIGUSR2', () => {
  if (windowRequests < 0) {
    windowRequests = requestCount
    windowCollections = collectionCount
    return
  }
  const out = process.env.TAIL_PROBE_OUT
  const dump = {
    rows: window(requests, 4, windowRequests, requestCount),
    collections: window(collections, 2, windowCollections, collectionCount),
  }
  if (out !== undefined) writeFileSync(out, JSON.stringify(dump))
  windowRequests = -1
  windowCollections = -1
})
