import { REASON_EVICTING_TAINT } from '../../src/core/reasons.js'
import { referenceEvicts, referenceFilterNode } from '../../src/core/reference-rules.js'
import type { EvictingNodes, NodeTaints, Toleration } from '../../src/core/types.js'
import type { WireToleration } from '../support/wire.js'
import { NODES, type NodeCase, type PodCase } from './placement-cases.js'

/**
 * What kube-scheduler must do with each pod, from the readable reference rules: the nodes it may
 * be bound to, and, when there are none, the reasons and counts its FailedScheduling event
 * gives. Upstream's rules with the extender in `--evicting-nodes=allow`; with `reject`, the
 * extender's own rule too, applied after every in-tree Filter as kube-scheduler calls extenders.
 */

const OPTIONS = { comparisonOperators: false }
const AFFINITY = "node(s) didn't match Pod's node affinity/selector"

function ruleToleration(t: WireToleration): Toleration {
  return {
    key: t.key ?? '',
    operator: t.operator ?? '',
    value: t.value ?? '',
    effect: t.effect ?? '',
    tolerationSeconds: t.tolerationSeconds === undefined ? null : BigInt(t.tolerationSeconds),
  }
}

function ruleNode(node: NodeCase): NodeTaints {
  return {
    name: node.name,
    unschedulable: node.unschedulable,
    taints: node.taints.map((t) => ({ ...t, value: t.value ?? '' })),
  }
}

function taintReason(pod: PodCase, node: NodeCase): string | null {
  return referenceFilterNode(pod.tolerations.map(ruleToleration), ruleNode(node), OPTIONS)
}

/** The extender's own rule: the node would evict the pod (with `reject` only). */
function evictionReason(pod: PodCase, node: NodeCase, mode: EvictingNodes): string | null {
  if (mode !== 'reject') return null
  const evicts = referenceEvicts(pod.tolerations.map(ruleToleration), ruleNode(node), OPTIONS)
  return evicts ? REASON_EVICTING_TAINT : null
}

function selected(pod: PodCase, node: NodeCase): boolean {
  return pod.group === null || pod.group === node.group
}

/** The nodes the rules allow the pod on. */
export function allowedNodes(pod: PodCase, mode: EvictingNodes): Set<string> {
  return new Set(
    NODES.filter(
      (node) =>
        selected(pod, node) &&
        taintReason(pod, node) === null &&
        evictionReason(pod, node, mode) === null
    ).map((n) => n.name)
  )
}

/**
 * Each node's reason, counted as the event counts them. With the in-tree plugins the default
 * profile's order decides (NodeUnschedulable, TaintToleration, then NodeAffinity); without them
 * NodeAffinity filters first and the extender judges what is left.
 */
export function expectedReasons(
  pod: PodCase,
  inTreeTaints: boolean,
  mode: EvictingNodes
): Map<string, number> {
  const counts = new Map<string, number>()
  for (const node of NODES) {
    const taint = taintReason(pod, node)
    const affinity = selected(pod, node) ? null : AFFINITY
    const eviction = evictionReason(pod, node, mode)
    const reason = inTreeTaints ? (taint ?? affinity ?? eviction) : (affinity ?? taint ?? eviction)
    if (reason !== null) counts.set(reason, (counts.get(reason) ?? 0) + 1)
  }
  return counts
}
