import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * `explain` from files on a large cluster: 5000 nodes and 150,000 placed pods (requests, a
 * required anti-affinity term on a third of them, spread constraints on a third), a pod that
 * fits nowhere for cpu and so runs the preemption dry run on every node. Each measurement runs
 * in a fresh process: the wall time and peak RSS of `explain`, beside those of reading the same
 * files with JSON.parse alone, and of reading the nodes and pods alone, streamed as explain reads
 * them and whole as it read them before. Not a test: `npm run bench:explain`.
 */

const NODES = Number(process.env.BENCH_NODES ?? 5000)
const PODS_PER_NODE = Number(process.env.BENCH_PODS_PER_NODE ?? 30)
/** `BENCH_PENDING`: also time `explain --pending` with one pending pod and with this many. */
const PENDING = Number(process.env.BENCH_PENDING ?? 0)
const PENDING_CPU = process.env.BENCH_PENDING_CPU ?? '100m'
const ZONES = 10

function nodeObject(i: number): unknown {
  return {
    metadata: {
      name: `node-${i}`,
      labels: {
        'kubernetes.io/hostname': `node-${i}`,
        'topology.kubernetes.io/zone': `zone-${i % ZONES}`,
        'node.kubernetes.io/instance-type': 'm5.2xlarge',
      },
    },
    spec:
      i % 50 === 0 ? { taints: [{ key: 'dedicated', value: 'infra', effect: 'NoSchedule' }] } : {},
    status: {
      allocatable: { cpu: '7910m', memory: '31Gi', pods: '110', 'ephemeral-storage': '95Gi' },
    },
  }
}

function podObject(node: number, j: number): unknown {
  const app = `app-${(node * PODS_PER_NODE + j) % 500}`
  const kind = j % 3
  return {
    metadata: { name: `pod-${node}-${j}`, namespace: `ns-${j % 20}`, labels: { app, tier: 'web' } },
    spec: {
      nodeName: `node-${node}`,
      priority: j % 4 === 0 ? 1000 : 0,
      containers: [
        {
          name: 'main',
          image: 'registry.example/app:1.2.3',
          resources: { requests: { cpu: '250m', memory: '512Mi' }, limits: { memory: '1Gi' } },
          ports: [{ containerPort: 8080, protocol: 'TCP' }],
        },
      ],
      ...(kind === 1
        ? {
            affinity: {
              podAntiAffinity: {
                requiredDuringSchedulingIgnoredDuringExecution: [
                  {
                    labelSelector: { matchLabels: { app } },
                    topologyKey: 'kubernetes.io/hostname',
                  },
                ],
              },
            },
          }
        : {}),
      ...(kind === 2
        ? {
            topologySpreadConstraints: [
              {
                maxSkew: 1,
                topologyKey: 'topology.kubernetes.io/zone',
                whenUnsatisfiable: 'DoNotSchedule',
                labelSelector: { matchLabels: { app } },
              },
            ],
          }
        : {}),
    },
    status: { phase: 'Running', startTime: '2026-11-01T00:00:00Z' },
  }
}

function incomingPod(): unknown {
  return {
    metadata: { name: 'incoming', namespace: 'ns-0', labels: { app: 'app-0', tier: 'web' } },
    spec: {
      priority: 100,
      containers: [{ name: 'main', resources: { requests: { cpu: '2', memory: '1Gi' } } }],
      affinity: {
        podAntiAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: [
            {
              labelSelector: { matchLabels: { app: 'app-0' } },
              topologyKey: 'kubernetes.io/hostname',
            },
          ],
        },
      },
    },
  }
}

/**
 * A pending pod as kube-scheduler's queue holds it: required pod affinity to the web tier's zone,
 * required anti-affinity to its own app's node, a toleration of the tainted nodes, and
 * `PENDING_CPU` (100m by default: it fits; 1 fits nowhere and runs preemption on every node).
 */
function pendingPod(k: number): unknown {
  const app = `app-${k % 500}`
  const term = (labels: Record<string, string>, topologyKey: string) => ({
    labelSelector: { matchLabels: labels },
    topologyKey,
  })
  return {
    metadata: { name: `pending-${k}`, namespace: `ns-${k % 20}`, labels: { app, tier: 'web' } },
    spec: {
      priority: 100,
      tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'infra', effect: 'NoSchedule' }],
      containers: [{ name: 'main', resources: { requests: { cpu: PENDING_CPU, memory: '1Gi' } } }],
      affinity: {
        podAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: [
            term({ tier: 'web' }, 'topology.kubernetes.io/zone'),
          ],
        },
        podAntiAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: [term({ app }, 'kubernetes.io/hostname')],
        },
      },
    },
    status: { phase: 'Pending' },
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
    nodes: join(dir, 'nodes.json'),
    pods: join(dir, 'pods.json'),
    pdbs: join(dir, 'pdbs.json'),
  }
  writeFileSync(files.pod, JSON.stringify(incomingPod()))
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

type Files = Record<'pod' | 'nodes' | 'pods' | 'pdbs', string> &
  Partial<Record<'pendingOne' | 'pendingMany', string>>

interface Measured {
  readonly wallMs: number
  readonly maxRssMiB: number
}

type Mode = 'explain' | 'parse' | 'read' | 'read-whole' | 'pending'

/**
 * `BENCH_BASELINE`: another build's explain-scale-child.js (say the main branch's, built in a
 * worktree of its own), whose `explain` is measured on the same files in the same run.
 */
const BASELINE = process.env.BENCH_BASELINE

function measure(
  mode: Mode,
  files: Files,
  child = fileURLToPath(new URL('./explain-scale-child.js', import.meta.url))
): Measured {
  const out = execFileSync(process.execPath, [child, mode, JSON.stringify(files)], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  })
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Measured
}

/**
 * `explain --pending` with one pending pod and with PENDING: each pod after the first, in ms;
 * with `prefix`, of the BENCH_BASELINE build.
 */
function pendingCost(files: Files, one: string, many: string, child?: string, prefix = ''): object {
  const first = measure('pending', { ...files, pods: one }, child)
  const all = measure('pending', { ...files, pods: many }, child)
  const perPodMs = Math.round((all.wallMs - first.wallMs) / (PENDING - 1))
  const name = (what: string) =>
    prefix === '' ? what : prefix + what[0]?.toUpperCase() + what.slice(1)
  return {
    [name('pendingOne')]: first,
    [name(`pending${PENDING}`)]: all,
    [name('pendingPerPodAfterFirstMs')]: perPodMs,
  }
}

const dir = mkdtempSync(join(tmpdir(), 'explain-scale-'))
try {
  const files = writeCluster(dir)
  const bytes = ['nodes', 'pods'].map((k) => readFileSync(files[k as 'nodes' | 'pods']).length)
  const parse = measure('parse', files)
  const read = measure('read', files)
  const readWhole = measure('read-whole', files)
  const explain = measure('explain', files)
  const baseline =
    BASELINE === undefined ? {} : { baselineExplain: measure('explain', files, BASELINE) }
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
        read,
        readWhole,
        explain,
        ...baseline,
        ...pending,
      },
      null,
      2
    )
  )
} finally {
  rmSync(dir, { recursive: true, force: true })
}
