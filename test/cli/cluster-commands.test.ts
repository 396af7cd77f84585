import { readFileSync } from 'node:fs'
import { load } from 'js-yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeApiServer } from '../support/fake-apiserver.js'
import { cliAsync } from './run-cli.js'
import { FIXTURES, tempFile } from './run-tool.js'

/**
 * explain reading from a cluster as kubectl does, through the built executable against a fake
 * API server on plain HTTP: a pod by name (-n, the context's namespace, --context), every
 * pending pod (--pending, -n, -A), and an http:// server with no insecure-skip-tls-verify.
 */
interface Item {
  metadata: { name: string; namespace?: string; labels?: Record<string, string> }
  spec: { taints?: []; unschedulable?: boolean }
}
const items = (path: string): Item[] =>
  (load(readFileSync(path, 'utf8')) as { items: Item[] }).items

/** A pod pending in another namespace that no node's labels match. */
const NOWHERE = {
  metadata: { name: 'picky', namespace: 'lab' },
  spec: { containers: [{ name: 'c', image: 'i' }], nodeSelector: { pool: 'nowhere' } },
  status: { phase: 'Pending' },
}

/** A kubeconfig as kubectl writes one: contexts with namespaces, servers without TLS flags. */
function kubeconfig(servers: Record<string, string>, current: string, namespace?: string): string {
  const names = Object.keys(servers)
  const config = {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: names.map((name) => ({ name, cluster: { server: servers[name] } })),
    users: [{ name: 'u', user: {} }],
    contexts: names.map((name) => ({
      name,
      context: {
        cluster: name,
        user: 'u',
        ...(name === current && namespace ? { namespace } : {}),
      },
    })),
    'current-context': current,
  }
  return tempFile('kubeconfig', JSON.stringify(config))
}

describe('explain from the cluster', () => {
  let api: FakeApiServer
  let inShop: string
  let plain: string
  const paths = (since: number) => api.requestLog.slice(since).map((r) => decodeURIComponent(r.url))

  beforeAll(async () => {
    api = await FakeApiServer.start()
    for (const node of items(`${FIXTURES}nodes.yaml`)) {
      api.addNode({
        name: node.metadata.name,
        labels: node.metadata.labels ?? {},
        taints: node.spec.taints ?? [],
        unschedulable: node.spec.unschedulable === true,
      })
    }
    api.setPods([...items(`${FIXTURES}pods.yaml`), NOWHERE])
    inShop = kubeconfig({ fixture: api.url }, 'fixture', 'shop')
    plain = kubeconfig({ fixture: api.url }, 'fixture')
  })
  afterAll(async () => {
    await api.close()
  })

  it('reads POD by name in the context’s namespace, over plain HTTP, and answers as for its file', async () => {
    const since = api.requestLog.length
    const byName = await cliAsync([
      'explain',
      'waiting-plain',
      '--kubeconfig',
      inShop,
      '-o',
      'json',
    ])
    expect(byName.stderr).toBe('')
    expect(byName.code).toBe(0)
    expect(paths(since)[0]).toBe('/api/v1/namespaces/shop/pods/waiting-plain')
    const pod = items(`${FIXTURES}pods.yaml`).find((p) => p.metadata.name === 'waiting-plain')
    const file = tempFile('pod.json', JSON.stringify(pod))
    const fromFile = await cliAsync([
      'explain',
      '--pod',
      file,
      '--kubeconfig',
      inShop,
      '-o',
      'json',
    ])
    expect(JSON.parse(byName.stdout)).toEqual(JSON.parse(fromFile.stdout))
  })

  it('-n names the namespace instead; "default" when the context names none, as kubectl', async () => {
    const since = api.requestLog.length
    const named = await cliAsync(['explain', 'picky', '-n', 'lab', '--kubeconfig', inShop])
    expect(named.code).toBe(1)
    expect(named.stdout).toContain(
      "0/5 nodes are available: 1 node(s) were unschedulable, 2 node(s) didn't match Pod's node affinity/selector, 2 node(s) had untolerated taint(s)."
    )
    const fallback = await cliAsync(['explain', 'picky', '--kubeconfig', plain])
    expect(paths(since).filter((p) => p.includes('/picky'))).toEqual([
      '/api/v1/namespaces/lab/pods/picky',
      '/api/v1/namespaces/default/pods/picky',
    ])
    expect(fallback.code).toBe(2)
    expect(fallback.stderr.split('\n')[0]).toBe(
      `taint-extender explain: pod "picky" not found in namespace "default" on ${api.url}`
    )
  })

  it('--context picks another context of the kubeconfig; one it does not have is refused, naming those it has', async () => {
    const twoContexts = kubeconfig({ dead: 'http://127.0.0.1:1', fixture: api.url }, 'dead')
    const picked = await cliAsync([
      'explain',
      'picky',
      '-n',
      'lab',
      '--context',
      'fixture',
      '--kubeconfig',
      twoContexts,
    ])
    expect(picked.code).toBe(1)
    const unknown = await cliAsync([
      'explain',
      'picky',
      '--context',
      'prod',
      '--kubeconfig',
      twoContexts,
    ])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain(
      `context "prod" is not in kubeconfig ${twoContexts} (its contexts: dead, fixture)`
    )
  })

  it('--pending lists the namespace’s pending pods, grouped by what decides them, one list request', async () => {
    const since = api.requestLog.length
    const result = await cliAsync(['explain', '--pending', '--kubeconfig', inShop, '-o', 'json'])
    expect(result.code).toBe(0)
    expect(paths(since)).toContain(
      '/api/v1/namespaces/shop/pods?fieldSelector=spec.nodeName=,status.phase!=Succeeded,status.phase!=Failed&limit=5000&resourceVersion=0'
    )
    expect(JSON.parse(result.stdout)).toEqual({
      namespace: 'shop',
      kubeVersion: '1.35.0',
      groups: [
        {
          reason: 'fits by the constraints judged here',
          pods: ['waiting-plain', 'waiting-tolerant'].map((name) => ({
            namespace: 'shop',
            name,
            summary: expect.stringMatching(/^fits on \d of 5 node\(s\); the other \d: /),
            available: expect.any(Number),
            total: 5,
          })),
        },
      ],
    })
  })

  it('--pending -A lists every namespace’s, the largest group first, as a table', async () => {
    const result = await cliAsync(['explain', '--pending', '-A', '--kubeconfig', plain])
    expect(result.code).toBe(0)
    const lines = result.stdout.split('\n')
    expect(lines[0]).toBe('fits by the constraints judged here (2 pod(s)):')
    expect(lines[1]).toMatch(/^NAMESPACE {3}POD {16}SUMMARY$/)
    expect(lines).toContain(
      "node(s) didn't match Pod's node affinity/selector + node(s) had untolerated taint(s) + node(s) were unschedulable (1 pod(s)):"
    )
    expect(lines.find((l) => l.startsWith('lab '))).toMatch(
      /^lab {9}picky {3}0\/5 nodes are available: /
    )
  })

  it('--pending from files needs no cluster, and -n filters the file’s pods', async () => {
    const pods = tempFile(
      'pods.json',
      JSON.stringify({ items: [...items(`${FIXTURES}pods.yaml`), NOWHERE] })
    )
    const result = await cliAsync([
      'explain',
      '--pending',
      '-n',
      'lab',
      '--pods',
      pods,
      '--nodes',
      `${FIXTURES}nodes.yaml`,
      '-o',
      'json',
    ])
    expect(result.code).toBe(0)
    const groups = (JSON.parse(result.stdout) as { groups: { pods: { name: string }[] }[] }).groups
    expect(groups.flatMap((g) => g.pods.map((p) => p.name))).toEqual(['picky'])
  })

  it('--pending groups a pod that fits apart when a Filter plugin is left unjudged for it: its claim, its volume', async () => {
    const pending = (name: string, spec: Record<string, unknown>) => ({
      metadata: { name, namespace: 'shop' },
      spec: { containers: [{ name: 'c', image: 'i' }], ...spec },
      status: { phase: 'Pending' },
    })
    const claim = { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }] }
    const plain = { volumes: [{ name: 'config', configMap: { name: 'config' } }] }
    const pods = tempFile(
      'pods.json',
      JSON.stringify({
        items: [
          ...items(`${FIXTURES}pods.yaml`),
          pending('waiting-claim', claim),
          pending('waiting-config', plain),
          pending('waiting-gpu', { resourceClaims: [{ name: 'gpu' }] }),
        ],
      })
    )
    const args = ['--pending', '-n', 'shop', '--pods', pods, '--nodes', `${FIXTURES}nodes.yaml`]
    const result = await cliAsync(['explain', ...args, '-o', 'json'])
    expect(result.code).toBe(0)
    const groups = (
      JSON.parse(result.stdout) as { groups: { reason: string; pods: { name: string }[] }[] }
    ).groups
    const fits = 'fits by the constraints judged here'
    expect(groups.map((g) => [g.reason, g.pods.map((p) => p.name)])).toEqual([
      [fits, ['waiting-plain', 'waiting-tolerant', 'waiting-config']],
      [`${fits}; not judged: DRA (DynamicResources)`, ['waiting-gpu']],
      [
        `${fits}; not judged: volumes (VolumeRestrictions, NodeVolumeLimits, VolumeBinding, VolumeZone)`,
        ['waiting-claim'],
      ],
    ])
  })

  it('--pending with the claims read groups a pod whose claim binds at once under that refusal', async () => {
    const pending = (name: string) => ({
      metadata: { name, namespace: 'shop' },
      spec: {
        containers: [{ name: 'c', image: 'i' }],
        volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }],
      },
      status: { phase: 'Pending' },
    })
    const pods = tempFile(
      'pods.json',
      JSON.stringify({
        items: [...items(`${FIXTURES}pods.yaml`), pending('db-0'), pending('db-1')],
      })
    )
    const storage = tempFile(
      'storage.yaml',
      [
        'kind: List',
        'items:',
        '- kind: PersistentVolumeClaim',
        '  metadata: {name: data, namespace: shop}',
        '  spec: {storageClassName: standard}',
        '  status: {phase: Pending}',
        '- kind: StorageClass',
        '  metadata: {name: standard}',
        '  volumeBindingMode: Immediate',
      ].join('\n')
    )
    const args = ['--pending', '-n', 'shop', '--pods', pods, '--nodes', `${FIXTURES}nodes.yaml`]
    const result = await cliAsync(['explain', ...args, '--storage', storage, '-o', 'json'])
    expect(result.code).toBe(0)
    const groups = (
      JSON.parse(result.stdout) as { groups: { reason: string; pods: { name: string }[] }[] }
    ).groups
    expect(groups.map((g) => [g.reason, g.pods.map((p) => p.name)])).toEqual([
      ['fits by the constraints judged here', ['waiting-plain', 'waiting-tolerant']],
      ['pod has unbound immediate PersistentVolumeClaims', ['db-0', 'db-1']],
    ])
  })
})

describe('explain refuses, exit 2,', () => {
  it.each([
    [
      'a pod by name with no cluster to read it from',
      ['explain', 'web-0'],
      "explain web-0 reads the pod from the cluster: none is found (--kubeconfig, KUBECONFIG, ~/.kube/config or a pod's service account)",
    ],
    [
      'no pod at all',
      ['explain'],
      'give a pod: POD (by name), --pod FILE (or - for stdin), or --pending',
    ],
    [
      'POD and --pod both',
      ['explain', 'web-0', '--pod', '-'],
      'give one of --pod FILE, POD, not several',
    ],
    ['two pods by name', ['explain', 'a', 'b'], 'one pod at a time: a, b (or --pending for all)'],
    ['-A without --pending', ['explain', 'a', '-A'], '-A (--all-namespaces) goes with --pending'],
    [
      '-n and -A together',
      ['explain', '--pending', '-A', '-n', 'x'],
      'give -n NAMESPACE or -A, not both',
    ],
    [
      '-n with --pod FILE',
      ['explain', '--pod', '-', '-n', 'x'],
      '-n names the namespace of a pod read from the cluster; --pod FILE has its own',
    ],
  ])('%s', async (_name, args, message) => {
    const result = await cliAsync(args)
    expect(result.code).toBe(2)
    expect(result.stderr.split('\n')[0]).toBe(`taint-extender explain: ${message}`)
  })
})
