import { describe, expect, it } from 'vitest'
import { runTool, tempFile } from './run-tool.js'
import { boundClaim, csiVolume, storageFile } from './storage-objects.js'

/**
 * forecast following a NoExecute taint's evictions, through the tool, from files: a pods file
 * holding the controllers beside their pods (as `kubectl get pods,rs,sts,ds,jobs -A -o json`
 * prints them), and a budgets file. The engine's rules are in
 * test/placement/follow-evictions.test.ts; here, what the tool reads and says.
 */

const CPU = (cpu: string) => ({ cpu, memory: '8Gi', pods: '110' })

function nodeOf(name: string, cpu: string) {
  return { apiVersion: 'v1', kind: 'Node', metadata: { name }, status: { allocatable: CPU(cpu) } }
}

const owned = (kind: string, name: string) => [
  {
    apiVersion: kind === 'Job' ? 'batch/v1' : 'apps/v1',
    kind,
    name,
    uid: `u-${name}`,
    controller: true,
  },
]

function spec(cpu: string, more: Record<string, unknown> = {}) {
  return { containers: [{ name: 'c', image: 'i', resources: { requests: { cpu } } }], ...more }
}

function podOf(
  name: string,
  labels: Record<string, string>,
  owner: unknown[] | null,
  cpu: string,
  more = {}
) {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'shop',
      uid: `u-${name}`,
      labels,
      creationTimestamp: '2026-01-01T00:00:00Z',
      ...(owner === null ? {} : { ownerReferences: owner }),
    },
    spec: { nodeName: 'n1', ...spec(cpu, more) },
    status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
  }
}

function controller(kind: string, name: string, app: string, cpu: string, extra = {}, more = {}) {
  return {
    apiVersion: kind === 'Job' ? 'batch/v1' : 'apps/v1',
    kind,
    metadata: { name, namespace: 'shop', uid: `u-${name}`, ...extra },
    spec: {
      replicas: 1,
      selector: { matchLabels: { app } },
      template: { metadata: { labels: { app } }, spec: spec(cpu, more) },
    },
  }
}

const DEPLOYMENT_REF = [
  { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: 'u-dep', controller: true },
]

const NODES = tempFile(
  'follow-nodes.json',
  JSON.stringify({ kind: 'List', items: [nodeOf('n1', '8'), nodeOf('n2', '2'), nodeOf('n3', '2')] })
)

function podsFile(bigCpu: string): string {
  return tempFile(
    'follow-pods.json',
    JSON.stringify({
      kind: 'List',
      items: [
        podOf('web-7d9-a', { app: 'web' }, owned('ReplicaSet', 'web-7d9'), '500m'),
        podOf('big-5f6-a', { app: 'big' }, owned('ReplicaSet', 'big-5f6'), bigCpu),
        podOf('db-0', { app: 'db' }, owned('StatefulSet', 'db'), '500m'),
        podOf('agent-x1', { app: 'agent' }, owned('DaemonSet', 'agent'), '100m'),
        podOf('batch-q', { app: 'batch' }, owned('Job', 'batch'), '100m'),
        podOf('solo', { app: 'solo' }, null, '100m'),
        controller('ReplicaSet', 'web-7d9', 'web', '500m', { ownerReferences: DEPLOYMENT_REF }),
        controller('ReplicaSet', 'big-5f6', 'big', bigCpu),
        controller('StatefulSet', 'db', 'db', '500m'),
        controller('DaemonSet', 'agent', 'agent', '100m'),
        controller('Job', 'batch', 'batch', '100m'),
      ],
    })
  )
}

const PDBS = tempFile(
  'follow-pdbs.json',
  JSON.stringify({
    kind: 'List',
    items: [
      {
        apiVersion: 'policy/v1',
        kind: 'PodDisruptionBudget',
        metadata: { name: 'web', namespace: 'shop' },
        spec: { minAvailable: 1, selector: { matchLabels: { app: 'web' } } },
        status: { disruptionsAllowed: 0 },
      },
    ],
  })
)

interface Followed {
  evicted: {
    name: string
    owner: { kind: string; name: string } | null
    evictedAfterSeconds: number | null
    replacement: { node: string | null; tiedNodes: string[]; reason: string | null } | null
    notReplaced: string | null
  }[]
  budgets: { namespace: string; name: string; brokenAfterSeconds: number | null }[]
  followSummary: string
}

async function forecast(bigCpu: string, output: string[] = ['-o', 'json']) {
  const argv = ['--taint', 'maint=now:NoExecute', '--node', 'n1', '--nodes', NODES]
  return runTool('forecast', [...argv, '--pods', podsFile(bigCpu), '--pdbs', PDBS, ...output])
}

describe('taint-extender forecast following the evictions', () => {
  it('names each evicted pod’s owner and where its replacement lands, or why nothing replaces it, and the budget broken, exit 0', async () => {
    const result = await forecast('1')
    expect(result.code).toBe(0)
    const f = JSON.parse(result.stdout) as Followed
    const byName = Object.fromEntries(f.evicted.map((e) => [e.name, e]))
    expect(byName['web-7d9-a']?.owner).toEqual({ kind: 'Deployment', name: 'web' })
    expect(byName['web-7d9-a']?.replacement?.node).toMatch(/^n[23]$/)
    expect(byName['db-0']?.owner).toEqual({ kind: 'StatefulSet', name: 'db' })
    expect(byName['db-0']?.replacement?.node).toMatch(/^n[23]$/)
    expect(byName['solo']?.replacement).toBeNull()
    expect(byName['solo']?.notReplaced).toBe('a bare pod: nothing recreates it')
    // The DaemonSet's pod does not tolerate the new taint: no pod for n1 again.
    expect(byName['agent-x1']?.replacement).toBeNull()
    expect(byName['batch-q']?.owner).toEqual({ kind: 'Job', name: 'batch' })
    expect(f.budgets).toEqual([{ namespace: 'shop', name: 'web', brokenAfterSeconds: 0 }])
    expect(f.followSummary).toMatch(
      /^6 pods evicted: 4 re-placed, 2 not recreated; PDB shop\/web broken at \+0 s$/
    )
  })

  it('with --storage, keeps a StatefulSet’s replacement off the nodes its bound volume’s node affinity excludes, tainting or draining', async () => {
    const claimed = {
      volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data-db-0' } }],
    }
    const pods = tempFile(
      'follow-claimed.json',
      JSON.stringify({
        kind: 'List',
        items: [
          podOf('db-0', { app: 'db' }, owned('StatefulSet', 'db'), '500m', claimed),
          controller('StatefulSet', 'db', 'db', '500m'),
        ],
      })
    )
    const storage = storageFile(
      boundClaim('data-db-0', 'shop', 'pv-db-0'),
      csiVolume('pv-db-0', { key: 'disk', values: ['n1-only'] })
    )
    const argv = [
      '--taint',
      'maint=now:NoExecute',
      '--node',
      'n1',
      '--nodes',
      NODES,
      '--pods',
      pods,
    ]
    const result = await runTool('forecast', [...argv, '--storage', storage, '-o', 'json'])
    expect(result.code).toBe(1)
    const db = (JSON.parse(result.stdout) as Followed).evicted.find((e) => e.name === 'db-0')
    expect(db?.replacement?.reason).toBe(
      '0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 node(s) had volume node affinity conflict. no new claims to deallocate, preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.'
    )
    const drainArgv = ['--drain', '--node', 'n1', '--nodes', NODES, '--pods', pods]
    const drained = await runTool('forecast', [...drainArgv, '--storage', storage, '-o', 'json'])
    expect(drained.stdout).toContain(
      '0/3 nodes are available: 1 node(s) were unschedulable, 2 node(s) had volume node affinity conflict.'
    )
    const unread = await runTool('forecast', [...argv, '-o', 'json'])
    const again = (JSON.parse(unread.stdout) as Followed).evicted.find((e) => e.name === 'db-0')
    expect(again?.replacement?.node).toMatch(/^n[23]$/)
  })

  it('says a replacement stays Pending with the reason explain gives, and exits 1', async () => {
    const result = await forecast('3')
    expect(result.code).toBe(1)
    const f = JSON.parse(result.stdout) as Followed
    const big = f.evicted.find((e) => e.name === 'big-5f6-a')
    expect(big?.replacement?.node).toBeNull()
    // 3 cpu is more than n2's and n3's whole allocatable: preemption cannot help there (1.34+).
    expect(big?.replacement?.reason).toBe(
      '0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 Insufficient cpu. no new claims to deallocate, preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.'
    )
    expect(f.followSummary).toContain('1 Pending (Insufficient cpu)')
  })

  it('prints the table of what follows and its summary line under the taint’s own', async () => {
    const result = await forecast('3', [])
    expect(result.code).toBe(1)
    const lines = result.stdout.trimEnd().split('\n')
    expect(lines).toContain(lines.find((l) => /^POD +EVICTED AT +REPLACED BY +LANDS ON$/.test(l)))
    expect(lines.find((l) => l.startsWith('shop/solo '))).toMatch(
      /\+0 s +a bare pod: nothing recreates it +-$/
    )
    expect(lines.find((l) => l.startsWith('shop/big-5f6-a '))).toMatch(
      /ReplicaSet big-5f6 +Pending: 0\/3 nodes are available: /
    )
    expect(lines.at(-2)).toMatch(
      /^6 pods evicted: 3 re-placed, 1 Pending \(Insufficient cpu\), 2 not recreated; PDB shop\/web broken at \+0 s$/
    )
  })
})

/** Tolerates `dedicated=batch:NoSchedule`, which keeps the Deployment's pods off n3. */
const BATCH_ONLY = {
  tolerations: [{ key: 'dedicated', operator: 'Exists', effect: 'NoSchedule' }],
}

/**
 * n1 to be tainted; n2 filled by a priority-0 ReplicaSet's pod of 2 cpu; n3 kept for that
 * ReplicaSet by a NoSchedule taint, of `n3Cpu`: the Deployment's replacement, of priority
 * 1000, fits only by preempting on n2.
 */
function preemptionFiles(n3Cpu: string): string[] {
  const n3 = {
    ...nodeOf('n3', n3Cpu),
    spec: { taints: [{ key: 'dedicated', value: 'batch', effect: 'NoSchedule' }] },
  }
  const nodes = { kind: 'List', items: [nodeOf('n1', '4'), nodeOf('n2', '2'), n3] }
  const pods = [
    podOf('web-7d9-a', { app: 'web' }, owned('ReplicaSet', 'web-7d9'), '1', { priority: 1000 }),
    podOf('low-4c2-a', { app: 'low' }, owned('ReplicaSet', 'low-4c2'), '2', {
      nodeName: 'n2',
      priority: 0,
      ...BATCH_ONLY,
    }),
    controller('ReplicaSet', 'web-7d9', 'web', '1', { ownerReferences: DEPLOYMENT_REF }),
    controller('ReplicaSet', 'low-4c2', 'low', '2', {}, BATCH_ONLY),
  ]
  return [
    ...['--taint', 'maint=now:NoExecute', '--node', 'n1'],
    ...['--nodes', tempFile('preempt-nodes.json', JSON.stringify(nodes))],
    ...['--pods', tempFile('preempt-pods.json', JSON.stringify({ kind: 'List', items: pods }))],
  ]
}

interface PreemptedEntry {
  name: string
  cause: string
  preemptedBy: string | null
  evictedAfterSeconds: number | null
  owner: { kind: string; name: string } | null
  replacement: { name: string; node: string | null; preempts: string[] } | null
}

describe('taint-extender forecast following the pods a replacement preempts', () => {
  it('gives the preempted pod its own entry, by whom and when, and its replacement landing on the node kept for it, exit 0', async () => {
    const result = await runTool('forecast', [...preemptionFiles('2'), '-o', 'json'])
    expect(result.code).toBe(0)
    const f = JSON.parse(result.stdout) as { evicted: PreemptedEntry[]; followSummary: string }
    const [web, low] = f.evicted
    expect(web?.cause).toBe('evicted')
    expect(web?.preemptedBy).toBeNull()
    expect(web?.replacement?.node).toBe('n2')
    expect(web?.replacement?.preempts).toEqual(['shop/low-4c2-a'])
    expect(low?.name).toBe('low-4c2-a')
    expect(low?.cause).toBe('preempted')
    expect(low?.preemptedBy).toBe(web?.replacement?.name)
    expect(low?.evictedAfterSeconds).toBe(0)
    expect(low?.owner).toEqual({ kind: 'ReplicaSet', name: 'low-4c2' })
    expect(low?.replacement?.node).toBe('n3')
    expect(f.followSummary).toBe('1 pod evicted: 1 re-placed; 1 preempted: 1 re-placed')
  })

  it('says the preempted pod’s replacement stays Pending and why, in its row and the summary, and exits 1', async () => {
    const result = await runTool('forecast', preemptionFiles('1'))
    expect(result.code).toBe(1)
    const lines = result.stdout.trimEnd().split('\n')
    expect(lines.find((l) => l.startsWith('shop/low-4c2-a '))).toMatch(
      /^shop\/low-4c2-a +\+0 s, preempted by web-7d9-<new-1> +ReplicaSet low-4c2 +Pending: 0\/3 nodes are available: /
    )
    expect(lines.at(-2)).toBe(
      '1 pod evicted: 1 re-placed; 1 preempted: 0 re-placed, 1 Pending (Insufficient cpu)'
    )
  })
})

describe('taint-extender forecast scoring a replacement with the default topology spread of its ReplicaSet', () => {
  /**
   * web's replacement fits n2 (two web pods, light) and n3 (one heavy pod of no controller):
   * the resources scores favour n2, the system default spread of the ReplicaSet selecting it
   * (PodTopologySpread `DefaultConstraints`, ScheduleAnyway by hostname) outweighs them for n3.
   */
  function spreadFiles(): string[] {
    // Every node has its hostname label, the key of the default constraint that counts here.
    const named = (n: string) => ({
      ...nodeOf(n, '4'),
      metadata: { name: n, labels: { 'kubernetes.io/hostname': n } },
    })
    const nodes = { kind: 'List', items: ['n1', 'n2', 'n3'].map(named) }
    const rs = owned('ReplicaSet', 'web-7d9')
    const pods = [
      podOf('web-7d9-a', { app: 'web' }, rs, '100m'),
      podOf('web-7d9-b', { app: 'web' }, rs, '100m', { nodeName: 'n2' }),
      podOf('web-7d9-c', { app: 'web' }, rs, '100m', { nodeName: 'n2' }),
      podOf('batch', { app: 'batch' }, null, '1500m', { nodeName: 'n3' }),
      controller('ReplicaSet', 'web-7d9', 'web', '100m'),
    ]
    return [
      ...['--node', 'n1'],
      ...['--nodes', tempFile('spread-nodes.json', JSON.stringify(nodes))],
      ...['--pods', tempFile('spread-pods.json', JSON.stringify({ kind: 'List', items: pods }))],
      ...['-o', 'json'],
    ]
  }

  it.each([
    ['a NoExecute taint', ['--taint', 'maint=now:NoExecute']],
    ['a drain', ['--drain']],
  ])('lands the replacement after %s where the spread sends it', async (_, how) => {
    const result = await runTool('forecast', [...how, ...spreadFiles()])
    expect(result.stderr).toBe('')
    const doc = JSON.parse(result.stdout) as { evicted: PreemptedEntry[] }
    const web = doc.evicted.find((e) => e.name === 'web-7d9-a')
    expect(web?.replacement?.node).toBe('n3')
  })
})
