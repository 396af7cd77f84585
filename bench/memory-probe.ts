/**
 * Preloaded into the extender by the bench (`node --expose-gc --import <this> dist/main.js`;
 * --expose-gc is one of NODE_FLAGS). It only listens for SIGUSR2: then it runs a full garbage
 * collection and writes one JSON line with process.memoryUsage() to stderr, so retained memory
 * can be read without guessing when V8 last collected. Request handling is untouched.
 */
import { readFileSync } from 'node:fs'

const gc = (globalThis as { gc?: () => void }).gc

/**
 * The process's own peak resident size: VmHWM on Linux. Not resourceUsage().maxRSS: Linux carries
 * the high-water mark of the forked image across exec, so a child reports at least its parent's
 * resident size at spawn.
 */
function peakRss(): number {
  try {
    const kib = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]
    if (kib !== undefined) return Number(kib) * 1024
  } catch {
    // Not Linux: the portable figure, with the caveat above.
  }
  return process.resourceUsage().maxRSS * 1024
}

process.on('SIGUSR2', () => {
  gc?.()
  gc?.()
  const { rss, heapUsed, heapTotal, external } = process.memoryUsage()
  const sample = { rss, heapUsed, heapTotal, external, maxRss: peakRss() }
  const line = { msg: 'bench-memory', gcForced: gc !== undefined, ...sample }
  process.stderr.write(JSON.stringify(line) + '\n')
})
