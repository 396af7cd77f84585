import type { ClusterPod, HostPort } from './cluster-pod.js'
import type { FilterPlugin } from './framework.js'
import { HostPortInfo, sanitizedPort } from './host-ports.js'
import type { Rejection, SnapshotInput } from './types.js'

/**
 * NodePorts' Filter (pkg/scheduler/framework/plugins/nodeports node_ports.go `fitsPorts`, over
 * framework types.go `HostPortInfo`): a host port the pod asks for conflicts with one a pod on
 * the node holds for the same protocol and port when either address is the wildcard 0.0.0.0
 * or both are equal (host-ports.ts). Only ports with a `hostPort` count; PreFilter skips a pod without any. The
 * status is Unschedulable: preemption can free a port.
 */

export const PLUGIN_NODE_PORTS = 'NodePorts'
export const REASON_NODE_PORTS = "node(s) didn't have free ports for the requested pod ports"

function formatPort(port: HostPort): string {
  const { ip, key } = sanitizedPort(port)
  return `${ip}:${key}`
}

/** Which pod holds the port that conflicts, for the row's detail. */
function holder(pods: readonly ClusterPod[], wanted: HostPort): string {
  for (const pod of pods) {
    const info = new HostPortInfo()
    for (const port of pod.hostPorts ?? []) info.change(port, 1)
    if (info.conflicts(wanted)) return `${pod.namespace}/${pod.name}`
  }
  return 'a pod'
}

/** PreFilter: the pod's host ports; Skip (null) when it asks for none. Filter reads `UsedPorts`. */
export function preFilterNodePorts(
  input: SnapshotInput
): FilterPlugin | null | { notJudged: string } {
  const wanted = (input.pod.hostPorts ?? []).filter((p) => p.hostPort > 0)
  if (wanted.length === 0) return null
  if (!input.snapshot.podsKnown) return { notJudged: 'host ports (NodePorts: no pods given)' }
  return {
    name: PLUGIN_NODE_PORTS,
    filter(_state, node): Rejection | null {
      const taken = wanted.find((p) => node.usedPorts.conflicts(p))
      if (taken === undefined) return null
      return {
        plugin: PLUGIN_NODE_PORTS,
        reasons: [REASON_NODE_PORTS],
        unresolvable: false,
        detail: `${formatPort(taken)} held by ${holder(node.pods, taken)}`,
      }
    },
  }
}
