import { NodeInclusion } from './pod-topology-spread-inclusion.js'
import { LABEL_HOSTNAME, labelOf } from './label-requirements.js'
import type { PreScore, PreScoreResult, ScorePlugin } from './score-framework.js'
import type { NodeInfo } from './node-info.js'
import {
  constraintSelectorProblem,
  internalConstraint,
  type HardConstraint,
  type TopologySpreadConstraint,
} from './pod-topology-spread-constraints.js'
import { matchingPodsByNode, spreadNode } from './pod-topology-spread-plugin.js'
import { nodeHasEveryTopologyKey } from './pod-topology-spread-state.js'
import { PLUGIN_POD_TOPOLOGY_SPREAD } from './pod-topology-spread.js'
import { defaultSpreadSelector, selectorIsEmpty } from './spread-default-selector.js'
import type { SnapshotInput } from './types.js'

/**
 * PodTopologySpread's scoring (kubernetes v1.28.7 podtopologyspread scoring.go
 * `initPreScoreState`, `PreScore`, `Score`, `NormalizeScore`, `topologyNormalizingWeight`,
 * `scoreForCount`; common.go `buildDefaultConstraints`; the same formula in v1.35): the pod's
 * ScheduleAnyway constraints, or for a pod without any constraint the system defaults (plugin.go
 * `systemDefaultConstraints`) over the selector of the objects that select it. A node's raw
 * score is, per constraint whose key it carries, the matching pods of its domain times the log
 * of the number of domains, plus maxSkew − 1; normalising turns fewer pods into more points.
 */

export const LABEL_TOPOLOGY_ZONE = 'topology.kubernetes.io/zone'
const SCHEDULE_ANYWAY = 'ScheduleAnyway'

function systemDefault(topologyKey: string, maxSkew: number): TopologySpreadConstraint {
  return {
    maxSkew,
    topologyKey,
    whenUnsatisfiable: SCHEDULE_ANYWAY,
    labelSelector: null,
    minDomains: null,
    nodeAffinityPolicy: null,
    nodeTaintsPolicy: null,
    matchLabelKeys: [],
  }
}

/** plugin.go `systemDefaultConstraints`, the default profile's `defaultingType: System`. */
const SYSTEM_DEFAULT_CONSTRAINTS = [
  systemDefault(LABEL_HOSTNAME, 3),
  systemDefault(LABEL_TOPOLOGY_ZONE, 5),
]

/**
 * What PodTopologySpread's scoring could not judge for the pod: the system default constraints
 * of a pod without its own, when the Services and controllers that would select it were not
 * read (it is then scored as if none did); else the constraints it would score, when the pods
 * bound to the nodes are unknown (it is then skipped). Empty otherwise.
 */
export function spreadScoreNotJudged(input: SnapshotInput): string[] {
  const own = input.pod.topologySpreadConstraints ?? []
  if (own.length === 0 && input.workloads == null)
    return [
      'default topology spread (PodTopologySpread scoring: the Services and controllers selecting the pod were not read)',
    ]
  if (input.snapshot.podsKnown) return []
  const found = scoredConstraints(input)
  const scores = !('constraints' in found) || found.constraints.length > 0
  return scores ? ['topology spread scores (PodTopologySpread: no pods given)'] : []
}

type Constraints = { readonly constraints: HardConstraint[] } | { readonly error: string }

/**
 * `initPreScoreState`'s constraints: the pod's own ScheduleAnyway ones (a selector that does not
 * parse fails the cycle), else the defaults with `DefaultSelector`'s selector, none when it is
 * empty. With the workloads unknown the pod is scored as if nothing selected it.
 */
function scoredConstraints(input: SnapshotInput): Constraints {
  const { pod } = input
  const own = pod.topologySpreadConstraints ?? []
  if (own.length === 0) {
    const selector = input.workloads == null ? null : defaultSpreadSelector(pod, input.workloads)
    if (selector === null || selectorIsEmpty(selector)) return { constraints: [] }
    return {
      constraints: SYSTEM_DEFAULT_CONSTRAINTS.map((c, i) =>
        internalConstraint(c, i, pod.labels, selector)
      ),
    }
  }
  const constraints: HardConstraint[] = []
  for (const [index, c] of own.entries()) {
    if (c.whenUnsatisfiable !== SCHEDULE_ANYWAY) continue
    const problem = constraintSelectorProblem(c, index)
    if (problem !== null)
      return {
        error: `calculating preScoreState: obtaining pod's soft topology spread constraints: ${problem}`,
      }
    constraints.push(internalConstraint(c, index, pod.labels))
  }
  return { constraints }
}

/** What PreScore computes for Score and NormalizeScore (`preScoreState`). */
interface SpreadScoreState {
  readonly constraints: readonly HardConstraint[]
  /** Feasible nodes missing a constraint's key (own constraints only): scored 0. */
  readonly ignored: ReadonlySet<string>
  /** Per constraint (not hostname), domain value → matching pods, for the feasible nodes' domains. */
  readonly domainCounts: readonly Map<string, number>[]
  /** Per constraint, node name → matching pods on it (hostname constraints read it in Score). */
  readonly nodeCounts: readonly Map<string, number>[]
  readonly weights: readonly number[]
}

/**
 * PodTopologySpread's PreScore: Skip when the snapshot has no node, the pod has no constraint to
 * score, or the pods bound to the nodes are unknown (nothing to count).
 */
export const preScorePodTopologySpread: PreScore = (input, feasible): PreScoreResult => {
  const { snapshot, pod } = input
  if (snapshot.nodeInfoList.length === 0) return null
  const found = scoredConstraints(input)
  if ('error' in found) return found
  const { constraints } = found
  if (constraints.length === 0 || !snapshot.podsKnown) return null
  // Only the pod's own constraints make a node without every key unscorable.
  const requireAll = (pod.topologySpreadConstraints ?? []).length > 0
  const ignored = new Set<string>()
  const domainCounts = constraints.map(() => new Map<string, number>())
  for (const info of feasible) {
    const labels = info.node.labels
    if (requireAll && !nodeHasEveryTopologyKey(labels, constraints)) {
      ignored.add(info.name)
      continue
    }
    for (const [i, c] of constraints.entries())
      if (c.topologyKey !== LABEL_HOSTNAME)
        domainCounts[i]?.set(labelOf(labels, c.topologyKey) ?? '', 0)
  }
  const weights = constraints.map((c, i) =>
    Math.log(
      (c.topologyKey === LABEL_HOSTNAME
        ? feasible.length - ignored.size
        : (domainCounts[i]?.size ?? 0)) + 2
    )
  )
  const nodeCounts = constraints.map((c) => matchingPodsByNode(snapshot, pod.namespace, c))
  countDomains(input, { constraints, requireAll, domainCounts, nodeCounts })
  return spreadScorer({ constraints, ignored, domainCounts, nodeCounts, weights }, feasible)
}

interface Counting {
  readonly constraints: readonly HardConstraint[]
  readonly requireAll: boolean
  readonly domainCounts: readonly Map<string, number>[]
  readonly nodeCounts: readonly Map<string, number>[]
}

/**
 * PreScore's pass over every node of the snapshot: a node missing a key (own constraints) or
 * failing a constraint's inclusion policies adds nothing to it; a domain no feasible node is in
 * is not counted.
 */
function countDomains(input: SnapshotInput, counting: Counting): void {
  const { pod } = input
  const inclusion = new NodeInclusion(
    {
      namespace: pod.namespace,
      labels: pod.labels,
      nodeAffinity: pod.nodeAffinity,
      tolerations: input.tolerations.tolerations,
      topologySpreadConstraints: pod.topologySpreadConstraints ?? [],
    },
    input.options
  )
  for (const info of input.snapshot.nodeInfoList) {
    const node = spreadNode(info.node)
    if (counting.requireAll && !nodeHasEveryTopologyKey(node.labels, counting.constraints)) continue
    for (const [i, c] of counting.constraints.entries()) {
      const domains = counting.domainCounts[i] as Map<string, number>
      const value = labelOf(node.labels, c.topologyKey) ?? ''
      const count = domains.get(value)
      if (count === undefined || !inclusion.includes(c, node)) continue
      domains.set(value, count + (counting.nodeCounts[i]?.get(info.name) ?? 0))
    }
  }
}

/** Score and NormalizeScore over the state; `normalize` takes the scores in `feasible`'s order. */
function spreadScorer(state: SpreadScoreState, feasible: readonly NodeInfo[]): ScorePlugin {
  return {
    name: PLUGIN_POD_TOPOLOGY_SPREAD,
    weight: 2,
    score(info) {
      if (state.ignored.has(info.name)) return 0
      let score = 0
      for (const [i, c] of state.constraints.entries()) {
        const value = labelOf(info.node.labels, c.topologyKey)
        if (value === undefined) continue
        const counts =
          c.topologyKey === LABEL_HOSTNAME ? state.nodeCounts[i] : state.domainCounts[i]
        const count = counts?.get(c.topologyKey === LABEL_HOSTNAME ? info.name : value) ?? 0
        // scoreForCount, summed in float64 as upstream, then math.Round (scores are never negative).
        score += count * (state.weights[i] as number) + (c.maxSkew - 1)
      }
      return Math.round(score)
    },
    normalize(scores) {
      const isIgnored = (i: number) => state.ignored.has(feasible[i]?.name ?? '')
      let min = Number.POSITIVE_INFINITY
      let max = 0
      for (const [i, raw] of scores.entries()) {
        if (isIgnored(i)) continue
        min = Math.min(min, raw)
        max = Math.max(max, raw)
      }
      // MaxNodeScore × (max + min − raw) / max in int64: fewer matching pods, more points.
      for (const [i, raw] of scores.entries()) {
        if (isIgnored(i)) scores[i] = 0
        else scores[i] = max === 0 ? 100 : Math.trunc((100 * (max + min - raw)) / max)
      }
    },
  }
}
