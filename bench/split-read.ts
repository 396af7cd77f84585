import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import { readPodList } from '../src/cli/manifests.js'
import { podsSource } from '../src/cli/tool-io.js'
import { openInput } from '../src/config/tool-inputs.js'
import { podObject, PODS_PER_NODE } from './explain-scale-objects.js'

/**
 * Would reading a cluster's pods in two threads bring explain under 1.5× `JSON.parse`? explain's
 * read of explain-scale.ts's 150,000 placed pods (`readPodList`, placements kept), each way in a
 * fresh process: the whole file on one thread (`one`); its first half alone (`half`: what one
 * thread's share costs when it has the machine to itself); the first half on the main thread
 * while a worker reads the second (`split-drop`: the worker's placements dropped, the bound any
 * encoding of placements between threads could reach, its transfer free); and the same with the
 * worker's placements posted to the main thread (`split-clone`: the structured clone
 * `postMessage` makes). `mainMs`: when the main thread's own half was read. Not a test:
 * `npm run bench:split-read`.
 */

const NODES = Number(process.env.BENCH_NODES ?? 5000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const MODES = ['one', 'half', 'split-drop', 'split-clone'] as const
type Mode = (typeof MODES)[number]
type Files = Record<'whole' | 'first' | 'second', string>

/** Placements posted in batches of this many, as a reader would hand them over. */
const POSTED = 2000

async function placementsOf(path: string) {
  const source = await podsSource({ kind: 'file', ...openInput(path, 'pods') }, [])
  return readPodList(source, ({ placement }) => placement)
}

async function workerReads(path: string, post: boolean): Promise<void> {
  const placements = await placementsOf(path)
  if (post)
    for (let i = 0; i < placements.length; i += POSTED)
      parentPort?.postMessage(placements.slice(i, i + POSTED))
  parentPort?.postMessage(null)
}

/** The first half here while a worker reads the second; how many placements arrived. */
async function splitRead(files: Files, post: boolean): Promise<{ mainMs: number; n: number }> {
  const started = performance.now()
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { path: files.second, post },
  })
  let n = 0
  const finished = new Promise<void>((resolve, reject) => {
    worker.on('error', reject)
    worker.on('message', (batch: unknown[] | null) => {
      if (batch === null) resolve()
      else n += batch.length
    })
  })
  n += (await placementsOf(files.first)).length
  const mainMs = Math.round(performance.now() - started)
  await finished
  await worker.terminate()
  return { mainMs, n }
}

async function child(mode: Mode, files: Files): Promise<void> {
  const started = performance.now()
  const cpuStart = process.cpuUsage()
  let split = {}
  if (mode === 'one') await placementsOf(files.whole)
  else if (mode === 'half') await placementsOf(files.first)
  else split = await splitRead(files, mode === 'split-clone')
  const cpu = process.cpuUsage(cpuStart)
  console.log(
    JSON.stringify({
      wallMs: Math.round(performance.now() - started),
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      maxRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
      ...split,
    })
  )
}

function writeFiles(dir: string): Files {
  const pods: unknown[] = []
  for (let node = 0; node < NODES; node++)
    for (let j = 0; j < PODS_PER_NODE; j++) pods.push(podObject(node, j))
  const write = (name: string, items: unknown[]) => {
    const path = join(dir, name)
    writeFileSync(path, JSON.stringify({ kind: 'List', items }))
    return path
  }
  const half = pods.length >> 1
  return {
    whole: write('pods.json', pods),
    first: write('first.json', pods.slice(0, half)),
    second: write('second.json', pods.slice(half)),
  }
}

function measure(mode: Mode, files: Files): object {
  const self = fileURLToPath(import.meta.url)
  const out = execFileSync(process.execPath, [self, mode, JSON.stringify(files)], {
    encoding: 'utf8',
  })
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as object
}

function run(): void {
  const dir = mkdtempSync(join(tmpdir(), 'split-read-'))
  try {
    const files = writeFiles(dir)
    const rounds = Array.from({ length: ROUNDS }, () =>
      Object.fromEntries(MODES.map((mode) => [mode, measure(mode, files)]))
    )
    console.log(JSON.stringify({ pods: NODES * PODS_PER_NODE, rounds }, null, 2))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (!isMainThread) {
  const { path, post } = workerData as { path: string; post: boolean }
  await workerReads(path, post)
} else {
  const [mode, files] = process.argv.slice(2)
  if (mode === undefined) run()
  else await child(mode as Mode, JSON.parse(files ?? '{}') as Files)
}
