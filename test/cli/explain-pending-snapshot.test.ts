import { afterEach, describe, expect, it, vi } from 'vitest'
import { runPending } from '../../src/cli/explain-pending.js'
import { parseExplainOptions } from '../../src/config/index.js'
import { Snapshot } from '../../src/placement/index.js'
import { runTool, tempFile } from './run-tool.js'

/**
 * `explain --pending` builds the cluster's snapshot once and judges every pending pod against it,
 * and each pod's summary is the one `explain --pod` gives that pod alone (a snapshot of its own).
 */

const nodes = [
  ['n1', 'a'],
  ['n2', 'a'],
  ['n3', 'b'],
].map(([name, zone]) => ({
  metadata: { name, labels: { 'kubernetes.io/hostname': name, zone } },
  status: { allocatable: { cpu: '2', memory: '4Gi', pods: '10' } },
}))

function pod(name: string, spec: Record<string, unknown>, labels: Record<string, string> = {}) {
  return {
    metadata: { name, namespace: 'shop', labels },
    spec: {
      containers: [{ name: 'main', resources: { requests: { cpu: '500m' } } }],
      priority: 0,
      ...spec,
    },
    status: { phase: spec.nodeName === undefined ? 'Pending' : 'Running' },
  }
}

const awayFromWeb = {
  affinity: {
    podAntiAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: [
        { labelSelector: { matchLabels: { app: 'web' } }, topologyKey: 'zone' },
      ],
    },
  },
}

const bound = [
  pod('web-1', { nodeName: 'n1' }, { app: 'web' }),
  pod('cache-1', { nodeName: 'n3', ...awayFromWeb }, { app: 'cache' }),
  pod('big-1', {
    nodeName: 'n2',
    containers: [{ name: 'main', resources: { requests: { cpu: '1500m' } } }],
  }),
]
const pending = [
  pod('web-2', {}, { app: 'web' }),
  pod('cache-2', awayFromWeb, { app: 'cache' }),
  pod('huge', {
    priority: 10,
    containers: [{ name: 'main', resources: { requests: { cpu: '1800m' } } }],
  }),
]

const nodesFile = tempFile('nodes.json', JSON.stringify({ kind: 'List', items: nodes }))
const podsFile = tempFile(
  'pods.json',
  JSON.stringify({ kind: 'List', items: [...bound, ...pending] })
)

interface Row {
  readonly name: string
  readonly summary: string
}

/** explain over the cluster's files, as JSON. */
function explainJson(...target: string[]) {
  return runTool('explain', [...target, '--nodes', nodesFile, '--pods', podsFile, '-o', 'json'])
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('explain --pending over one snapshot', () => {
  it('builds the snapshot once for three pending pods, and each summary is the one explain --pod gives alone', async () => {
    const build = vi.spyOn(Snapshot, 'build')
    const all = await explainJson('--pending', '-A')
    expect(all.code).toBe(0)
    expect(build).toHaveBeenCalledTimes(1)
    const rows = (JSON.parse(all.stdout) as { groups: { pods: Row[] }[] }).groups.flatMap(
      (g) => g.pods
    )
    expect(rows.map((r) => r.name).sort()).toEqual(['cache-2', 'huge', 'web-2'])
    for (const p of pending) {
      const alone = await explainJson('--pod', tempFile('pod.json', JSON.stringify(p)))
      const { summary } = JSON.parse(alone.stdout) as { summary: string }
      expect(rows.find((r) => r.name === p.metadata.name)?.summary).toBe(summary)
    }
    // Three different verdicts: web-2 kept off zone b by cache-1's anti-affinity, cache-2 kept
    // out of zone a by its own, huge short of cpu everywhere.
    expect(new Set(rows.map((r) => r.summary)).size).toBe(3)
  })

  it('reads the pods file once for both its pending pods and the pods they are judged against, with the same verdicts', async () => {
    const argv = ['--pending', '-A', '--nodes', nodesFile, '--pods', podsFile, '-o', 'json']
    const parsed = parseExplainOptions(argv, {})
    const pods = parsed.pods
    if (pods?.kind !== 'file') throw new Error('--pods names a file')
    let reads = 0
    const counted = { ...pods, chunks: () => (reads++, pods.chunks()) }
    let stdout = ''
    const io = { stdout: (t: string) => (stdout += t), stderr: () => undefined }
    expect(await runPending({ ...parsed, pods: counted }, io)).toBe(0)
    expect(reads).toBe(1)
    expect(JSON.parse(stdout)).toEqual(JSON.parse((await explainJson('--pending', '-A')).stdout))
  })
})
