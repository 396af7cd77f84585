import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { nodeObject, pendingPod, podObject, PODS_PER_NODE } from './explain-scale-objects.js'

/**
 * What a short run of the executables costs, start to exit, each command in a fresh process:
 * `version`, `explain` of one pod on a small cluster (BENCH_NODES nodes, 50 by default, with
 * explain-scale.ts's placed pods), and kubectl's completion of a flag, beside `node -e 0` (the
 * floor: Node.js's own start). With BENCH_BASELINE naming another build's dist/ (a worktree of
 * the main branch, built), that build runs each command too, the two builds alternately in each
 * of BENCH_ROUNDS rounds (9 by default). The two builds' explain must print the same document.
 * Not a test: `npm run bench:start`.
 */

const NODES = Number(process.env.BENCH_NODES ?? 50)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9)
const THIS_BUILD = fileURLToPath(new URL('../../dist', import.meta.url))
const BASELINE = process.env.BENCH_BASELINE

function writeCluster(dir: string): Record<'pod' | 'nodes' | 'pods', string> {
  const files = {
    pod: join(dir, 'pod.json'),
    nodes: join(dir, 'nodes.json'),
    pods: join(dir, 'pods.json'),
  }
  const pods: unknown[] = []
  for (let n = 0; n < NODES; n++) for (let j = 0; j < PODS_PER_NODE; j++) pods.push(podObject(n, j))
  const nodes = Array.from({ length: NODES }, (_, i) => nodeObject(i))
  writeFileSync(files.pod, JSON.stringify(pendingPod(0)))
  writeFileSync(files.nodes, JSON.stringify({ kind: 'List', items: nodes }))
  writeFileSync(files.pods, JSON.stringify({ kind: 'List', items: pods }))
  return files
}

/** Each command as argv after `node`, for a build's dist/ folder. */
function commands(dist: string, files: ReturnType<typeof writeCluster>): Record<string, string[]> {
  const cli = join(dist, 'cli.js')
  return {
    version: [cli, 'version'],
    // --pod, --nodes and --pods, each naming its file.
    explain: [
      cli,
      'explain',
      ...Object.entries(files).flatMap(([flag, path]) => [`--${flag}`, path]),
      '-o',
      'json',
    ],
    completion: [join(dist, 'kubectl-complete.js'), 'explain', '--o'],
  }
}

/** Wall time of one run, in ms; its stdout. Throws when it fails. */
function run(args: string[]): { ms: number; stdout: string } {
  const started = performance.now()
  const result = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 << 20 })
  const ms = performance.now() - started
  if (result.status !== 0)
    throw new Error(`node ${args.join(' ')} exited ${result.status}: ${result.stderr}`)
  return { ms, stdout: result.stdout }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return Math.round(sorted[Math.floor(sorted.length / 2)] ?? NaN)
}

const dir = mkdtempSync(join(tmpdir(), 'taint-extender-cli-start-'))
try {
  const files = writeCluster(dir)
  const builds: Record<string, Record<string, string[]>> = { this: commands(THIS_BUILD, files) }
  if (BASELINE !== undefined) builds.baseline = commands(resolve(BASELINE), files)
  const times: Record<string, number[]> = { 'node -e 0': [] }
  const outputs = new Map<string, string>()
  for (let round = 0; round < ROUNDS; round++) {
    times['node -e 0']?.push(run(['-e', '0']).ms)
    for (const [build, byCommand] of Object.entries(builds)) {
      for (const [command, args] of Object.entries(byCommand)) {
        const { ms, stdout } = run(args)
        ;(times[`${build}: ${command}`] ??= []).push(ms)
        if (command === 'explain') outputs.set(build, stdout)
      }
    }
    const answers = new Set(outputs.values())
    if (answers.size > 1) throw new Error('the two builds explain the pod differently')
  }
  const medianMs = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]))
  const minMs = Object.fromEntries(
    Object.entries(times).map(([k, v]) => [k, Math.round(Math.min(...v))])
  )
  console.log(
    JSON.stringify(
      { nodes: NODES, pods: NODES * PODS_PER_NODE, rounds: ROUNDS, medianMs, minMs },
      null,
      2
    )
  )
} finally {
  rmSync(dir, { recursive: true, force: true })
}
