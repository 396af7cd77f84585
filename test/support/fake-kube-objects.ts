/**
 * JSON bodies as a Kubernetes API server writes them: Node objects, NodeLists, Status errors.
 * Objects are built once per resourceVersion and never mutated afterwards, so a list snapshot
 * or watch history can hold references to them safely.
 */

export interface FakeTaint {
  readonly key: string
  readonly value?: string
  readonly effect: string
  readonly timeAdded?: string
}

/** What a test says about a node; everything else of the Node object is filled in. */
export interface FakeNodeSpec {
  readonly name: string
  readonly taints?: readonly FakeTaint[]
  readonly unschedulable?: boolean
  readonly labels?: Readonly<Record<string, string>>
}

export interface NodeObject {
  readonly kind: 'Node'
  readonly apiVersion: 'v1'
  readonly metadata: {
    readonly name: string
    readonly uid: string
    readonly resourceVersion: string
    readonly creationTimestamp: string
    readonly labels: Readonly<Record<string, string>>
  }
  readonly spec: { readonly unschedulable?: boolean; readonly taints?: readonly FakeTaint[] }
  readonly status: Readonly<Record<string, unknown>>
}

export function nodeObject(
  spec: FakeNodeSpec,
  resourceVersion: number,
  uid: string,
  created: string
): NodeObject {
  const nodeSpec: { unschedulable?: boolean; taints?: readonly FakeTaint[] } = {}
  if (spec.unschedulable) nodeSpec.unschedulable = true
  if (spec.taints !== undefined && spec.taints.length > 0) nodeSpec.taints = spec.taints
  return {
    kind: 'Node',
    apiVersion: 'v1',
    metadata: {
      name: spec.name,
      uid,
      resourceVersion: String(resourceVersion),
      creationTimestamp: created,
      labels: { 'kubernetes.io/hostname': spec.name, 'kubernetes.io/os': 'linux', ...spec.labels },
    },
    spec: nodeSpec,
    status: {
      conditions: [
        {
          type: 'Ready',
          status: 'True',
          reason: 'KubeletReady',
          message: 'kubelet is posting ready status',
          lastHeartbeatTime: created,
          lastTransitionTime: created,
        },
      ],
      addresses: [{ type: 'Hostname', address: spec.name }],
      nodeInfo: { kubeletVersion: 'v1.35.0', operatingSystem: 'linux', architecture: 'amd64' },
    },
  }
}

/** The spec a NodeObject was built from (for updates that change one field). */
export function specOf(node: NodeObject): FakeNodeSpec {
  return {
    name: node.metadata.name,
    taints: node.spec.taints ?? [],
    unschedulable: node.spec.unschedulable === true,
    labels: node.metadata.labels,
  }
}

export function nodeList(
  items: readonly NodeObject[],
  resourceVersion: number,
  continueToken: string | undefined,
  remainingItemCount: number
): unknown {
  const metadata: Record<string, unknown> = { resourceVersion: String(resourceVersion) }
  if (continueToken !== undefined) {
    metadata.continue = continueToken
    metadata.remainingItemCount = remainingItemCount
  }
  return { kind: 'NodeList', apiVersion: 'v1', metadata, items }
}

const REASONS: Readonly<Record<number, string>> = {
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  410: 'Expired',
  429: 'TooManyRequests',
  500: 'InternalError',
  503: 'ServiceUnavailable',
  504: 'Timeout',
}

/** A metav1.Status failure, as the API server sends for errors and in watch ERROR events. */
export function statusObject(code: number, message: string): Record<string, unknown> {
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason: REASONS[code] ?? 'Unknown',
    code,
  }
}

/** A BOOKMARK event's object: only the kind and the resourceVersion matter. */
export function bookmarkObject(resourceVersion: number): unknown {
  return { kind: 'Node', apiVersion: 'v1', metadata: { resourceVersion: String(resourceVersion) } }
}
