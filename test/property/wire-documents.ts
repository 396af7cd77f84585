import type fc from 'fast-check'
import type { NodeTaintsAt, Taint, Toleration } from '../../src/core/index.js'
import type { Json } from './json-paths.js'
import { podAndNodesArb } from './taint-arbitraries.js'

/** Wire documents: ExtenderArgs as kube-scheduler would send them, and a generator of them. */

function wireToleration(t: Toleration): Json {
  const out: { [key: string]: Json } = {}
  if (t.key !== '') out.key = t.key
  if (t.operator !== '') out.operator = t.operator
  if (t.value !== '') out.value = t.value
  if (t.effect !== '') out.effect = t.effect
  if (t.tolerationSeconds !== null) out.tolerationSeconds = Number(t.tolerationSeconds)
  return out
}

/** A taint as upstream encodes it: `value` is omitempty, `key` and `effect` are always there. */
export function wireTaint(
  t: Taint
): { key: string; effect: string } | { key: string; effect: string; value: string } {
  if (t.value === '') return { key: t.key, effect: t.effect }
  return { key: t.key, effect: t.effect, value: t.value }
}

/** A Pod object carrying these tolerations, with the usual bulk the extender must skip. */
export function wirePodOf(name: string, tolerations: readonly Toleration[]): Json {
  return {
    metadata: { name, namespace: 'default', uid: `uid-${name}` },
    spec: {
      containers: [{ name: 'c', image: 'registry.k8s.io/pause:3.9' }],
      tolerations: tolerations.map(wireToleration),
    },
    status: { phase: 'Pending' },
  }
}

/** A Node object for these taints, with labels and status the extender must echo unread. */
export function wireNodeOf(node: NodeTaintsAt): Json {
  const spec: { [key: string]: Json } = { taints: node.taints.map(wireTaint) }
  if (node.unschedulable) spec.unschedulable = true
  return {
    metadata: {
      name: node.name,
      resourceVersion: node.resourceVersion,
      labels: { 'kubernetes.io/hostname': node.name, 'topology.kubernetes.io/zone': 'z' },
    },
    spec,
    status: { capacity: { cpu: '8', pods: '110' }, conditions: [{ type: 'Ready' }] },
  }
}

export interface ArgsCase {
  readonly tolerations: Toleration[]
  readonly nodes: NodeTaintsAt[]
}

/** Tolerations and uniquely named nodes, to send as full-node ExtenderArgs. */
export const argsCaseArb: fc.Arbitrary<ArgsCase> = podAndNodesArb(6, 5).map(
  ({ tolerations, nodes }) => ({
    // JSON numbers carry tolerationSeconds; keep them exact (the rules ignore them anyway).
    tolerations: tolerations.map((t) => ({
      ...t,
      tolerationSeconds:
        t.tolerationSeconds === null ? null : BigInt(Number(t.tolerationSeconds) | 0),
    })),
    nodes: nodes.map((n, i) => ({ ...n, name: `${n.name}-${i}` })),
  })
)

export function wireArgsOf(c: ArgsCase): Json {
  return {
    Pod: wirePodOf('p', c.tolerations),
    Nodes: { metadata: {}, items: c.nodes.map(wireNodeOf) },
    NodeNames: null,
  }
}
