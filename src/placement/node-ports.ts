import type { ClusterPod, HostPort } from './cluster-pod.js'
import { podsByNode, type FilterPlugin } from './framework.js'
import type { PlacementInput, Rejection } from './types.js'

/**
 * NodePorts' Filter (pkg/scheduler/framework/plugins/nodeports node_ports.go `fitsPorts`, over
 * framework types.go `HostPortInfo`): a host port the pod asks for conflicts with one a pod on
 * the node holds for the same protocol and port when either address is the wildcard 0.0.0.0
 * or both are equal. An unset protocol is TCP and an unset address the wildcard
 * (`sanitize`). Only ports with a `hostPort` count; PreFilter skips a pod without any. The
 * status is Unschedulable: preemption can free a port.
 */

export const PLUGIN_NODE_PORTS = 'NodePorts'
export const REASON_NODE_PORTS = "node(s) didn't have free ports for the requested pod ports"

const WILDCARD = '0.0.0.0'

function sanitized(port: HostPort): { ip: string; key: string } {
  return {
    ip: port.hostIP === '' ? WILDCARD : port.hostIP,
    key: `${port.protocol === '' ? 'TCP' : port.protocol}/${port.hostPort}`,
  }
}

/** `HostPortInfo`: address → the protocol/port pairs held on it. */
class HostPortInfo {
  readonly #byIp = new Map<string, Set<string>>()

  add(port: HostPort): void {
    if (port.hostPort <= 0) return
    const { ip, key } = sanitized(port)
    const keys = this.#byIp.get(ip) ?? new Set<string>()
    keys.add(key)
    this.#byIp.set(ip, keys)
  }

  /** `CheckConflict`. */
  conflicts(port: HostPort): boolean {
    if (port.hostPort <= 0) return false
    const { ip, key } = sanitized(port)
    if (ip === WILDCARD) {
      for (const keys of this.#byIp.values()) if (keys.has(key)) return true
      return false
    }
    return this.#byIp.get(WILDCARD)?.has(key) === true || this.#byIp.get(ip)?.has(key) === true
  }
}

function formatPort(port: HostPort): string {
  const { ip, key } = sanitized(port)
  return `${ip}:${key}`
}

/** Which pod holds the port that conflicts, for the row's detail. */
function holder(pods: readonly ClusterPod[], wanted: HostPort): string {
  for (const pod of pods) {
    const info = new HostPortInfo()
    for (const port of pod.hostPorts ?? []) info.add(port)
    if (info.conflicts(wanted)) return `${pod.namespace}/${pod.name}`
  }
  return 'a pod'
}

/** PreFilter: the pod's host ports; Skip (null) when it asks for none. */
export function preFilterNodePorts(
  input: PlacementInput
): FilterPlugin | null | { notJudged: string } {
  const wanted = (input.pod.hostPorts ?? []).filter((p) => p.hostPort > 0)
  if (wanted.length === 0) return null
  if (input.placedPods === null) return { notJudged: 'host ports (NodePorts: no pods given)' }
  const byNode = podsByNode(input.placedPods)
  return {
    name: PLUGIN_NODE_PORTS,
    filter(node, changes): Rejection | null {
      const pods = [
        ...(byNode.get(node.name) ?? []).filter((p) => !changes.removed.has(p)),
        ...changes.added,
      ]
      const used = new HostPortInfo()
      for (const pod of pods) for (const port of pod.hostPorts ?? []) used.add(port)
      const taken = wanted.find((p) => used.conflicts(p))
      if (taken === undefined) return null
      return {
        plugin: PLUGIN_NODE_PORTS,
        reasons: [REASON_NODE_PORTS],
        unresolvable: false,
        detail: `${formatPort(taken)} held by ${holder(pods, taken)}`,
      }
    },
  }
}
