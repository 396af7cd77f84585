import { describe, expect, it } from 'vitest'
import { newDaemonPods, type ChangedNode, type Workload } from '../../src/placement/index.js'
import { GATE_ON, taint, toleration } from '../core/builders.js'
import { owned, TEMPLATE, workload } from './replacement.cases.js'

/**
 * The pods DaemonSets make when a node's taints change (daemon_controller.go
 * `NodeShouldRunDaemonPod`, `predicates`): one for each DaemonSet that did not run there before
 * and runs there after, none where one of its pods is bound already; pinned to the node, at its
 * running pods' priority.
 */

const DEDICATED = taint('dedicated=gpu:NoSchedule')

/** gpu-1, labelled pool=gpu, with the dedicated taint before the change and none after. */
const UNTAINTED: ChangedNode = {
  name: 'gpu-1',
  labels: { pool: 'gpu' },
  taintsBefore: [DEDICATED],
  taintsAfter: [],
}

/** The template with a nodeSelector. */
const selecting = (nodeSelector: Record<string, string>) => ({
  ...TEMPLATE,
  nodeAffinity: { ...TEMPLATE.nodeAffinity, nodeSelector },
})

const agent = (more: Partial<Workload> = {}) =>
  workload('DaemonSet', 'agent', { replicas: null, ...more })

describe('newDaemonPods', () => {
  it.each<[string, Workload, ChangedNode, string[]]>([
    [
      'a DaemonSet the taint kept off makes its pod once the taint is gone',
      agent(),
      UNTAINTED,
      ['gpu-1'],
    ],
    [
      'one whose pods tolerate the taint ran there before: it makes none',
      agent({ templateTolerations: [toleration({ key: 'dedicated', operator: 'Exists' })] }),
      UNTAINTED,
      [],
    ],
    [
      'one whose nodeSelector the node misses makes none',
      agent({ template: selecting({ pool: 'cpu' }) }),
      UNTAINTED,
      [],
    ],
    [
      'one whose nodeSelector the node matches makes its pod',
      agent({ template: selecting({ pool: 'gpu' }) }),
      UNTAINTED,
      ['gpu-1'],
    ],
    [
      'a PreferNoSchedule taint removed kept nothing off: none is made',
      agent(),
      { ...UNTAINTED, taintsBefore: [taint('dedicated=gpu:PreferNoSchedule')] },
      [],
    ],
    [
      'a NoExecute taint left on the node still keeps its pods off: none is made',
      agent(),
      { ...UNTAINTED, taintsAfter: [taint('dedicated=gpu:NoExecute')] },
      [],
    ],
    [
      'the unschedulable taint is tolerated by every DaemonSet pod: its removal makes none',
      agent(),
      { ...UNTAINTED, taintsBefore: [taint('node.kubernetes.io/unschedulable:NoSchedule')] },
      [],
    ],
    [
      'a DaemonSet whose template was not read makes none',
      agent({ template: null }),
      UNTAINTED,
      [],
    ],
  ])('%s', (_name, daemonSet, node, nodes) => {
    const made = newDaemonPods([daemonSet], [node], [], GATE_ON)
    expect(made.map((p) => p.pod.nodeAffinity.required?.[0]?.matchFields[0]?.values[0])).toEqual(
      nodes
    )
  })

  it('makes none on a node where a pod of the DaemonSet is bound already', () => {
    const running = owned('DaemonSet', 'agent', { nodeName: 'gpu-1' })
    expect(newDaemonPods([agent()], [UNTAINTED], [running], GATE_ON)).toEqual([])
  })

  it('names the new pod after the DaemonSet and gives it its running pods’ priority over its template’s', () => {
    const running = owned('DaemonSet', 'agent', { nodeName: 'n2', priority: 2000001000 })
    const [made] = newDaemonPods([agent()], [UNTAINTED], [running], GATE_ON)
    expect(made?.pod).toMatchObject({
      name: 'agent-<new>',
      namespace: 'shop',
      priority: 2000001000,
    })
    expect(made?.madeBy).toBe('DaemonSet agent')
  })
})
