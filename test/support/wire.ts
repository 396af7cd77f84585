/**
 * Builders for request bodies exactly as kube-scheduler encodes them (PascalCase extender keys,
 * camelCase Kubernetes objects), and a helper that re-cases keys the way a Go-tolerant client
 * might, to prove decoding is case-insensitive.
 */

export interface WireTaint {
  key: string
  value?: string
  effect: string
}

export interface WireToleration {
  key?: string
  operator?: string
  value?: string
  effect?: string
  tolerationSeconds?: number
}

export interface WireNodeOptions {
  taints?: WireTaint[]
  unschedulable?: boolean
  resourceVersion?: string
}

/** A node object with the usual bulk (labels, status) around the fields the rules read. */
export function wireNode(name: string, options: WireNodeOptions = {}): Record<string, unknown> {
  const spec: Record<string, unknown> = {}
  if (options.taints) spec.taints = options.taints
  if (options.unschedulable) spec.unschedulable = true
  return {
    metadata: {
      name,
      uid: `uid-${name}`,
      resourceVersion: options.resourceVersion ?? '1',
      labels: { 'kubernetes.io/hostname': name, 'topology.kubernetes.io/zone': 'zone-a' },
    },
    spec,
    status: {
      capacity: { cpu: '8', memory: '32Gi', pods: '110' },
      conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady' }],
      daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
    },
  }
}

export function wirePod(name: string, tolerations: WireToleration[] = []): Record<string, unknown> {
  return {
    metadata: { name, namespace: 'default', uid: `uid-${name}` },
    spec: { containers: [{ name: 'c', image: 'registry.k8s.io/pause:3.9' }], tolerations },
    status: { phase: 'Pending' },
  }
}

/** `ExtenderArgs` in full-node mode (nodeCacheCapable: false). */
export function nodesArgs(pod: unknown, nodes: unknown[]): Record<string, unknown> {
  return { Pod: pod, Nodes: { metadata: {}, items: nodes }, NodeNames: null }
}

/** `ExtenderArgs` in node-cache mode (nodeCacheCapable: true). */
export function namesArgs(pod: unknown, names: string[]): Record<string, unknown> {
  return { Pod: pod, Nodes: null, NodeNames: names }
}

/** `ExtenderPreemptionArgs` with meta victims (UIDs), as sent when nodeCacheCapable is true. */
export function metaVictimsArgs(
  pod: unknown,
  victims: Record<string, { uids: string[]; pdb?: number }>
): Record<string, unknown> {
  const map: Record<string, unknown> = {}
  for (const [node, v] of Object.entries(victims)) {
    map[node] = { Pods: v.uids.map((uid) => ({ UID: uid })), NumPDBViolations: v.pdb ?? 0 }
  }
  return { Pod: pod, NodeNameToVictims: null, NodeNameToMetaVictims: map }
}

/** `ExtenderPreemptionArgs` with full victims (whole pods), as sent when it is false. */
export function fullVictimsArgs(
  pod: unknown,
  victims: Record<string, { uids: string[]; pdb?: number }>
): Record<string, unknown> {
  const map: Record<string, unknown> = {}
  for (const [node, v] of Object.entries(victims)) {
    map[node] = {
      Pods: v.uids.map((uid) => ({ metadata: { name: `victim-${uid}`, uid }, spec: {} })),
      NumPDBViolations: v.pdb ?? 0,
    }
  }
  return { Pod: pod, NodeNameToVictims: map, NodeNameToMetaVictims: null }
}

/**
 * Lower-cases every object key in a document, as upstream's TestCompatibility does to prove
 * Go decodes any casing; values (node names, taint keys) are left alone.
 */
export function lowerCaseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(lowerCaseKeys)
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k.toLowerCase(), lowerCaseKeysUnlessMapOfNames(k, v)])
    )
  }
  return value
}

// Keys of these maps are node names, not field names; they keep their case.
const NAME_KEYED_MAPS = new Set(['NodeNameToVictims', 'NodeNameToMetaVictims'])

function lowerCaseKeysUnlessMapOfNames(key: string, value: unknown): unknown {
  if (NAME_KEYED_MAPS.has(key) && value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, lowerCaseKeys(v)]))
  }
  return lowerCaseKeys(value)
}
