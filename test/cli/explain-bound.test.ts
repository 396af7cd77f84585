import { describe, expect, it } from 'vitest'
import { runTool, tempFile } from './run-tool.js'

/**
 * `explain` on a pod bound to a node: kube-scheduler never places it again, so it is explained
 * as bound (where it runs, whether that node would take it today and why not, what the
 * taint-eviction controller does with it there), exit 0, not as a Pending pod that fits nowhere.
 */

const NODES = tempFile(
  'nodes.yaml',
  [
    'items:',
    '  - metadata: { name: gpu-1 }',
    '    spec: { taints: [{ key: dedicated, value: gpu, effect: NoSchedule }] }',
    '    status: { allocatable: { cpu: "4", memory: 8Gi, pods: "110" } }',
    '  - metadata: { name: maint-1 }',
    '    spec: { taints: [{ key: maint, value: "yes", effect: NoExecute }] }',
    '    status: { allocatable: { cpu: "4", memory: 8Gi, pods: "110" } }',
    '  - metadata: { name: plain-1 }',
    '    status: { allocatable: { cpu: "4", memory: 8Gi, pods: "110" } }',
  ].join('\n')
)

/** web-0 bound to `node`, asking 3 cpu, tolerating `maint` for 300 s. */
const boundTo = (node: string): string =>
  [
    `  - metadata: { name: web-0, namespace: shop }`,
    `    spec:`,
    `      nodeName: ${node}`,
    `      containers: [{ name: c, resources: { requests: { cpu: "3" } } }]`,
    `      tolerations: [{ key: maint, operator: Exists, effect: NoExecute, tolerationSeconds: 300 }]`,
  ].join('\n')

interface Bound {
  bound: {
    node: string
    nodeFound: boolean
    wouldTakeToday: boolean | null
    diagnosis: { plugin: string | null; detail: string } | null
    eviction: { kind: string; seconds?: number } | null
  }
  summary: string
}

async function explainBound(node: string, flags: string[] = []) {
  const pod = tempFile(
    'pod.yaml',
    `apiVersion: v1\nkind: Pod\n${boundTo(node).replace(/^ {4}|^ {2}- /gm, '')}`
  )
  // The pod is also in the placed pods, as the cluster lists it: it is not counted against itself.
  const pods = tempFile('pods.yaml', `items:\n${boundTo(node)}`)
  return runTool('explain', ['--pod', pod, '--nodes', NODES, '--pods', pods, ...flags])
}

describe('explain on a bound pod', () => {
  it.each([
    [
      'a NoSchedule taint added after it was bound: the node would not take it, and it keeps running',
      'gpu-1',
      [],
      { wouldTakeToday: false, plugin: 'TaintToleration', eviction: 'stays' },
      'bound to node gpu-1, which would not take it today (TaintToleration: node(s) had untolerated taint(s)); the taint-eviction controller: stays.',
    ],
    [
      'a NoExecute taint it tolerates only for a while, with reject: the extender turns the node away, and the controller evicts it after 300s',
      'maint-1',
      [],
      { wouldTakeToday: false, plugin: 'taint-extender', eviction: 'evicted-after' },
      'bound to node maint-1, which would not take it today (taint-extender: node(s) had a NoExecute taint the pod tolerates only for a while); the taint-eviction controller: evicted after 300s (tolerationSeconds of the toleration for maint).',
    ],
    [
      'the same taint with allow: the node would take it, and it is still evicted after 300s',
      'maint-1',
      ['--evicting-nodes', 'allow'],
      { wouldTakeToday: true, plugin: null, eviction: 'evicted-after' },
      'bound to node maint-1, which would take it today; the taint-eviction controller: evicted after 300s (tolerationSeconds of the toleration for maint).',
    ],
    [
      'a node whose only pod is this one: its 3 cpu of 4 are not counted against itself',
      'plain-1',
      [],
      { wouldTakeToday: true, plugin: null, eviction: 'stays' },
      'bound to node plain-1, which would take it today; the taint-eviction controller: stays.',
    ],
  ])('%s', async (_name, node, flags, want, summary) => {
    const result = await explainBound(node, [...flags, '-o', 'json'])
    expect(result.code).toBe(0)
    const got = JSON.parse(result.stdout) as Bound
    expect({
      wouldTakeToday: got.bound.wouldTakeToday,
      plugin: got.bound.diagnosis?.plugin ?? null,
      eviction: got.bound.eviction?.kind,
    }).toEqual(want)
    expect(got.summary).toBe(summary)
  })

  it('names a node that is not among those read, and still exits 0', async () => {
    const result = await explainBound('gone', ['-o', 'json'])
    expect(result.code).toBe(0)
    expect((JSON.parse(result.stdout) as Bound).bound).toEqual({
      node: 'gone',
      nodeFound: false,
      wouldTakeToday: null,
      diagnosis: null,
      eviction: null,
    })
  })

  it('prints the node it is bound to alone, its summary, and that kube-scheduler does not place it again', async () => {
    const result = await explainBound('gpu-1')
    expect(result.code).toBe(0)
    const lines = result.stdout.split('\n')
    expect(lines[0]).toMatch(/^NODE +VERDICT/)
    expect(lines[1]).toMatch(/^gpu-1 +rejected .*TaintToleration: dedicated=gpu:NoSchedule$/)
    expect(lines[2]).toBe('')
    expect(lines[3]).toMatch(/^bound to node gpu-1, which would not take it today/)
    expect(result.stdout).not.toContain('nodes are available')
    expect(result.stdout).toContain(
      'kube-scheduler does not place a bound pod again: it runs where it is bound until it ends or is evicted.\n'
    )
  })
})
