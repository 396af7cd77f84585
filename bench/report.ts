/** Tables on stdout and the full results as JSON under bench/results/. */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ScenarioResult } from './http-scenarios.js'
import type { DistinctPodStream, MemorySnapshot } from './memory.js'

type Cell = string | number | null

/** Left-aligned text, right-aligned numbers, `-` for missing values. */
export function renderTable(headers: readonly string[], rows: readonly Cell[][]): string {
  const text = rows.map((r) => r.map((c) => (c === null ? '-' : String(c))))
  const widths = headers.map((h, i) => Math.max(h.length, ...text.map((r) => (r[i] ?? '').length)))
  const numeric = headers.map((_, i) => rows.every((r) => typeof r[i] !== 'string'))
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, i) => (numeric[i] ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd()
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...text.map(line)].join('\n')
}

export function httpTable(results: readonly ScenarioResult[]): string {
  const headers = ['verb', 'mode', 'size', 'tol', 'n', 'p50 µs', 'p99 µs', 'max µs']
  headers.push('floor p50 µs', 'floor p99 µs', 'p50/floor', 'p99/floor')
  return renderTable(
    headers,
    results.map(({ extender: e, floor: f, ...r }) => {
      const mode = r.mode === 'full' ? 'full-node' : 'node-cache'
      const scenario = [r.verb, mode, r.size, r.tolerations, e.samples]
      return [...scenario, e.p50Us, e.p99Us, e.maxUs, f.p50Us, f.p99Us, r.ratioP50, r.ratioP99]
    })
  )
}

export function memoryTable(snapshots: readonly MemorySnapshot[]): string {
  const headers = ['extender, after a forced GC', 'RSS', 'heap used', 'heap total', 'external']
  return renderTable(
    [...headers, 'peak RSS (MiB)'],
    snapshots.map(({ label, mib: m }) => [
      label,
      m.rss,
      m.heapUsed,
      m.heapTotal,
      m.external,
      m.maxRss,
    ])
  )
}

export function streamSummary(stream: DistinctPodStream): string {
  return [
    `${stream.requests} filter requests (${stream.namesPerRequest} names each), each pod with ` +
      `a toleration set never seen before: ${stream.non200} non-200, ${stream.wrong} wrong replies`,
    ...stream.cacheLookups.map((l) => `  ${l}`),
  ].join('\n')
}

export function machineInfo(): Record<string, unknown> {
  return {
    cpuModel: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAverageAtStart: loadavg().map((l) => Math.round(l * 100) / 100),
    date: new Date().toISOString(),
  }
}

/**
 * Which code was measured (this checkout's, or the one at `root`): the git commit and a hash of
 * the built dist/ (what actually ran); the commit is null where git is not there.
 */
export function codeInfo(root = fileURLToPath(new URL('../../', import.meta.url))): {
  commit: string | null
  distSha256: string
} {
  let commit: string | null = null
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()
  } catch {
    // not a git checkout
  }
  const hash = createHash('sha256')
  const dist = join(root, 'dist')
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('.js')
  )
  for (const file of files.sort()) hash.update(file).update(readFileSync(join(dist, file)))
  return { commit, distSha256: hash.digest('hex').slice(0, 16) }
}

/** Writes bench/results/<ISO date><suffix>.json and returns its path. */
export function saveResults(results: Record<string, unknown>, suffix: string): string {
  const dir = fileURLToPath(new URL('../../bench/results/', import.meta.url))
  mkdirSync(dir, { recursive: true })
  const stamp = new Date()
    .toISOString()
    .replace(/:/g, '-')
    .replace(/\.\d+Z$/, 'Z')
  const path = `${dir}${stamp}${suffix}.json`
  writeFileSync(path, JSON.stringify(results, null, 2) + '\n')
  return path
}
