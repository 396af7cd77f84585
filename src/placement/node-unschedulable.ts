import type { TaintVerdict } from './taint-toleration.js'
import type { Rejection } from './types.js'

/**
 * NodeUnschedulable's Filter (pkg/scheduler/framework/plugins/nodeunschedulable
 * node_unschedulable.go): a cordoned node (`spec.unschedulable`) rejects a pod that does not
 * tolerate the `node.kubernetes.io/unschedulable:NoSchedule` taint, UnschedulableAndUnresolvable.
 * The verdict comes from the same compiled-toleration pass as TaintToleration
 * (taint-toleration.ts), which sees the cordon as that taint.
 */

export const PLUGIN_NODE_UNSCHEDULABLE = 'NodeUnschedulable'

export function nodeUnschedulableFilter(taints: TaintVerdict | undefined): Rejection | null {
  if (taints?.verdict !== 'cordoned' || taints.reason === null) return null
  const reasons = [taints.reason]
  return { plugin: PLUGIN_NODE_UNSCHEDULABLE, reasons, unresolvable: true, detail: '' }
}
