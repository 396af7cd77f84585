import type { NodeInclusion } from './pod-topology-spread-inclusion.js'
import { labelOf, type Labels } from './label-requirements.js'
import {
  selectorMatches,
  type HardConstraint,
  type SpreadCountedPod,
  type SpreadNode,
} from './pod-topology-spread-constraints.js'

/**
 * PodTopologySpread's PreFilter state (kubernetes v1.35
 * pkg/scheduler/framework/plugins/podtopologyspread filtering.go `preFilterState`,
 * `criticalPaths`, `calPreFilterState`, `updateWithPod`, `minMatchNum`, `Clone`; common.go
 * `nodeLabelsMatchSpreadConstraints`, `countPodsMatchSelector`): per
 * constraint, the matching pods counted per domain and the two least-loaded domains.
 */

/** Go's math.MaxInt32, the count an empty critical path starts from. */
const MAX_INT32 = 2147483647

export interface CriticalPath {
  readonly value: string
  readonly matchNum: number
}

/**
 * `criticalPaths`: two paths, the first always holding the minimum. Upstream keeps two rather
 * than all because preemption and nominated pods change one node (so one domain) of a copy of
 * the state at a time, and one domain's count moving keeps the true minimum among these two.
 */
export class CriticalPaths {
  #paths: [CriticalPath, CriticalPath]

  constructor(paths?: readonly [CriticalPath, CriticalPath]) {
    const empty = { value: '', matchNum: MAX_INT32 }
    this.#paths = paths === undefined ? [empty, empty] : [paths[0], paths[1]]
  }

  get min(): CriticalPath {
    return this.#paths[0]
  }

  get paths(): readonly [CriticalPath, CriticalPath] {
    return this.#paths
  }

  /** `criticalPaths.update`. */
  update(value: string, matchNum: number): void {
    const [first, second] = this.#paths
    if (value === first.value || value === second.value) {
      // The domain is on a path already: its count changes there, and the two swap if needed.
      const updated = { value, matchNum }
      const [a, b] = value === first.value ? [updated, second] : [first, updated]
      this.#paths = a.matchNum > b.matchNum ? [b, a] : [a, b]
    } else if (matchNum < first.matchNum) {
      this.#paths = [{ value, matchNum }, first]
    } else if (matchNum < second.matchNum) {
      this.#paths = [first, { value, matchNum }]
    }
  }
}

/** One constraint's counts: domain value → matching pods, and its critical paths. */
export interface ConstraintCounts {
  readonly constraint: HardConstraint
  readonly matchNum: Map<string, number>
  readonly paths: CriticalPaths
}

/** `nodeLabelsMatchSpreadConstraints`: the node carries every constraint's topology key. */
export function nodeHasEveryTopologyKey(
  labels: Labels,
  constraints: readonly HardConstraint[]
): boolean {
  return constraints.every((c) => labelOf(labels, c.topologyKey) !== undefined)
}

/** `countPodsMatchSelector`: same namespace, not terminating, labels selected. */
export function countMatchingPods(
  pods: readonly SpreadCountedPod[],
  c: HardConstraint,
  namespace: string
): number {
  if (c.countsNothing) return 0
  let count = 0
  for (const p of pods) {
    if (p.terminating === true || p.namespace !== namespace) continue
    if (selectorMatches(c, p.labels)) count++
  }
  return count
}

export class SpreadPreFilterState {
  readonly counts: readonly ConstraintCounts[]
  readonly constraints: readonly HardConstraint[]

  constructor(counts: readonly ConstraintCounts[]) {
    this.counts = counts
    this.constraints = counts.map((c) => c.constraint)
  }

  /**
   * `calPreFilterState` over every node of the snapshot: a node counts only when it carries
   * every constraint's topology key, and for each constraint only when its inclusion policies
   * admit it; then `countOn` the node: its pods of the pod's namespace that the selector matches,
   * terminating pods left out (`countMatchingPods`). A domain with no matching pod still counts, with 0.
   */
  static compute(
    constraints: readonly HardConstraint[],
    nodes: readonly SpreadNode[],
    countOn: (node: SpreadNode, c: HardConstraint) => number,
    inclusion: NodeInclusion
  ): SpreadPreFilterState {
    const counts = constraints.map((constraint) => ({
      constraint,
      matchNum: new Map<string, number>(),
      paths: new CriticalPaths(),
    }))
    for (const node of nodes) {
      if (!nodeHasEveryTopologyKey(node.labels, constraints)) continue
      for (const c of counts) {
        if (!inclusion.includes(c.constraint, node)) continue
        const value = labelOf(node.labels, c.constraint.topologyKey) as string
        const count = countOn(node, c.constraint)
        c.matchNum.set(value, (c.matchNum.get(value) ?? 0) + count)
      }
    }
    for (const c of counts) {
      for (const [value, num] of c.matchNum) c.paths.update(value, num)
    }
    return new SpreadPreFilterState(counts)
  }

  /**
   * `minMatchNum`: the global minimum, or 0 while the eligible domains are fewer than
   * `minDomains`.
   */
  minMatchNum(i: number): number {
    const c = this.counts[i] as ConstraintCounts
    return c.matchNum.size < c.constraint.minDomains ? 0 : c.paths.min.matchNum
  }

  /**
   * `updateWithPod`, for AddPod (delta 1) and RemovePod (delta -1): a pod of another namespace
   * than the incoming pod's, or on a node without every topology key, changes nothing; else
   * each constraint whose selector matches the pod and whose policies admit the node moves by
   * delta. Unlike PreFilter's count it does not look at deletionTimestamp.
   */
  updateWithPod(
    pod: SpreadCountedPod,
    incomingNamespace: string,
    node: SpreadNode,
    inclusion: NodeInclusion,
    delta: 1 | -1
  ): void {
    if (pod.namespace !== incomingNamespace) return
    if (!nodeHasEveryTopologyKey(node.labels, this.constraints)) return
    for (const c of this.counts) {
      if (!selectorMatches(c.constraint, pod.labels)) continue
      if (!inclusion.includes(c.constraint, node)) continue
      const value = labelOf(node.labels, c.constraint.topologyKey) as string
      const num = (c.matchNum.get(value) ?? 0) + delta
      c.matchNum.set(value, num)
      c.paths.update(value, num)
    }
  }

  /** `Clone`: the constraints shared, the counts and paths copied. */
  clone(): SpreadPreFilterState {
    return new SpreadPreFilterState(
      this.counts.map((c) => ({
        constraint: c.constraint,
        matchNum: new Map(c.matchNum),
        paths: new CriticalPaths(c.paths.paths),
      }))
    )
  }
}
