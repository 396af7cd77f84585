import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { nodeObject, podObject, PODS_PER_NODE } from './explain-scale-objects.js'
import { measure, type Measured } from './scale-measure.js'

/**
 * `forecast --taint maint=yes:NoExecute` of one full node on explain-scale.ts's cluster (5000
 * nodes, 30 pods on each), that node holding 110 pods (its `pods` allocatable) of eleven
 * ReplicaSets, read from a workloads file, so that every eviction is followed to where its
 * replacement lands; three budgets over them. Each measurement in a fresh process: forecast's wall
 * time and peak RSS beside JSON.parse of the same files and explain's read of the nodes and pods,
 * then `forecast --drain` of the same node, and with `BENCH_BASELINE` another build's forecast
 * of each on the same files in the same run.
 * Not a test: `npm run bench:forecast`.
 */

const NODES = Number(process.env.BENCH_NODES ?? 5000)
/** node-0 carries a NoSchedule taint (explain-scale-objects.ts): the full node is the next. */
const FULL_NODE = 1
const REPLICA_SETS = 11
const REPLICAS = 10
const NAMESPACE = 'ns-full'

function labelsOf(set: number): Record<string, string> {
  return { app: `full-${set}`, 'pod-template-hash': `h${set}` }
}

/** A pod as the template makes it: small requests, so that it fits beside 30 others. */
function podSpec(nodeName?: string) {
  const requests = { cpu: '50m', memory: '128Mi' }
  return {
    ...(nodeName === undefined ? {} : { nodeName }),
    containers: [{ name: 'main', image: 'registry.example/full:1', resources: { requests } }],
  }
}

function replicaSet(set: number): unknown {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { namespace: NAMESPACE, name: `full-${set}`, uid: `rs-uid-${set}` },
    spec: {
      replicas: REPLICAS,
      selector: { matchLabels: labelsOf(set) },
      template: { metadata: { labels: labelsOf(set) }, spec: podSpec() },
    },
  }
}

function fullNodePod(set: number, k: number): unknown {
  const owner = { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: `full-${set}` }
  return {
    metadata: {
      namespace: NAMESPACE,
      name: `full-${set}-${k}`,
      uid: `pod-uid-${set}-${k}`,
      labels: labelsOf(set),
      ownerReferences: [{ ...owner, uid: `rs-uid-${set}`, controller: true }],
    },
    spec: podSpec(`node-${FULL_NODE}`),
    // Ready, so that the budgets count it healthy (the disruption controller's countHealthyPods).
    status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
  }
}

/** Budgets over three of the sets, each allowing one disruption: the taint breaks them. */
function budget(set: number): unknown {
  return {
    metadata: { namespace: NAMESPACE, name: `full-${set}` },
    spec: { minAvailable: REPLICAS - 1, selector: { matchLabels: labelsOf(set) } },
    status: { disruptionsAllowed: 1, currentHealthy: REPLICAS, desiredHealthy: REPLICAS - 1 },
  }
}

function writeList(path: string, items: readonly unknown[]): string {
  writeFileSync(path, JSON.stringify({ kind: 'List', items }))
  return path
}

function writeCluster(dir: string) {
  const sets = Array.from({ length: REPLICA_SETS }, (_, s) => s)
  const pods: unknown[] = []
  for (let n = 0; n < NODES; n++) {
    if (n === FULL_NODE) continue
    for (let j = 0; j < PODS_PER_NODE; j++) pods.push(podObject(n, j))
  }
  for (const s of sets) for (let k = 0; k < REPLICAS; k++) pods.push(fullNodePod(s, k))
  const nodes = Array.from({ length: NODES }, (_, i) => nodeObject(i))
  return {
    nodes: writeList(join(dir, 'nodes.json'), nodes),
    pods: writeList(join(dir, 'pods.json'), pods),
    pdbs: writeList(join(dir, 'pdbs.json'), sets.slice(0, 3).map(budget)),
    workloads: writeList(join(dir, 'workloads.json'), sets.map(replicaSet)),
  }
}

/**
 * `BENCH_BASELINE`: another build's explain-scale-child.js (say the main branch's, built in a
 * directory of its own), whose forecast is measured on the same files right after this build's.
 */
const BASELINE = process.env.BENCH_BASELINE

const ratio = (a: Measured, b: Measured) => Math.round((a.wallMs / b.wallMs) * 100) / 100
/** The same ratio of CPU times, where they were read (scale-measure.ts). */
const cpuRatio = (a: Measured, b: Measured) =>
  a.cpuMs === undefined || b.cpuMs === undefined
    ? null
    : Math.round((a.cpuMs / b.cpuMs) * 100) / 100

const dir = mkdtempSync(join(tmpdir(), 'forecast-scale-'))
try {
  const files = writeCluster(dir)
  const inputs = (['nodes', 'pods', 'workloads', 'pdbs'] as const).flatMap((role) => [
    `--${role}`,
    files[role],
  ])
  const args = ['--taint', 'maint=yes:NoExecute', '--node', `node-${FULL_NODE}`, ...inputs]
  args.push('-o', 'json')
  // kubectl drain of the same node: every eviction planned, refused ones retried as the budgets
  // recover (forecast-drain.ts re-plans after each), then followed as the taint's are.
  const drainArgs = ['--drain', '--node', `node-${FULL_NODE}`, ...inputs, '-o', 'json']
  const bytes = Object.values(files).map((path) => readFileSync(path).length)
  const parse = measure('parse', files)
  const read = measure('read', files)
  const forecast = measure('forecast', files, undefined, args)
  const baseline = BASELINE === undefined ? undefined : measure('forecast', files, BASELINE, args)
  const drain = measure('forecast', files, undefined, drainArgs)
  const baselineDrain =
    BASELINE === undefined ? undefined : measure('forecast', files, BASELINE, drainArgs)
  console.log(
    JSON.stringify(
      {
        nodes: NODES,
        pods: (NODES - 1) * PODS_PER_NODE + REPLICA_SETS * REPLICAS,
        fileMiB: Math.round(bytes.reduce((a, b) => a + b, 0) / 2 ** 20),
        command: ['forecast', ...args].join(' '),
        jsonParse: parse,
        explainRead: read,
        forecast,
        forecastOverJsonParse: ratio(forecast, parse),
        forecastOverExplainRead: ratio(forecast, read),
        cpuForecastOverJsonParse: cpuRatio(forecast, parse),
        cpuForecastOverExplainRead: cpuRatio(forecast, read),
        drainCommand: ['forecast', ...drainArgs].join(' '),
        drain,
        drainOverJsonParse: ratio(drain, parse),
        drainOverExplainRead: ratio(drain, read),
        ...(baseline === undefined
          ? {}
          : {
              baselineForecast: baseline,
              baselineOverJsonParse: ratio(baseline, parse),
              forecastOverBaseline: ratio(forecast, baseline),
              cpuForecastOverBaseline: cpuRatio(forecast, baseline),
            }),
        ...(baselineDrain === undefined
          ? {}
          : {
              baselineDrain,
              drainOverBaseline: ratio(drain, baselineDrain),
              cpuDrainOverBaseline: cpuRatio(drain, baselineDrain),
            }),
      },
      null,
      2
    )
  )
} finally {
  rmSync(dir, { recursive: true, force: true })
}
