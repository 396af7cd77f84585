import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { load } from 'js-yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeApiServer, kubeconfigFor, type FakeNodeSpec } from '../support/fake-apiserver.js'
import { FIXTURES, runTool, tempFile } from './run-tool.js'

const NODES = `${FIXTURES}nodes.yaml`
const PODS = `${FIXTURES}pods.yaml`
const POD = `${FIXTURES}pod-web.yaml`

interface FixtureNode {
  metadata: { name: string; labels?: Record<string, string> }
  spec: { taints?: FakeNodeSpec['taints']; unschedulable?: boolean }
}

function items<T>(path: string): T[] {
  return (load(readFileSync(path, 'utf8')) as { items: T[] }).items
}

/** The fixture cluster, served as the API server serves it: what the files hold, and no more. */
async function fixtureApiServer(): Promise<FakeApiServer> {
  const api = await FakeApiServer.start()
  for (const node of items<FixtureNode>(NODES)) {
    api.addNode({
      name: node.metadata.name,
      labels: node.metadata.labels ?? {},
      taints: node.spec.taints ?? [],
      unschedulable: node.spec.unschedulable === true,
    })
  }
  api.setPods(items<unknown>(PODS))
  return api
}

/** A HOME whose ~/.kube/config is a copy of `kubeconfig`. */
function homeWith(kubeconfig: string): string {
  const home = mkdtempSync(join(tmpdir(), 'taint-extender-home-'))
  mkdirSync(join(home, '.kube'))
  copyFileSync(kubeconfig, join(home, '.kube', 'config'))
  return home
}

/**
 * A tool's JSON with its per-node rows in name order (`name` in explain's rows, `node` in
 * forecast's): the API server lists nodes by name, the fixture file in its own order.
 */
function rowsByNode(json: string, field: 'name' | 'node'): unknown {
  const parsed = JSON.parse(json) as { nodes: Record<string, string>[] }
  const key = (row: Record<string, string>): string => row[field] ?? ''
  return { ...parsed, nodes: [...parsed.nodes].sort((a, b) => key(a).localeCompare(key(b))) }
}

/** What each request since the `since`-th asked the API server for. */
function requestsSince(api: FakeApiServer, since: number): Record<string, string | null>[] {
  return api.requestLog.slice(since).map(({ url }) => {
    const parsed = new URL(url, 'http://api')
    const fieldSelector = parsed.searchParams.get('fieldSelector')
    return { path: parsed.pathname, fieldSelector, limit: parsed.searchParams.get('limit') }
  })
}

const NODE_LIST = { path: '/api/v1/nodes', fieldSelector: null, limit: '5000' }
/** The release the tools then speak for (the fake answers v1.35.0). */
const VERSION = { path: '/version', fieldSelector: null, limit: null }
/** Files name no release; the fake API server's, so that both answer alike. */
const AS_THE_SERVER = ['--kube-version', '1.35.0']
const podsOn = (nodeName: string) => ({
  path: '/api/v1/pods',
  fieldSelector: `spec.nodeName=${nodeName}`,
  limit: '5000',
})

/**
 * explain's one list of unfinished pods, of which it keeps, as kube-scheduler sees them, those
 * bound to a node and those bound to none but nominated to one: a second list would cost the
 * API server a second read of every pod.
 */
const EXPLAIN_PODS = [
  {
    path: '/api/v1/pods',
    fieldSelector: 'status.phase!=Succeeded,status.phase!=Failed',
    limit: '5000',
  },
]

/** The workload objects explain lists beside the pods (all at once, so in any order). */
const WORKLOAD_LISTS = [
  '/apis/apps/v1/deployments',
  '/apis/apps/v1/replicasets',
  '/apis/apps/v1/statefulsets',
  '/apis/apps/v1/daemonsets',
  '/apis/batch/v1/jobs',
  '/api/v1/replicationcontrollers',
  '/api/v1/services',
].map((path) => ({ path, fieldSelector: null, limit: '5000' }))

/** The requests, with those of the workload lists in the order WORKLOAD_LISTS names them. */
function workloadsInOrder(
  requests: Record<string, string | null>[]
): Record<string, string | null>[] {
  const rank = (r: Record<string, string | null>) =>
    WORKLOAD_LISTS.findIndex((w) => w.path === r.path)
  const lists = requests.filter((r) => rank(r) >= 0).sort((a, b) => rank(a) - rank(b))
  const first = requests.findIndex((r) => rank(r) >= 0)
  return first < 0
    ? requests
    : [
        ...requests.slice(0, first),
        ...lists,
        ...requests.filter((r, i) => i > first && rank(r) < 0),
      ]
}

const FORECAST = ['--taint', 'maintenance=planned:NoExecute', '--node', 'general-1']

/**
 * What a NoExecute taint's forecast reads beside the chosen node's pods and the pending ones, to
 * follow the evictions: the unfinished pods of every other node (its selector leaves out the
 * chosen node, so no pod is read twice), the PodDisruptionBudgets the evictions may break, and
 * the workload objects that recreate the evicted pods.
 */
const FOLLOW_LISTS = [
  {
    path: '/api/v1/pods',
    fieldSelector:
      'spec.nodeName!=,spec.nodeName!=general-1,status.phase!=Succeeded,status.phase!=Failed',
    limit: '5000',
  },
]
const PDB_LIST = { path: '/apis/policy/v1/poddisruptionbudgets', fieldSelector: null, limit: '500' }

describe('explain and forecast reading the live cluster instead of files', () => {
  let api: FakeApiServer
  let kubeconfig: string
  /** A kubeconfig whose API server refuses connections: reading through it fails. */
  let deadEnd: string
  let fromFiles: { explain: string; forecast: string }
  /** An empty list of workload objects, as the fake API server serves them. */
  let workloads: string

  beforeAll(async () => {
    api = await fixtureApiServer()
    kubeconfig = kubeconfigFor(api.url)
    deadEnd = kubeconfigFor('http://127.0.0.1:1')
    const files = ['--nodes', NODES, '--pods', PODS, ...AS_THE_SERVER, '-o', 'json']
    // The fake API server's workload lists are empty: the files say the same.
    workloads = join(mkdtempSync(join(tmpdir(), 'taint-extender-workloads-')), 'none.json')
    writeFileSync(workloads, JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [] }))
    const explain = await runTool('explain', ['--pod', POD, ...files, '--workloads', workloads])
    const forecast = await runTool('forecast', [...FORECAST, ...files])
    fromFiles = { explain: explain.stdout, forecast: forecast.stdout }
  })
  afterAll(async () => {
    await api.close()
  })

  const explainFromCluster = (pod: string) =>
    runTool('explain', ['--pod', pod, '--kubeconfig', kubeconfig, '-o', 'json'])

  it('explain answers for the cluster’s nodes and placed pods what it answers for the same in files', async () => {
    const before = api.requestLog.length
    const result = await explainFromCluster(POD)
    expect(result).toMatchObject({ code: 0, stderr: '' })
    expect(rowsByNode(result.stdout, 'name')).toEqual(rowsByNode(fromFiles.explain, 'name'))
    expect(workloadsInOrder(requestsSince(api, before))).toEqual([
      NODE_LIST,
      ...EXPLAIN_PODS,
      ...WORKLOAD_LISTS,
      VERSION,
    ])
  })

  it('explain reads the PodDisruptionBudgets when preemption has candidates, and names the victims they leave', async () => {
    const low = (name: string, app: string) => ({
      metadata: { name, namespace: 'shop', labels: { app } },
      spec: { nodeName: 'general-1', priority: 0 },
      status: { phase: 'Running' },
    })
    api.setPods([low('guarded', 'guarded'), low('free', 'free')])
    api.setDisruptionBudgets([
      {
        metadata: { name: 'guarded', namespace: 'shop' },
        spec: { selector: { matchLabels: { app: 'guarded' } } },
        status: { disruptionsAllowed: 0 },
      },
    ])
    const pod = tempFile(
      'pod.yaml',
      [
        'metadata: { name: p, namespace: shop }',
        'spec:',
        '  containers: [{ name: c, image: i }]',
        '  priority: 100',
        '  nodeSelector: { pool: general }',
        '  affinity:',
        '    podAntiAffinity:',
        '      requiredDuringSchedulingIgnoredDuringExecution:',
        '        - labelSelector: { matchLabels: { app: free } }',
        '          topologyKey: pool',
      ].join('\n')
    )
    try {
      const before = api.requestLog.length
      const result = await explainFromCluster(pod)
      const parsed = JSON.parse(result.stdout) as {
        preemptionCandidates: { node: string; victims: string[] | null }[]
      }
      expect(parsed.preemptionCandidates).toContainEqual(
        expect.objectContaining({ node: 'general-1', victims: ['shop/free'] })
      )
      expect(requestsSince(api, before).map((r) => r.path)).toContain(
        '/apis/policy/v1/poddisruptionbudgets'
      )
    } finally {
      api.setPods(items<unknown>(PODS))
    }
  })

  it('explain reads the namespaces too when a namespaceSelector needs them, and answers as for the files', async () => {
    const namespaces = [{ metadata: { name: 'shop', labels: { team: 'web' } } }]
    api.setNamespaces(namespaces)
    const pod = tempFile(
      'pod.yaml',
      [
        'metadata: { name: p, namespace: shop }',
        'spec:',
        '  containers: [{ name: c, image: i }]',
        '  affinity:',
        '    podAntiAffinity:',
        '      requiredDuringSchedulingIgnoredDuringExecution:',
        '        - labelSelector: {}',
        '          namespaceSelector: { matchLabels: { team: web } }',
        '          topologyKey: topology.kubernetes.io/zone',
      ].join('\n')
    )
    const namespacesFile = tempFile('namespaces.json', JSON.stringify({ items: namespaces }))
    const files = [
      '--nodes',
      NODES,
      '--pods',
      PODS,
      '--namespaces',
      namespacesFile,
      ...AS_THE_SERVER,
    ]
    const fromFile = await runTool('explain', ['--pod', pod, ...files, '-o', 'json'])
    const before = api.requestLog.length
    const result = await explainFromCluster(pod)
    // The shop pods of zone-a repel it there, and zone-b's nodes are tainted or cordoned.
    expect(result).toMatchObject({ code: 1, stderr: '' })
    expect(rowsByNode(result.stdout, 'name')).toEqual(rowsByNode(fromFile.stdout, 'name'))
    expect(workloadsInOrder(requestsSince(api, before))).toEqual([
      NODE_LIST,
      ...EXPLAIN_PODS,
      ...WORKLOAD_LISTS,
      { path: '/api/v1/namespaces', fieldSelector: null, limit: '500' },
      VERSION,
    ])
  })

  it('forecast reads the nodes, and the pods of the node and those still pending, from the cluster and answers as for the files', async () => {
    const before = api.requestLog.length
    const result = await runTool('forecast', [
      ...FORECAST,
      '--kubeconfig',
      kubeconfig,
      '-o',
      'json',
    ])
    expect(result).toMatchObject({ code: 0, stderr: '' })
    expect(JSON.parse(result.stdout)).toEqual(JSON.parse(fromFiles.forecast))
    expect(workloadsInOrder(requestsSince(api, before))).toEqual([
      NODE_LIST,
      podsOn('general-1'),
      podsOn(''),
      ...FOLLOW_LISTS,
      VERSION,
      PDB_LIST,
      ...WORKLOAD_LISTS,
    ])
  })

  it('forecast with a selector asks for the pods of each node it selects, and answers as for the files', async () => {
    const argv = [
      '--taint',
      'other:NoSchedule',
      '--selector',
      'pool in (general,spot)',
      '-o',
      'json',
    ]
    const fromFile = await runTool('forecast', [
      ...argv,
      '--nodes',
      NODES,
      '--pods',
      PODS,
      ...AS_THE_SERVER,
    ])
    const before = api.requestLog.length
    const result = await runTool('forecast', [...argv, '--kubeconfig', kubeconfig])
    const nodeNames = (JSON.parse(result.stdout) as { nodes: { node: string }[] }).nodes.map(
      (n) => n.node
    )
    expect(nodeNames).toEqual(['general-1', 'general-2', 'spot-1'])
    expect(requestsSince(api, before)).toEqual([
      NODE_LIST,
      ...nodeNames.map(podsOn),
      podsOn(''),
      VERSION,
    ])
    expect(rowsByNode(result.stdout, 'node')).toEqual(rowsByNode(fromFile.stdout, 'node'))
  })

  it('forecast takes the pods from a file, and the nodes, budgets and workload objects from the cluster, when given --pods', async () => {
    const before = api.requestLog.length
    const result = await runTool('forecast', [
      ...FORECAST,
      '--pods',
      PODS,
      '--kubeconfig',
      kubeconfig,
      '-o',
      'json',
    ])
    expect(JSON.parse(result.stdout)).toEqual(JSON.parse(fromFiles.forecast))
    expect(workloadsInOrder(requestsSince(api, before))).toEqual([
      NODE_LIST,
      VERSION,
      PDB_LIST,
      ...WORKLOAD_LISTS,
    ])
  })

  it.each([
    ['--kubeconfig alone', () => ({ argv: ['--kubeconfig', kubeconfig], env: {} })],
    [
      'KUBECONFIG listing a file that does not exist, then the right one: the missing one is skipped',
      () => ({ argv: [], env: { KUBECONFIG: ['/nowhere/config', kubeconfig].join(delimiter) } }),
    ],
    [
      '~/.kube/config when neither --kubeconfig nor KUBECONFIG is set, as kubectl',
      () => ({ argv: [], env: { HOME: homeWith(kubeconfig) } }),
    ],
    [
      '--kubeconfig ahead of KUBECONFIG and ~/.kube/config',
      () => ({
        argv: ['--kubeconfig', kubeconfig],
        env: { KUBECONFIG: deadEnd, HOME: homeWith(deadEnd) },
      }),
    ],
    [
      'KUBECONFIG ahead of ~/.kube/config',
      () => ({ argv: [], env: { KUBECONFIG: kubeconfig, HOME: homeWith(deadEnd) } }),
    ],
  ])('finds the cluster through %s', async (_name, given) => {
    const { argv, env } = given()
    const result = await runTool('explain', ['--pod', POD, '-o', 'json', ...argv], env)
    expect(result).toMatchObject({ code: 0, stderr: '' })
    expect(rowsByNode(result.stdout, 'name')).toEqual(rowsByNode(fromFiles.explain, 'name'))
  })

  it.each([
    [
      'no file and no cluster to be found',
      { HOME: mkdtempSync(join(tmpdir(), 'taint-extender-home-')) },
      [],
      "--nodes FILE is required when no cluster is found (--kubeconfig, KUBECONFIG, ~/.kube/config or a pod's service account)",
    ],
    [
      'a KUBECONFIG none of whose files exists',
      { KUBECONFIG: ['/nowhere/a', '', '/nowhere/b'].join(delimiter) },
      [],
      'KUBECONFIG: none of its files exists (/nowhere/a, /nowhere/b)',
    ],
    [
      'a --kubeconfig that does not exist',
      {},
      ['--kubeconfig', '/nowhere/config'],
      '--kubeconfig: no file at /nowhere/config',
    ],
  ])('exits 2 with a message for %s', async (_name, env, argv, message) => {
    const result = await runTool('explain', ['--pod', POD, ...argv], env)
    expect(result).toEqual({ code: 2, stdout: '', stderr: message })
  })

  it('never looks for a cluster when every input is a file, even with a broken KUBECONFIG', async () => {
    const files = ['--nodes', NODES, '--pods', PODS, '--workloads', workloads]
    const argv = ['--pod', POD, ...files, ...AS_THE_SERVER, '-o', 'json']
    const result = await runTool('explain', argv, { KUBECONFIG: '/nowhere/config' })
    expect(result).toMatchObject({ code: 0, stdout: fromFiles.explain })
  })
})
