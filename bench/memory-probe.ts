/**
 * Preloaded into the extender for the benchmarks (`node --expose-gc --import <this> dist/main.js`; --expose-gc is one of NODE_FLAGS).
 * It only listens for SIGUSR2: then it runs a full garbage collection and writes one JSON line
 * with process.memoryUsage() to stderr, so retained memory can be read without guessing when V8
 * last collected. Request handling is untouched.
 */
const gc = (globalThis as { gc?: () => void }).gc

process.on('SIGUSR2', () => {
  gc?.()
  gc?.()
  const m = process.memoryUsage()
  const line = {
    msg: 'bench-memory',
    gcForced: gc !== undefined,
    rss: m.rss,
    heapUsed: m.heapUsed,
    heapTotal: m.heapTotal,
    external: m.external,
    arrayBuffers: m.arrayBuffers,
    maxRss: process.resourceUsage().maxRSS * 1024,
  }
  process.stderr.write(JSON.stringify(line) + '\n')
})
