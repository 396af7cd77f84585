import { describe, expect, it } from 'vitest'
import { runTool, tempFile } from './run-tool.js'

const FIXTURES = new URL('../fixtures/removal', import.meta.url).pathname

/**
 * `forecast --taint KEY:EFFECT-` (or `KEY-`) and `forecast --uncordon`: what removing a taint,
 * or lifting a cordon, does next. The pending pods are tried in kube-scheduler's queue order
 * with the pods DaemonSets then make, each counted for the next; a running pod whose NoExecute
 * taint was to evict it stays; pods the default profile does not try are listed apart; a
 * removal that matches no taint of a selected node is refused as kubectl taint refuses it.
 */

const NODES = `${FIXTURES}/nodes.yaml`
const PODS = `${FIXTURES}/pods.yaml`

/** A pod asking `cpu`, on `node` ('' for pending), with more spec in YAML flow style. */
function pod(name: string, node: string, cpu: string, more = ''): string {
  return `- metadata: {name: ${name}, namespace: shop}
  spec:
    nodeName: '${node}'
    containers: [{name: c, image: i, resources: {requests: {cpu: '${cpu}'}}}]${more}
  status: {phase: ${node === '' ? 'Pending' : 'Running'}}`
}

/** A YAML List of `items` in a file of its own. */
const listFile = (name: string, items: readonly string[]) =>
  tempFile(name, ['apiVersion: v1', 'kind: List', 'items:', ...items].join('\n'))

const ARGV = ['--node', 'gpu-1', '--nodes', NODES, '--pods', PODS]

interface Document {
  uncordon?: boolean
  removal: { key: string; effect: string }
  nodes: {
    node: string
    running: { name: string; before: { kind: string }; after: { kind: string } }[]
  }[]
  pending: {
    namespace: string
    name: string
    node: string | null
    reason: string | null
    preempts: string[]
    madeBy: string | null
  }[]
  notTried: { pod: string; reason: string }[]
  summary: string
}

/** forecast's JSON for `argv`, which must exit 0. */
async function forecastDocument(argv: readonly string[]): Promise<Document> {
  const run = await runTool('forecast', [...argv, '-o', 'json'])
  expect(run.code).toBe(0)
  return JSON.parse(run.stdout) as Document
}

/** forecast's JSON for the removal `spec` on gpu-1 of the fixture cluster. */
const forecastJson = (spec: string) => forecastDocument(['--taint', spec, ...ARGV])

describe('taint-extender forecast of a taint removed', () => {
  it('tries the pending pods by priority, each counted for the next: the higher lands, the other finds no room left', async () => {
    const { pending } = await forecastJson('dedicated-')
    expect(pending.map((p) => [p.name, p.node])).toEqual([
      ['high', 'gpu-1'],
      ['low', null],
    ])
    expect(pending[1]?.reason).toMatch(/^0\/2 nodes are available: 2 Insufficient cpu\./)
  })

  it('keeps the key’s other effect when one is removed: gpu-1 still turns both away, so the higher preempts on plain-1', async () => {
    const { pending, nodes } = await forecastJson('dedicated:NoExecute-')
    expect(pending.map((p) => [p.name, p.node, p.preempts])).toEqual([
      ['high', 'plain-1', ['shop/filler']],
      ['low', null, []],
    ])
    expect(pending[1]?.reason).toContain('1 node(s) had untolerated taint(s)')
    // The NoExecute taint gone, the pod it was to evict after 300 s stays.
    expect(nodes[0]?.running.map((p) => [p.name, p.before.kind, p.after.kind])).toEqual([
      ['stays-300s', 'evicted-after', 'stays'],
    ])
  })

  it('lists the pending pods the default profile does not try apart, and tries none of them', async () => {
    const { pending, notTried } = await forecastJson('dedicated-')
    expect(pending.map((p) => p.name)).not.toContain('gated')
    expect(notTried).toEqual([
      { pod: 'shop/gated', reason: 'waiting for scheduling gates: [example.com/hold]' },
      { pod: 'shop/elsewhere', reason: 'for scheduler "batch-scheduler"' },
    ])
  })

  it('says it in a table, a line per pending pod and the summary', async () => {
    const run = await runTool('forecast', ['--taint', 'dedicated-', ...ARGV])
    expect(run.code).toBe(0)
    const lines = run.stdout.split('\n')
    expect(lines).toContain('PENDING POD   LANDS ON')
    expect(lines.some((l) => /^shop\/high +gpu-1$/.test(l))).toBe(true)
    expect(
      lines.some((l) => /^shop\/low +Pending: 0\/2 nodes are available: 2 Insufficient cpu/.test(l))
    ).toBe(true)
    expect(lines).toContain(
      'dedicated removed from 1 node(s): 1 running pod(s) no longer evicted; 2 pending pod(s) tried: 1 placed (1 on the changed nodes), 1 stay Pending.'
    )
  })

  it.each([
    ['a key the node does not have', 'gone-', 'taint "gone" not found on node gpu-1'],
    [
      'an effect the key does not have there',
      'dedicated:PreferNoSchedule-',
      'taint "dedicated:PreferNoSchedule" not found on node gpu-1',
    ],
  ])('refuses, exit 2, %s, as kubectl taint does', async (_name, spec, message) => {
    const run = await runTool('forecast', ['--taint', spec, ...ARGV])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(`--taint "${spec}": ${message}, which kubectl taint refuses`)
  })

  it('follows a pod a pending pod preempts on the node freed, as a preempted pod is followed', async () => {
    const pods = listFile('removal-preemption-pods.yaml', [
      pod('filler', 'plain-1', '3', '\n    priority: 2000'),
      pod(
        'victim',
        'gpu-1',
        '3',
        '\n    priority: 0\n    tolerations: [{key: dedicated, operator: Exists}]'
      ),
      pod('urgent', '', '2', '\n    priority: 1000'),
    ])
    const run = await runTool('forecast', [
      ...['--taint', 'dedicated-', '--node', 'gpu-1', '--nodes', NODES, '--pods', pods],
    ])
    expect(run.code).toBe(0)
    const lines = run.stdout.split('\n')
    expect(lines.some((l) => /^shop\/urgent +gpu-1; preempting shop\/victim$/.test(l))).toBe(true)
    expect(
      lines.some((l) =>
        /^shop\/victim +\+0 s, preempted by urgent +a bare pod: nothing recreates it +-$/.test(l)
      )
    ).toBe(true)
    // Nothing is evicted by a removal: only the preemptions are followed.
    expect(lines).toContain('1 preempted: 0 re-placed, 1 not recreated')
  })

  it('tries the pods DaemonSets now make on the node first, by their running pods’ priority, where a DaemonSet that selects other nodes or ran there already makes none', async () => {
    const daemonSet = (name: string, spec: string) => `- apiVersion: apps/v1
  kind: DaemonSet
  metadata: {name: ${name}, namespace: kube-system, uid: ${name}-uid}
  spec:
    selector: {matchLabels: {app: ${name}}}
    template:
      metadata: {labels: {app: ${name}}}
      spec:
        containers: [{name: c, image: i, resources: {requests: {cpu: 500m}}}]${spec}`
    const daemonPod = (name: string, node: string) => `- metadata:
    name: ${name}-${node}
    namespace: kube-system
    labels: {app: ${name}}
    ownerReferences: [{apiVersion: apps/v1, kind: DaemonSet, name: ${name}, uid: ${name}-uid, controller: true}]
  spec:
    nodeName: ${node}
    priority: 2000001000
    containers: [{name: c, image: i, resources: {requests: {cpu: 500m}}}]
  status: {phase: Running}`
    const pods = listFile('removal-daemon-pods.yaml', [
      pod('filler', 'plain-1', '2', '\n    priority: 0'),
      pod('waits', '', '3', '\n    priority: 0'),
      daemonSet('agent', ''),
      daemonPod('agent', 'plain-1'),
      daemonSet('plain-only', '\n        nodeSelector: {kubernetes.io/hostname: plain-1}'),
      daemonPod('plain-only', 'plain-1'),
      daemonSet('everywhere', '\n        tolerations: [{key: dedicated, operator: Exists}]'),
      daemonPod('everywhere', 'plain-1'),
      daemonPod('everywhere', 'gpu-1'),
    ])
    const { pending, summary } = await forecastDocument([
      ...['--taint', 'dedicated-', '--node', 'gpu-1', '--nodes', NODES, '--pods', pods],
    ])
    expect(pending.map((p) => [`${p.namespace}/${p.name}`, p.node, p.madeBy])).toEqual([
      ['kube-system/agent-<new>', 'gpu-1', 'DaemonSet agent'],
      ['shop/waits', 'gpu-1', null],
    ])
    expect(summary).toContain('2 pending pod(s) tried (1 made by DaemonSets for the changed nodes)')
  })
})

describe('taint-extender forecast --uncordon', () => {
  /** A node of 4 cpu with `spec` (YAML flow style). */
  const node = (
    name: string,
    spec: string
  ) => `- metadata: {name: ${name}, labels: {kubernetes.io/hostname: ${name}}}
  spec: ${spec}
  status: {allocatable: {cpu: '4', memory: 8Gi, pods: '110'}}`
  const unschedulableTaint = `{key: node.kubernetes.io/unschedulable, effect: NoSchedule, timeAdded: '2026-11-01T00:00:00Z'}`
  const cordoned = listFile('uncordon-nodes.yaml', [
    node('gpu-1', '{taints: [{key: dedicated, value: gpu, effect: NoSchedule}]}'),
    node('spare-1', `{unschedulable: true, taints: [${unschedulableTaint}]}`),
  ])
  const pods = listFile('uncordon-pods.yaml', [
    pod('low', '', '3', '\n    priority: 0'),
    pod('high', '', '3', '\n    priority: 1000'),
  ])

  it('tries the pending pods on the nodes uncordoned, their unschedulable taint gone with the cordon', async () => {
    const document = await forecastDocument([
      ...['--uncordon', '--node', 'spare-1', '--nodes', cordoned, '--pods', pods],
    ])
    expect(document.uncordon).toBe(true)
    expect(document).not.toHaveProperty('removal')
    expect(document.pending.map((p) => [p.name, p.node])).toEqual([
      ['high', 'spare-1'],
      ['low', null],
    ])
    expect(document.summary).toBe(
      'uncordoned 1 node(s): 2 pending pod(s) tried: 1 placed (1 on the changed nodes), 1 stay Pending.'
    )
  })

  it('places a pending pod nominated to a node it fits there, unscored, though the other node scores higher', async () => {
    const nodes = listFile('nominated-nodes.yaml', [
      node('busy-1', '{unschedulable: true}'),
      node('spare-1', '{unschedulable: true}'),
    ])
    const nominated = listFile('nominated-pods.yaml', [
      pod('running', 'busy-1', '2'),
      `- metadata: {name: nominated, namespace: shop}
  spec:
    containers: [{name: c, image: i, resources: {requests: {cpu: '1'}}}]
  status: {phase: Pending, nominatedNodeName: busy-1}`,
      pod('twin', '', '1'),
    ])
    const document = await forecastDocument([
      ...['--uncordon', '--node', 'busy-1', '--node', 'spare-1'],
      ...['--nodes', nodes, '--pods', nominated],
    ])
    expect(document.pending.map((p) => [p.name, p.node])).toEqual([
      ['nominated', 'busy-1'],
      ['twin', 'spare-1'],
    ])
  })

  it('places nothing on a node kubectl uncordon finds uncordoned already: it changes nothing', async () => {
    const { pending } = await forecastDocument([
      ...['--uncordon', '--node', 'gpu-1', '--nodes', cordoned, '--pods', pods],
    ])
    expect(pending.map((p) => [p.name, p.node])).toEqual([
      ['high', null],
      ['low', null],
    ])
  })
})
