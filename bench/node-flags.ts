/**
 * The Node.js flags the extender runs with, here as in the image (Dockerfile ENTRYPOINT) and in
 * `npm start`; a test keeps the three the same.
 *
 * `--initial-old-space-size`: a floor under V8's old-generation limit. Without it, after a
 * collection that shrinks the heap (V8's memory reducer after an idle spell, or the bench's
 * forced GC before its memory figures), the limit came out so close to the live size that V8
 * began a new incremental marking every ~150 requests at 5000 names and ran a mark-compact
 * after each: p99 went from 1.5 to 10–15 ms and stayed there. 128 MiB is about twice the heap
 * with 15000 nodes indexed; the process still fits the deployment's 512 MiB limit.
 */
export const EXTENDER_NODE_FLAGS: readonly string[] = ['--initial-old-space-size=128']
