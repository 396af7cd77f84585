/** Tables on stdout and the full results as JSON under bench/results/. */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, totalmem } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runtimeV8Flags } from '../src/config/v8-runtime-flags.js'
import { stolenCell } from './cpu-steal.js'
import type { ScenarioResult } from './http-scenarios.js'
import type { HeapPerCall } from './heap-per-call.js'
import type { SteadinessSample } from './machine-steadiness.js'
import { quietCell } from './steal-windows.js'
import type { DistinctPodStream, MemorySnapshot } from './memory.js'
import type { MicroResult } from './micro.js'
import { round1 } from './stats.js'

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
  return renderTable(
    [
      'scenario',
      'mode',
      'size',
      'tol',
      'n',
      'p50 µs',
      'p99 µs',
      'max µs',
      'seq req/s',
      'floor p50 µs',
      'floor p99 µs',
      'p50/floor',
      'p99/floor',
      'stolen ms',
      'p99, blocks without steal',
      'conc req/s',
      'floor conc req/s',
      'conc/floor',
    ],
    results.map((r) => [
      r.verb,
      r.mode === 'full' ? 'full-node' : 'node-cache',
      r.size,
      r.tolerations,
      r.extender.samples,
      r.extender.p50Us,
      r.extender.p99Us,
      r.extender.maxUs,
      r.extender.reqPerSec,
      r.floor.p50Us,
      r.floor.p99Us,
      r.ratioP50,
      r.ratioP99,
      stolenCell(r.stolen),
      quietCell(r.extender.bySteal),
      r.concurrent?.extender.reqPerSec ?? null,
      r.concurrent?.floor.reqPerSec ?? null,
      r.concurrent?.ratio ?? null,
    ])
  )
}

export function concurrentLatencyTable(results: readonly ScenarioResult[]): string {
  const rows = results.filter((r) => r.concurrent !== null)
  return renderTable(
    [
      'scenario',
      'mode',
      'size',
      'tol',
      'conns',
      'requests',
      'p50 µs',
      'p99 µs',
      'floor p50 µs',
      'floor p99 µs',
    ],
    rows.map((r) => [
      r.verb,
      r.mode === 'full' ? 'full-node' : 'node-cache',
      r.size,
      r.tolerations,
      r.concurrent?.extender.connections ?? null,
      r.concurrent?.extender.requests ?? null,
      r.concurrent?.extender.p50Us ?? null,
      r.concurrent?.extender.p99Us ?? null,
      r.concurrent?.floor.p50Us ?? null,
      r.concurrent?.floor.p99Us ?? null,
    ])
  )
}

export function microTable(results: readonly MicroResult[]): string {
  return renderTable(
    ['case', 'nodes', 'tol', 'µs/request', 'ns/node', 'speed-up vs reference'],
    results.map((r) => [
      r.case,
      r.size,
      r.tolerations,
      r.usPerRequest,
      r.nsPerNode,
      r.speedupVsReference,
    ])
  )
}

export function heapPerCallTable(results: readonly HeapPerCall[]): string {
  return renderTable(
    ['verb', 'names', 'tol', 'calls', 'KiB/call'],
    results.map((r) => [r.verb, r.size, r.tolerations, r.calls, round1(r.bytesPerCall / 1024)])
  )
}

export function steadinessTable(samples: readonly SteadinessSample[]): string {
  return renderTable(
    [
      'when',
      'compute p50 µs',
      'p99 µs',
      'p99/p50',
      'memory (4 MiB) p50 µs',
      'p99 µs',
      'p99/p50',
      'stolen ms',
    ],
    samples.map((s) => [
      s.when,
      s.compute.p50Us,
      s.compute.p99Us,
      s.compute.p99OverP50,
      s.memory.p50Us,
      s.memory.p99Us,
      s.memory.p99OverP50,
      stolenCell(s.stolen),
    ])
  )
}

export function memoryTable(snapshots: readonly MemorySnapshot[]): string {
  return renderTable(
    [
      'when (extender process, after forced GC)',
      'RSS MiB',
      'heap used MiB',
      'heap total MiB',
      'external MiB',
      'peak RSS MiB',
    ],
    snapshots.map((s) => [
      s.label,
      s.mib.rss,
      s.mib.heapUsed,
      s.mib.heapTotal,
      s.mib.external,
      s.mib.maxRss,
    ])
  )
}

export function streamSummary(stream: DistinctPodStream): string {
  return [
    `${stream.requests} filter requests (${stream.namesPerRequest} names each), each pod with a toleration set never seen before: ` +
      `${stream.reqPerSec} req/s sequential, ${stream.non200} non-200, ${stream.wrong} wrong replies`,
    ...stream.cacheLookups.map((l) => `  ${l}`),
  ].join('\n')
}

/** `extenderNodeFlags`: what the extender's command line adds to NODE_FLAGS, if anything. */
export function machineInfo(extenderNodeFlags: readonly string[] = []): Record<string, unknown> {
  const cpu = cpus()
  return {
    cpuModel: cpu[0]?.model ?? 'unknown',
    cores: cpu.length,
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    v8: process.versions.v8,
    // The extender runs on this same Node.js, so it sets these (src/config/v8-runtime-flags.ts).
    extenderV8Flags: {
      nodeCache: runtimeV8Flags(process.versions.v8, extenderNodeFlags, { nodeCache: true }),
      fullNode: runtimeV8Flags(process.versions.v8, extenderNodeFlags, { nodeCache: false }),
    },
    platform: `${process.platform} ${process.arch}`,
    loadAverageAtStart: loadavg().map((l) => Math.round(l * 100) / 100),
    date: new Date().toISOString(),
  }
}

/**
 * Which code was measured (this checkout's, or the one at `root`): the git commit, whether src/
 * had uncommitted changes, and a hash of the built dist/ (what actually ran). Read-only git
 * calls; absent when git is not there.
 */
export function codeInfo(
  root = fileURLToPath(new URL('../../', import.meta.url))
): Record<string, unknown> {
  const git = (...args: string[]): string | null => {
    try {
      return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: 'pipe' }).trim()
    } catch {
      return null
    }
  }
  const hash = createHash('sha256')
  const dist = join(root, 'dist')
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('.js')
  )
  for (const file of files.sort()) hash.update(file).update(readFileSync(join(dist, file)))
  const dirty = git('status', '--porcelain', '--', 'src')
  return {
    commit: git('rev-parse', 'HEAD'),
    srcUncommittedChanges: dirty === null ? null : dirty !== '',
    distSha256: hash.digest('hex').slice(0, 16),
  }
}

/**
 * Writes bench/results/<ISO date><suffix>.json (suffix '-quick', '-tail', '-ab' or '') and
 * returns its path.
 */
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
