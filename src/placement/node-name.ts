import type { Rejection } from './types.js'

/**
 * NodeName's Filter (pkg/scheduler/framework/plugins/nodename node_name.go `Fits`): a pod that
 * names a node in `spec.nodeName` fits only that node. In v1.35 it has no PreFilter, so every
 * other node is rejected at Filter, UnschedulableAndUnresolvable.
 */

export const PLUGIN_NODE_NAME = 'NodeName'

/** NodeName's ErrReason. */
export const REASON_NODE_NAME = "node(s) didn't match the requested node name"

export function nodeNameFilter(podNodeName: string, nodeName: string): Rejection | null {
  if (podNodeName === '' || podNodeName === nodeName) return null
  return {
    plugin: PLUGIN_NODE_NAME,
    reasons: [REASON_NODE_NAME],
    unresolvable: true,
    detail: `spec.nodeName is ${podNodeName}`,
  }
}
