import type { ClusterPod } from './cluster-pod.js'
import type { PlacementNode } from './placement-node.js'
import { labelOf, type LabelSelector } from './label-requirements.js'
import { AntiAffinityIndex } from './anti-affinity-index.js'
import { ImageStates } from './image-states.js'
import type { Labels } from './label-requirements.js'
import { hasAffinity, NodeInfo } from './node-info.js'
import { PodIndex } from './pod-index.js'

/** A label's value on each node of a snapshot, by the node's place. */
export type NodeLabelValues = readonly (string | undefined)[]

/**
 * The cluster as one scheduling run sees it (pkg/scheduler/internal/cache snapshot.go
 * `Snapshot`): a NodeInfo per node in the order the nodes were read (`nodeInfoList`), the nodes
 * whose pods have affinity terms and those whose pods have required anti-affinity terms
 * (`havePodsWithAffinityNodeInfoList`, `havePodsWithRequiredAntiAffinityNodeInfoList`), and the
 * pods by namespace and label that inter-pod affinity and topology spread select from. Built
 * once from what was read; `addPod` and `removePod` change it by one pod, in time proportional
 * to that pod (and its node's pod list), never to the cluster. A pod bound to a node the
 * snapshot does not hold is left out, as the scheduler's snapshot leaves out nodes it has no
 * Node object for.
 */
export class Snapshot {
  readonly nodes: readonly PlacementNode[]
  readonly nodeInfoList: readonly NodeInfo[]
  /** False when the pods bound to the nodes are not known: plugins that count them are unjudged. */
  readonly podsKnown: boolean
  /** The first node without `status.allocatable`; undefined when every node gives it. */
  readonly withoutAllocatable: PlacementNode | undefined
  readonly #byName = new Map<string, NodeInfo[]>()
  /** The last node of each name, which `get` answers for every pod counted by a plugin. */
  readonly #lastByName = new Map<string, NodeInfo>()
  /**
   * The places of pods taken off: a pod on a node has its place in that node's list, so only
   * these need keeping apart (a pod added back keeps its first place).
   */
  readonly #retired = new Map<ClusterPod, number>()
  readonly #index = new PodIndex()
  readonly #antiAffinity = new AntiAffinityIndex()
  #next = 0
  #changes = 0
  readonly #labelValues = new Map<string, NodeLabelValues>()
  /** The pods added (true) and taken off (false) since `record`, to take back; null: none. */
  #journal: [ClusterPod, boolean][] | null = null
  #withAffinity: readonly NodeInfo[] | null = null
  #withRequiredAntiAffinity: readonly NodeInfo[] | null = null

  private constructor(nodes: readonly PlacementNode[], podsKnown: boolean) {
    this.nodes = nodes
    this.podsKnown = podsKnown
    const order = (pod: ClusterPod) => this.orderOf(pod)
    const images = new ImageStates(nodes)
    this.nodeInfoList = nodes.map((node, i) => {
      const info = new NodeInfo(node, i, order, images)
      const named = this.#byName.get(node.name)
      if (named === undefined) this.#byName.set(node.name, [info])
      else named.push(info)
      this.#lastByName.set(node.name, info)
      return info
    })
    this.withoutAllocatable = nodes.find((n) => n.allocatable == null)
  }

  /** The snapshot of `nodes` and the pods bound to them; `pods` null when they are unknown. */
  static build(nodes: readonly PlacementNode[], pods: readonly ClusterPod[] | null): Snapshot {
    const snapshot = new Snapshot(nodes, pods !== null)
    for (const pod of pods ?? []) snapshot.addPod(pod)
    return snapshot
  }

  /**
   * The NodeInfo of a node name. A name listed twice is the last node of that name, as a map by
   * name keeps it; both nodes hold the pods bound to the name.
   */
  get(name: string): NodeInfo | undefined {
    return this.#lastByName.get(name)
  }

  /** How many times a pod was added or removed: what was computed over it holds while it stays. */
  get changes(): number {
    return this.#changes
  }

  /** The pod's place in the order pods were read; pods added later come after. */
  orderOf(pod: ClusterPod): number {
    return (
      this.#lastByName.get(pod.nodeName)?.placeOf(pod) ??
      this.#retired.get(pod) ??
      Number.POSITIVE_INFINITY
    )
  }

  /**
   * Places `pod` on the node its `nodeName` names (`AddPod`); false, changing nothing, when the
   * snapshot has no such node. A pod taken off and added back keeps its first place in order.
   */
  addPod(pod: ClusterPod): boolean {
    const infos = this.#byName.get(pod.nodeName)
    if (infos === undefined) return false
    const known = this.orderOf(pod)
    const place = known === Number.POSITIVE_INFINITY ? this.#next++ : known
    for (const info of infos) info.addPod(pod, place)
    this.#retired.delete(pod)
    this.#index.add(pod)
    if (pod.requiredAntiAffinity.length > 0) this.#antiAffinity.add(pod)
    this.#listsChanged(pod)
    this.#changes++
    this.#journal?.push([pod, true])
    return true
  }

  /** Takes `pod` off its node (`RemovePod`); false, changing nothing, when it is not there. */
  removePod(pod: ClusterPod): boolean {
    const infos = this.#byName.get(pod.nodeName)
    if (infos === undefined) return false
    const place = this.orderOf(pod)
    let removed = false
    for (const info of infos) removed = info.removePod(pod) || removed
    if (!removed) return false
    // Its place is kept for when it is added back, unless another copy of it stays on.
    if (this.orderOf(pod) === Number.POSITIVE_INFINITY) this.#retired.set(pod, place)
    this.#index.remove(pod)
    if (pod.requiredAntiAffinity.length > 0) this.#antiAffinity.remove(pod)
    this.#listsChanged(pod)
    this.#changes++
    this.#journal?.push([pod, false])
    return true
  }

  /** Keeps every change from now on, for `rollBack` to take back. */
  record(): void {
    this.#journal = []
  }

  /**
   * Takes back every change since `record`, the last first: the snapshot is again the one it
   * was then (a pod taken off and added back keeps its first place), and records again.
   */
  rollBack(): void {
    const journal = this.#journal ?? []
    this.#journal = null
    for (let i = journal.length - 1; i >= 0; i--) {
      const [pod, added] = journal[i] as [ClusterPod, boolean]
      if (added) this.removePod(pod)
      else this.addPod(pod)
    }
    this.#journal = []
  }

  /** The nodes with a pod that has an affinity or anti-affinity term (required or preferred), in node order. */
  get havePodsWithAffinity(): readonly NodeInfo[] {
    this.#withAffinity ??= this.nodeInfoList.filter((n) => n.podsWithAffinity.length > 0)
    return this.#withAffinity
  }

  /** The nodes with a pod that has a required anti-affinity term, in node order. */
  get havePodsWithRequiredAntiAffinity(): readonly NodeInfo[] {
    this.#withRequiredAntiAffinity ??= this.nodeInfoList.filter(
      (n) => n.podsWithRequiredAntiAffinity.length > 0
    )
    return this.#withRequiredAntiAffinity
  }

  /**
   * Each node's value of the label `key` (undefined where it has none), by the node's place in
   * `nodes`: a topology key's domains, read once for every pod judged rather than per node.
   */
  labelValues(key: string): NodeLabelValues {
    let values = this.#labelValues.get(key)
    if (values === undefined) {
      values = this.nodes.map((n) => labelOf(n.labels, key))
      this.#labelValues.set(key, values)
    }
    return values
  }

  /** The namespaces that hold a pod of the snapshot. */
  namespaces(): Iterable<string> {
    return this.#index.namespaces()
  }

  /** Pods of `namespace` that `selector` may match: every one it matches, and maybe others. */
  candidates(namespace: string, selector: LabelSelector | null): Iterable<ClusterPod> {
    return this.#index.candidates(namespace, selector)
  }

  /**
   * The pods with required anti-affinity whose terms may match a pod labelled `labels`: every
   * one whose term matches it, and maybe others.
   */
  antiAffinityCandidates(labels: Labels): Iterable<ClusterPod> {
    return this.#antiAffinity.candidates(labels)
  }

  /** The snapshot's pods of that namespace and name. */
  podsNamed(namespace: string, name: string): readonly ClusterPod[] {
    return this.#index.named(namespace, name)
  }

  /** The node lists are rebuilt when next read if the pod could change who is on them. */
  #listsChanged(pod: ClusterPod): void {
    if (hasAffinity(pod)) this.#withAffinity = null
    if (pod.requiredAntiAffinity.length > 0) this.#withRequiredAntiAffinity = null
  }
}
