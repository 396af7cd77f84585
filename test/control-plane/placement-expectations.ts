import { parseKubeVersion, type KubeVersion } from '../../src/core/kube-version.js'
import { REASON_EVICTING_TAINT, REASON_UNTOLERATED_TAINT } from '../../src/core/reasons.js'
import { findMatchingUntoleratedTaint } from '../../src/core/toleration.js'
import { untoleratedTaintReason } from '../../src/placement/kube-releases.js'
import { KUBE_VERSION } from '../support/control-plane/index.js'
import { referenceEvicts, referenceFilterNode } from '../../src/core/reference-rules.js'
import type { EvictingNodes, NodeTaints, Taint, Toleration } from '../../src/core/types.js'
import type { WireToleration } from '../support/wire.js'
import { NODES, type NodeCase, type PodCase } from './placement-cases.js'

/**
 * What kube-scheduler must do with each pod, from the readable reference rules: the nodes it may
 * be bound to, and, when there are none, the reasons and counts its FailedScheduling event
 * gives. Upstream's rules with the extender in `--evicting-nodes=allow`; with `reject`, the
 * extender's own rule too, applied after every in-tree Filter as kube-scheduler calls extenders.
 */

const OPTIONS = { comparisonOperators: false }
const RELEASE = parseKubeVersion(KUBE_VERSION) as KubeVersion
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

/** The extender's reason, which is the constant whatever kube-scheduler's release. */
function taintReason(pod: PodCase, node: NodeCase): string | null {
  return referenceFilterNode(pod.tolerations.map(ruleToleration), ruleNode(node), OPTIONS)
}

/**
 * The in-tree TaintToleration's reason as the control plane's kube-scheduler words it: up to
 * v1.34.1 it names the node's first untolerated NoSchedule/NoExecute taint.
 */
function inTreeTaintReason(pod: PodCase, node: NodeCase): string | null {
  const reason = taintReason(pod, node)
  if (reason !== REASON_UNTOLERATED_TAINT) return reason
  const hard = (t: Taint): boolean => t.effect === 'NoSchedule' || t.effect === 'NoExecute'
  const tolerations = pod.tolerations.map(ruleToleration)
  const first = findMatchingUntoleratedTaint(ruleNode(node).taints, tolerations, hard, OPTIONS)
  return untoleratedTaintReason(RELEASE, first)
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
    const affinity = selected(pod, node) ? null : AFFINITY
    const eviction = evictionReason(pod, node, mode)
    const reason = inTreeTaints
      ? (inTreeTaintReason(pod, node) ?? affinity ?? eviction)
      : (affinity ?? taintReason(pod, node) ?? eviction)
    if (reason !== null) counts.set(reason, (counts.get(reason) ?? 0) + 1)
  }
  return counts
}
