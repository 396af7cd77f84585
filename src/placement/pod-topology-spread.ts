import { NodeInclusion } from './pod-topology-spread-inclusion.js'
import { groupBy } from './group-by.js'
import { labelOf } from './label-requirements.js'
import type { LabelledNode } from './node-affinity.js'
import type { RuleOptions } from '../core/index.js'
import {
  podConstraints,
  selectorMatches,
  type HardConstraint,
  type IgnoredConstraint,
  type SpreadCountedPod,
  type SpreadNode,
  type SpreadPod,
} from './pod-topology-spread-constraints.js'
import {
  countMatchingPods,
  SpreadPreFilterState,
  type ConstraintCounts,
} from './pod-topology-spread-state.js'

/**
 * The PodTopologySpread Filter (kubernetes v1.35 pkg/scheduler/framework/plugins/podtopologyspread
 * filtering.go `PreFilter`, `Filter`, `AddPod`, `RemovePod`; plugin.go's reasons): prepared once
 * per pod over every node and the pods placed on them, then asked node by node. Preemption's dry
 * run and the pods nominated to a node change a clone of it with removePod and addPod, as
 * upstream's framework changes a copy of the cycle state.
 */

export const PLUGIN_POD_TOPOLOGY_SPREAD = 'PodTopologySpread'
/** ErrReasonConstraintsNotMatch. */
export const REASON_TOPOLOGY_SPREAD = "node(s) didn't match pod topology spread constraints"
/** ErrReasonNodeLabelNotMatch. */
export const REASON_TOPOLOGY_SPREAD_MISSING_LABEL = `${REASON_TOPOLOGY_SPREAD} (missing required label)`

export interface SpreadRejection {
  readonly reason: string
  /** UnschedulableAndUnresolvable: preemption cannot help on this node. */
  readonly unresolvable: boolean
  readonly detail: string
}

/** A pod bound to a node (terminal pods are not in the scheduler's cache, so not here). */
export interface SpreadPlacedPod extends SpreadCountedPod {
  readonly nodeName: string
}

export interface PodTopologySpreadInput {
  readonly pod: SpreadPod
  /** Every node of the snapshot: PreFilter counts over all of them, not the candidates only. */
  readonly nodes: readonly SpreadNode[]
  readonly placedPods: readonly SpreadPlacedPod[]
  readonly options: RuleOptions
}

export class PodTopologySpread {
  /** The pod's constraints that do not filter, and why. */
  readonly ignored: readonly IgnoredConstraint[]
  /** The pod has no constraint, so the cluster-default ones (ScheduleAnyway) apply. */
  readonly clusterDefaults: boolean
  /** PreFilter's error (a label selector that does not parse): it ends the scheduling cycle. */
  readonly error: string | null
  readonly #pod: SpreadPod
  readonly #inclusion: NodeInclusion
  readonly #state: SpreadPreFilterState

  private constructor(
    pod: SpreadPod,
    inclusion: NodeInclusion,
    state: SpreadPreFilterState,
    facts: Pick<PodTopologySpread, 'ignored' | 'clusterDefaults' | 'error'>
  ) {
    this.#pod = pod
    this.#inclusion = inclusion
    this.#state = state
    this.ignored = facts.ignored
    this.clusterDefaults = facts.clusterDefaults
    this.error = facts.error
  }

  /** PreFilter: the pod's DoNotSchedule constraints and the counts they start from. */
  static prepare(input: PodTopologySpreadInput): PodTopologySpread {
    const byNode = groupBy(input.placedPods, (p) => p.nodeName)
    return PodTopologySpread.prepareCounted(input, (node, c) =>
      countMatchingPods(byNode.get(node.name) ?? [], c, input.pod.namespace)
    )
  }

  /**
   * PreFilter with the matching pods on a node counted by `countOn` (`countPodsMatchSelector`
   * over the node's pods), which a snapshot answers from its index.
   */
  static prepareCounted(
    input: Omit<PodTopologySpreadInput, 'placedPods'>,
    countOn: (node: SpreadNode, c: HardConstraint) => number
  ): PodTopologySpread {
    const { pod, nodes } = input
    const constraints = podConstraints(pod)
    const inclusion = new NodeInclusion(pod, input.options)
    const hard = constraints.error === null ? constraints.hard : []
    const state = SpreadPreFilterState.compute(
      hard,
      hard.length === 0 ? [] : nodes,
      countOn,
      inclusion
    )
    return new PodTopologySpread(pod, inclusion, state, constraints)
  }

  /** PreFilter's Skip: no DoNotSchedule constraint, so neither Filter nor AddPod runs. */
  get skipped(): boolean {
    return this.error === null && this.#state.counts.length === 0
  }

  /** The DoNotSchedule constraints Filter checks, in the pod's order. */
  get constraints(): readonly HardConstraint[] {
    return this.#state.constraints
  }

  /**
   * Filter for one node: null when it passes. Constraints are checked in order and the first
   * that fails decides: a node without the topology key is UnschedulableAndUnresolvable; a skew
   * (`matching pods in the node's domain + 1 if the pod matches its own selector - the global
   * minimum`) above maxSkew is Unschedulable, which preemption may resolve.
   */
  filter(node: LabelledNode): SpreadRejection | null {
    if (this.error !== null) return null
    for (const [i, c] of this.#state.counts.entries()) {
      const key = c.constraint.topologyKey
      const value = labelOf(node.labels, key)
      if (value === undefined)
        return {
          reason: REASON_TOPOLOGY_SPREAD_MISSING_LABEL,
          unresolvable: true,
          detail: `${key}: node has no label ${key}`,
        }
      const minMatchNum = this.#state.minMatchNum(i)
      const selfMatch = selectorMatches(c.constraint, this.#pod.labels) ? 1 : 0
      const matchNum = c.matchNum.get(value) ?? 0
      const skew = matchNum + selfMatch - minMatchNum
      if (skew > c.constraint.maxSkew)
        return {
          reason: REASON_TOPOLOGY_SPREAD,
          unresolvable: false,
          detail: skewDetail(c, value, { matchNum, selfMatch, minMatchNum, skew }),
        }
    }
    return null
  }

  /**
   * Filter on a clone with `added` placed on `node` first: the first pass of
   * `RunFilterPluginsWithNominatedPods`, whose `addGENominatedPods` runs AddPod on a copy of
   * the cycle state for the pods nominated to the node (see nominated-pods.ts).
   */
  filterWith(node: SpreadNode, added: readonly SpreadCountedPod[]): SpreadRejection | null {
    const copy = this.clone()
    for (const pod of added) copy.addPod(pod, node)
    return copy.filter(node)
  }

  /** AddPod: `pod` placed on `node` (a nominated pod, or a victim given back). */
  addPod(pod: SpreadCountedPod, node: SpreadNode): void {
    this.#state.updateWithPod(pod, this.#pod.namespace, node, this.#inclusion, 1)
  }

  /** RemovePod: `pod` taken off `node` (a preemption victim). */
  removePod(pod: SpreadCountedPod, node: SpreadNode): void {
    this.#state.updateWithPod(pod, this.#pod.namespace, node, this.#inclusion, -1)
  }

  /** A copy whose counts change apart from this one's (the framework's `CycleState.Clone`). */
  clone(): PodTopologySpread {
    return new PodTopologySpread(this.#pod, this.#inclusion, this.#state.clone(), this)
  }
}

interface Skew {
  readonly matchNum: number
  readonly selfMatch: number
  readonly minMatchNum: number
  readonly skew: number
}

/** `zone: skew 3 > maxSkew 1 (zone=a has 2 matching pods + this pod, minimum 0 in zone=c)`. */
function skewDetail(c: ConstraintCounts, value: string, s: Skew): string {
  const { topologyKey: key, maxSkew, minDomains } = c.constraint
  const pods = `${s.matchNum} matching pod${s.matchNum === 1 ? '' : 's'}`
  const self = s.selfMatch === 1 ? ' + this pod' : ''
  const domains = c.matchNum.size
  const where =
    domains < minDomains
      ? `: ${domains} domain${domains === 1 ? '' : 's'} < minDomains ${minDomains}`
      : ` in ${key}=${c.paths.min.value}`
  return `${key}: skew ${s.skew} > maxSkew ${maxSkew} (${key}=${value} has ${pods}${self}, minimum ${s.minMatchNum}${where})`
}
