import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  incomingPod,
  nodeObject,
  pendingPod,
  podObject,
  PODS_PER_NODE,
} from './explain-scale-objects.js'
import { writeClaimedCluster, type PendingClaims } from './explain-scale-claims.js'
import { realisticNode } from './realistic-node.js'
import { measure, type Measured, type ScaleFiles } from './scale-measure.js'

/**
 * `explain` from files on a large cluster: 5000 nodes and 150,000 placed pods (requests, a
 * required anti-affinity term on a third of them, spread constraints on a third), a pod that
 * fits nowhere for cpu and so runs the preemption dry run on every node (`explain`), and a pod
 * that fits, with required pod affinity, anti-affinity and a toleration (`explainFits`). Each
 * measurement runs in a fresh process: the wall time and peak RSS of each, beside those of reading the same
 * files with JSON.parse alone, and of reading the nodes and pods alone: streamed as explain streams
 * them with nothing decoded (`scan`), streamed and decoded as explain reads them (`read`), and
 * whole as it read them before (`readWhole`). Then the pod that fits against NODES nodes as a
 * production cloud lists them (realistic-node.ts: 24 labels, 50 images each, about 16 KiB),
 * no pods given, beside JSON.parse of that file, and `explain --pending` of 100 pods each naming
 * an image of its own (`productionNodes`): what reading real nodes and their images costs.
 * Not a test: `npm run bench:explain`.
 */

const NODES = Number(process.env.BENCH_NODES ?? 5000)
/** `BENCH_PENDING`: also time `explain --pending` with one pending pod and with this many. */
const PENDING = Number(process.env.BENCH_PENDING ?? 0)
/**
 * `BENCH_CLAIMS`: also time `explain --pending` of this many pending pods each with a claim, on
 * the cluster a tenth of whose pods have claims (explain-scale-claims.ts): bound to a volume, or
 * waiting for its first consumer with a local volume on every node; beside the same pending pods
 * without volumes: what NodeVolumeLimits and the other volume plugins add.
 */
const CLAIMS = Number(process.env.BENCH_CLAIMS ?? 0)

/** `explain --pending` of CLAIMS pending pods with claims bound or waiting, and without. */
function claimsCost(dir: string, files: Files): object {
  if (CLAIMS === 0) return {}
  const run = (claims: PendingClaims) =>
    measure('pending', { ...files, ...writeClaimedCluster(dir, NODES, CLAIMS, claims) })
  return {
    [`pending${CLAIMS}Claimed`]: run('bound'),
    [`pending${CLAIMS}Waiting`]: run('waiting'),
    [`pending${CLAIMS}Unclaimed`]: run('none'),
  }
}

/** The placed pods and `count` pending ones, as one pods file for `explain --pending`. */
function writePendingPods(path: string, placed: readonly unknown[], count: number): string {
  const pending = Array.from({ length: count }, (_, k) => pendingPod(k))
  writeFileSync(path, JSON.stringify({ kind: 'List', items: [...placed, ...pending] }))
  return path
}

/** Writes the files; returns their paths. */
function writeCluster(dir: string): Files {
  const items: unknown[] = []
  for (let n = 0; n < NODES; n++)
    for (let j = 0; j < PODS_PER_NODE; j++) items.push(podObject(n, j))
  const files = {
    pod: join(dir, 'pod.json'),
    fits: join(dir, 'fits.json'),
    nodes: join(dir, 'nodes.json'),
    pods: join(dir, 'pods.json'),
    pdbs: join(dir, 'pdbs.json'),
  }
  writeFileSync(files.pod, JSON.stringify(incomingPod()))
  writeFileSync(files.fits, JSON.stringify(pendingPod(0)))
  writeFileSync(
    files.nodes,
    JSON.stringify({ kind: 'List', items: Array.from({ length: NODES }, (_, i) => nodeObject(i)) })
  )
  writeFileSync(files.pods, JSON.stringify({ kind: 'List', items }))
  const pdbs = Array.from({ length: 100 }, (_, i) => ({
    metadata: { namespace: `ns-${i % 20}`, name: `pdb-${i}` },
    spec: { selector: { matchLabels: { app: `app-${i}` } } },
    status: { disruptionsAllowed: i % 2 },
  }))
  writeFileSync(files.pdbs, JSON.stringify({ kind: 'List', items: pdbs }))
  if (PENDING === 0) return files
  return {
    ...files,
    pendingOne: writePendingPods(join(dir, 'pending-1.json'), items, 1),
    pendingMany: writePendingPods(join(dir, `pending-${PENDING}.json`), items, PENDING),
  }
}

type Files = Record<'pod' | 'fits' | 'nodes' | 'pods' | 'pdbs', string> &
  Partial<Record<'pendingOne' | 'pendingMany', string>>

/**
 * `BENCH_BASELINE`: another build's explain-scale-child.js (say the main branch's, built in a
 * worktree of its own), whose `explain` is measured on the same files in the same run.
 */
const BASELINE = process.env.BENCH_BASELINE

/**
 * `BENCH_ROUNDS` (3): the target's ratio, `explain` of the pod that fits against `JSON.parse` of
 * the same files, from this many rounds of the children one after the other, each round's ratio
 * and their median: `JSON.parse`'s own time moves by a third from one minute to the next, and
 * the runs of a round meet the same spell of the machine. With `BENCH_BASELINE`, that build's
 * `explain` runs in each round too.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)

function fitsToParse(files: Files): object {
  const fits = { ...files, pod: files.fits }
  const ratios: number[] = []
  const baselineRatios: number[] = []
  const ratio = (a: Measured, b: Measured) => Math.round((a.wallMs / b.wallMs) * 100) / 100
  for (let round = 0; round < ROUNDS; round++) {
    const parse = measure('parse', files)
    ratios.push(ratio(measure('explain', fits), parse))
    if (BASELINE !== undefined)
      baselineRatios.push(ratio(measure('explain', fits, BASELINE), parse))
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]
  const baseline =
    BASELINE === undefined ? {} : { baselineRatios, baselineMedian: median(baselineRatios) }
  return { ratios, median: median(ratios), ...baseline }
}

/**
 * `explain --pending` with one pending pod and with PENDING: each pod after the first, in ms;
 * with `prefix`, of the BENCH_BASELINE build.
 */
function pendingCost(files: Files, one: string, many: string, child?: string, prefix = ''): object {
  const first = measure('pending', { ...files, pods: one }, child)
  const all = measure('pending', { ...files, pods: many }, child)
  const perPodMs = Math.round((all.wallMs - first.wallMs) / (PENDING - 1))
  const judged = measure('judge', { ...files, pods: many }, child)
  const name = (what: string) =>
    prefix === '' ? what : prefix + what[0]?.toUpperCase() + what.slice(1)
  return {
    [name('pendingOne')]: first,
    [name(`pending${PENDING}`)]: all,
    [name('pendingPerPodAfterFirstMs')]: perPodMs,
    [name('pendingJudgeCpuMsPerPod')]: judged.judgeMs,
  }
}

/**
 * The pod that fits against NODES production nodes, no pods: JSON.parse of the files, explain,
 * and the BENCH_BASELINE build's explain.
 */
function productionNodes(dir: string, files: Files): object {
  const nodes = join(dir, 'production-nodes.json')
  const items = Array.from({ length: NODES }, (_, i) => ({
    apiVersion: 'v1',
    kind: 'Node',
    ...realisticNode(i),
  }))
  writeFileSync(nodes, JSON.stringify({ kind: 'List', items }))
  const pods = join(dir, 'no-pods.json')
  writeFileSync(pods, JSON.stringify({ kind: 'List', items: [] }))
  const run: ScaleFiles = { pod: files.fits, nodes, pods, pdbs: files.pdbs }
  const pending = { ...run, pods: writeImagePendingPods(join(dir, 'image-pending.json')) }
  return {
    fileMiB: Math.round(readFileSync(nodes).length / 2 ** 20),
    jsonParse: measure('parse', run),
    explainFits: measure('explain', run),
    [`pending${IMAGE_PENDING}Images`]: measure('pending', pending),
    ...(BASELINE === undefined
      ? {}
      : {
          baselineExplainFits: measure('explain', run, BASELINE),
          [`baselinePending${IMAGE_PENDING}Images`]: measure('pending', pending, BASELINE),
        }),
  }
}

/**
 * Pending pods each naming an image of its own: `explain --pending` past the image names looked
 * for one at a time (image-states.ts), to where every name is indexed.
 */
const IMAGE_PENDING = 100

function writeImagePendingPods(path: string): string {
  const items = Array.from({ length: IMAGE_PENDING }, (_, k) => {
    const pod = pendingPod(k) as { spec: { containers: Record<string, unknown>[] } }
    for (const container of pod.spec.containers) container.image = `registry.example/app-${k}:1.0`
    return pod
  })
  writeFileSync(path, JSON.stringify({ kind: 'List', items }))
  return path
}

const dir = mkdtempSync(join(tmpdir(), 'explain-scale-'))
try {
  const files = writeCluster(dir)
  const bytes = ['nodes', 'pods'].map((k) => readFileSync(files[k as 'nodes' | 'pods']).length)
  const parse = measure('parse', files)
  const scan = measure('scan', files)
  const read = measure('read', files)
  const readWhole = measure('read-whole', files)
  const explain = measure('explain', files)
  const explainFits = measure('explain', { ...files, pod: files.fits })
  const baseline =
    BASELINE === undefined
      ? {}
      : {
          baselineExplain: measure('explain', files, BASELINE),
          baselineExplainFits: measure('explain', { ...files, pod: files.fits }, BASELINE),
        }
  const { pendingOne, pendingMany } = files
  const pending =
    pendingOne === undefined || pendingMany === undefined
      ? {}
      : {
          ...pendingCost(files, pendingOne, pendingMany),
          ...(BASELINE === undefined
            ? {}
            : pendingCost(files, pendingOne, pendingMany, BASELINE, 'baseline')),
        }
  console.log(
    JSON.stringify(
      {
        nodes: NODES,
        pods: NODES * PODS_PER_NODE,
        fileMiB: Math.round(bytes.reduce((a, b) => a + b, 0) / 2 ** 20),
        jsonParse: parse,
        scan,
        read,
        readWhole,
        explain,
        explainFits,
        explainFitsToJsonParse: fitsToParse(files),
        ...baseline,
        ...pending,
        ...claimsCost(dir, files),
        productionNodes: productionNodes(dir, files),
      },
      null,
      2
    )
  )
} finally {
  rmSync(dir, { recursive: true, force: true })
}
