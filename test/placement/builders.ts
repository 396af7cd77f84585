import { REASON_NODE_AFFINITY } from '../../src/placement/index.js'
import type { KubeVersion, Toleration } from '../../src/core/index.js'
import type {
  ClaimFacts,
  CsiDriverFacts,
  CsiNodeFacts,
  VolumeAttachmentFacts,
  DisruptionBudget,
  HostPort,
  PodResources,
  AffinityPod,
  LabelRequirement,
  LabelSelector,
  NodeAffinitySpec,
  NominatedPod,
  NodeDiagnosis,
  NodeSelectorTerm,
  PlacementDiagnosis,
  PlacementNode,
  PlacementPod,
  PodAffinityTerm,
  PodPlacementInput,
  PersistentVolumeFacts,
  PodVolumeClaim,
  StorageCapacityFacts,
  StorageClassFacts,
  TopologySpreadConstraint,
} from '../../src/placement/index.js'
import { compileNode, CompiledTolerations } from '../../src/core/index.js'
import { diagnosePlacement, parseQuantity, volumeStorage } from '../../src/placement/index.js'
import { GATE_ON, taint } from '../core/builders.js'

/**
 * Shorthands for the placement tables (NodeName, NodeAffinity, InterPodAffinity and the
 * diagnosis over them), so that a row reads as its spec.
 */

export type LabelMap = Readonly<Record<string, string>>

/** `key In (a,b)`-style requirements: `req('foo', 'In', 'a', 'b')`. */
export function req(key: string, operator: string, ...values: string[]): LabelRequirement {
  return { key, operator, values }
}

export function term(...matchExpressions: LabelRequirement[]): NodeSelectorTerm {
  return { matchExpressions, matchFields: [] }
}

export function fieldTerm(
  matchFields: LabelRequirement[],
  matchExpressions: LabelRequirement[] = []
): NodeSelectorTerm {
  return { matchExpressions, matchFields }
}

export function selector(
  matchLabels: LabelMap = {},
  ...matchExpressions: LabelRequirement[]
): LabelSelector {
  return { matchLabels, matchExpressions }
}

export function podTerm(
  topologyKey: string,
  labelSelector: LabelSelector | null,
  more: Partial<PodAffinityTerm> = {}
): PodAffinityTerm {
  return { labelSelector, namespaces: [], namespaceSelector: null, topologyKey, ...more }
}

export interface PodSpec {
  readonly name?: string
  /** `metadata.uid`; unset when absent. */
  readonly uid?: string
  readonly namespace?: string
  readonly labels?: LabelMap
  readonly nodeName?: string
  readonly nodeSelector?: LabelMap
  readonly required?: readonly NodeSelectorTerm[] | null
  readonly preferred?: NodeAffinitySpec['preferred']
  readonly affinity?: readonly PodAffinityTerm[]
  readonly antiAffinity?: readonly PodAffinityTerm[]
  readonly preemptionPolicy?: string
  readonly resourceClaims?: number
  /** A volume the volume plugins read (a claim, say); none by default. */
  readonly storageVolumes?: boolean
  /** The claims its volumes name (which makes storageVolumes true); none by default. */
  readonly volumeClaims?: readonly PodVolumeClaim[]
  /** A volume the volume plugins read that names no claim (nfs, say); none by default. */
  readonly inlineStorage?: boolean
  readonly priority?: number | null
  readonly nominatedNodeName?: string
  /** One container's requests, as quantities (`{ cpu: '500m' }`). */
  readonly requests?: LabelMap
  /** The first container's `status.containerStatuses[].allocatedResources`. */
  readonly allocated?: LabelMap
  /** More containers' requests after the first. */
  readonly moreContainers?: readonly LabelMap[]
  readonly initContainers?: readonly { requests: LabelMap; sidecar?: boolean }[]
  readonly overhead?: LabelMap
  /** `spec.resources.requests`. */
  readonly podRequests?: LabelMap
  readonly hostPorts?: readonly HostPort[]
  readonly startTime?: string
  readonly topologySpreadConstraints?: readonly TopologySpreadConstraint[]
}

/** Quantities as the decoder keeps them (nanos). */
export function quantities(list: LabelMap = {}): Map<string, bigint> {
  return new Map(
    Object.entries(list).map(([name, text]) => {
      const nanos = parseQuantity(text)
      if (nanos === null) throw new Error(`${text} is not a quantity`)
      return [name, nanos]
    })
  )
}

function container(name: string, requests: LabelMap, restartable = false) {
  return { name, requests: quantities(requests), restartable, allocated: null, actuated: null }
}

function resourcesOf(spec: PodSpec): PodResources {
  return {
    containers: [spec.requests ?? {}, ...(spec.moreContainers ?? [])].map((r, i) => ({
      ...container(`c${i}`, r),
      allocated: i === 0 && spec.allocated !== undefined ? quantities(spec.allocated) : null,
    })),
    initContainers: (spec.initContainers ?? []).map((c, i) =>
      container(`init${i}`, c.requests, c.sidecar ?? false)
    ),
    overhead: quantities(spec.overhead),
    podLevel: quantities(spec.podRequests),
    resizeInfeasible: false,
  }
}

export function pod(spec: PodSpec = {}): PlacementPod {
  return {
    resources: resourcesOf(spec),
    hostPorts: spec.hostPorts ?? [],
    startTime: spec.startTime ?? null,
    name: spec.name ?? 'incoming',
    ...(spec.uid === undefined ? {} : { uid: spec.uid }),
    namespace: spec.namespace ?? 'default',
    labels: spec.labels ?? {},
    nodeName: spec.nodeName ?? '',
    nodeAffinity: {
      nodeSelector: spec.nodeSelector ?? {},
      required: spec.required ?? null,
      preferred: spec.preferred ?? [],
    },
    requiredAffinity: spec.affinity ?? [],
    requiredAntiAffinity: spec.antiAffinity ?? [],
    preemptionPolicy: spec.preemptionPolicy ?? '',
    resourceClaims: spec.resourceClaims ?? 0,
    storageVolumes:
      spec.storageVolumes ?? ((spec.volumeClaims ?? []).length > 0 || spec.inlineStorage === true),
    volumeClaims: spec.volumeClaims ?? [],
    inlineStorage: spec.inlineStorage ?? false,
    priority: spec.priority ?? null,
    nominatedNodeName: spec.nominatedNodeName ?? '',
    topologySpreadConstraints: spec.topologySpreadConstraints ?? [],
  }
}

/** A placed pod: bound to `nodeName`. */
export function placed(nodeName: string, spec: PodSpec = {}): AffinityPod {
  return pod({ name: `on-${nodeName}`, ...spec, nodeName })
}

/** A nominated pod: bound to no node yet, `status.nominatedNodeName` naming `nodeName`. */
export function nominated(nodeName: string, spec: PodSpec = {}): NominatedPod {
  return pod({
    name: `nominated-to-${nodeName}`,
    ...spec,
    nodeName: '',
    nominatedNodeName: nodeName,
  })
}

export interface NodeSpec {
  readonly labels?: LabelMap
  /** `status.allocatable`; absent: unknown, and NodeResourcesFit is not judged. */
  readonly allocatable?: LabelMap
  readonly taints?: readonly string[]
  readonly unschedulable?: boolean
}

export interface TestNode {
  readonly name: string
  readonly spec: NodeSpec
}

export function node(name: string, spec: NodeSpec = {}): TestNode {
  return { name, spec }
}

export interface Cluster {
  readonly nodes: readonly TestNode[]
  readonly pods?: readonly AffinityPod[] | null
  /** Pods nominated to nodes, not bound yet. */
  readonly nominated?: readonly NominatedPod[]
  readonly namespaces?: Readonly<Record<string, LabelMap>>
  readonly tolerations?: readonly Toleration[]
  readonly budgets?: readonly DisruptionBudget[] | null
  /** The release the diagnosis speaks for; the newest supported when absent. */
  readonly kubeVersion?: KubeVersion
  /** The PersistentVolumeClaims and StorageClasses read; not read when absent. */
  readonly storage?: {
    readonly claims: readonly ClaimFacts[]
    readonly classes: readonly StorageClassFacts[]
    /** The PersistentVolumes; not read when absent. */
    readonly volumes?: readonly PersistentVolumeFacts[]
    /** The CSINodes (VolumeAttachments beside them); not read when absent. */
    readonly csiNodes?: readonly CsiNodeFacts[]
    readonly attachments?: readonly VolumeAttachmentFacts[]
    /** The CSIDrivers (CSIStorageCapacities beside them); not read when absent. */
    readonly csiDrivers?: readonly CsiDriverFacts[]
    readonly capacities?: readonly StorageCapacityFacts[]
  }
}

/** The cluster's nodes as the diagnosis reads them. */
export function placementNodes(nodes: readonly TestNode[]): PlacementNode[] {
  return nodes.map((n) => ({
    name: n.name,
    labels: n.spec.labels ?? {},
    compiled: compileNode({
      name: n.name,
      resourceVersion: '1',
      unschedulable: n.spec.unschedulable ?? false,
      taints: (n.spec.taints ?? []).map((t) => taint(t)),
    }),
    allocatable: n.spec.allocatable === undefined ? null : quantities(n.spec.allocatable),
  }))
}

/** What the diagnosis reads besides the nodes and the placed pods. */
export function podInput(incoming: PlacementPod, cluster: Cluster): PodPlacementInput {
  return {
    pod: incoming,
    tolerations: new CompiledTolerations(cluster.tolerations ?? [], GATE_ON),
    disruptionBudgets: cluster.budgets ?? null,
    nominatedPods: cluster.nominated ?? [],
    namespaces: new Map(Object.entries(cluster.namespaces ?? {})),
    storage:
      cluster.storage === undefined
        ? null
        : volumeStorage(
            cluster.storage.claims,
            cluster.storage.classes,
            cluster.storage.volumes ?? null,
            {
              csiNodes: cluster.storage.csiNodes ?? null,
              attachments:
                cluster.storage.csiNodes === undefined ? null : (cluster.storage.attachments ?? []),
              csiDrivers: cluster.storage.csiDrivers ?? null,
              capacities:
                cluster.storage.csiDrivers === undefined
                  ? null
                  : (cluster.storage.capacities ?? []),
            }
          ),
    nodeLabelsKnown: true,
    options:
      cluster.kubeVersion === undefined
        ? GATE_ON
        : { ...GATE_ON, kubeVersion: cluster.kubeVersion },
  }
}

/** The diagnosis the CLI and the endpoint compute, for a pod over a small cluster. */
export function diagnose(incoming: PlacementPod, cluster: Cluster): PlacementDiagnosis {
  return diagnosePlacement({
    ...podInput(incoming, cluster),
    nodes: placementNodes(cluster.nodes),
    placedPods: cluster.pods === undefined ? [] : cluster.pods,
  })
}

export function nodeNamed(diagnosis: PlacementDiagnosis, name: string): NodeDiagnosis {
  const found = diagnosis.nodes.find((n) => n.name === name)
  if (found === undefined) throw new Error(`no node ${name} in the diagnosis`)
  return found
}

export interface NodeAffinityCase {
  readonly name: string
  readonly pod: PlacementPod
  readonly node: TestNode
  readonly reason: string | null
}

export function row(
  name: string,
  spec: PodSpec,
  labels: Record<string, string>,
  fits: boolean,
  nodeName = 'node-1'
): NodeAffinityCase {
  return {
    name,
    pod: pod(spec),
    node: node(nodeName, { labels }),
    reason: fits ? null : REASON_NODE_AFFINITY,
  }
}

/** A node of name `name` listing `images` in `status.images`. */
export function withImages(
  name: string,
  images: readonly { names: string[]; sizeBytes: number }[]
): PlacementNode {
  const [base] = placementNodes([node(name)])
  return { ...(base as PlacementNode), images }
}
