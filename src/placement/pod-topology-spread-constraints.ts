import {
  labelOf,
  labelSelectorProblem,
  requirementMatches,
  type LabelRequirement,
  type LabelSelector,
  type Labels,
} from './label-requirements.js'
import type { LabelledNode, NodeAffinitySpec } from './node-affinity.js'
import type { Taint, Toleration } from '../core/index.js'

/**
 * PodTopologySpread's constraints as its PreFilter reads them (kubernetes v1.35
 * pkg/scheduler/framework/plugins/podtopologyspread common.go `filterTopologySpreadConstraints`,
 * `mergeLabelSetWithSelector`, `matchNodeInclusionPolicies`; plugin.go `getConstraints`).
 */

export const WHEN_UNSATISFIABLE_DO_NOT_SCHEDULE = 'DoNotSchedule'
export const NODE_INCLUSION_POLICY_HONOR = 'Honor'
export const NODE_INCLUSION_POLICY_IGNORE = 'Ignore'

/** core/v1 TopologySpreadConstraint, fields as written; null where unset. */
export interface TopologySpreadConstraint {
  readonly maxSkew: number
  readonly topologyKey: string
  readonly whenUnsatisfiable: string
  /** As the API server stores it: with matchLabelKeys already merged in since v1.34. */
  readonly labelSelector: LabelSelector | null
  readonly minDomains: number | null
  readonly nodeAffinityPolicy: string | null
  readonly nodeTaintsPolicy: string | null
  readonly matchLabelKeys: readonly string[]
}

/** The incoming pod as PodTopologySpread reads it. */
export interface SpreadPod {
  readonly namespace: string
  readonly labels: Labels
  readonly nodeAffinity: NodeAffinitySpec
  readonly tolerations: readonly Toleration[]
  readonly topologySpreadConstraints: readonly TopologySpreadConstraint[]
}

/** A node as PodTopologySpread's PreFilter reads it: labels for the domains, taints for nodeTaintsPolicy. */
export interface SpreadNode extends LabelledNode {
  readonly taints: readonly Taint[]
}

/** A pod counted in a domain. `terminating`: `metadata.deletionTimestamp` is set. */
export interface SpreadCountedPod {
  readonly namespace: string
  readonly labels: Labels
  readonly terminating?: boolean
}

/** The internal `topologySpreadConstraint`: one DoNotSchedule constraint with its defaults. */
export interface HardConstraint {
  /** Its place in `spec.topologySpreadConstraints`. */
  readonly index: number
  readonly maxSkew: number
  readonly topologyKey: string
  /** Null is `labels.Nothing()`: a null labelSelector selects no pod. */
  readonly selector: LabelSelector | null
  /** The selector's `Matches`, its matchLabels listed once (see selectorMatcher). */
  readonly matches: (labels: Labels) => boolean
  /**
   * `selector.Empty()`: no requirement at all (`labelSelector: {}` and no matchLabelKeys
   * value). v1.35's `countPodsMatchSelector` counts no pod for it, though Filter's self-match
   * and AddPod still see it match every pod.
   */
  readonly countsNothing: boolean
  readonly minDomains: number
  readonly honorNodeAffinity: boolean
  readonly honorNodeTaints: boolean
}

/** A constraint of the pod that does not filter, and why. */
export interface IgnoredConstraint {
  readonly index: number
  readonly topologyKey: string
  readonly why: string
}

function selectorIsEmpty(selector: LabelSelector): boolean {
  return Object.keys(selector.matchLabels).length === 0 && selector.matchExpressions.length === 0
}

/**
 * `mergeLabelSetWithSelector` over the pod's values of `matchLabelKeys` (gate
 * MatchLabelKeysInPodTopologySpread, on by default): keys the pod lacks are left out, and a
 * null selector stays null. The API server's own merge at creation adds the same requirements,
 * which change nothing when added twice.
 */
function withMatchLabelKeys(
  selector: LabelSelector | null,
  keys: readonly string[],
  podLabels: Labels
): LabelSelector | null {
  if (selector === null) return null
  const added: LabelRequirement[] = []
  for (const key of keys) {
    const value = labelOf(podLabels, key)
    if (value !== undefined) added.push({ key, operator: 'In', values: [value] })
  }
  if (added.length === 0) return selector
  return { ...selector, matchExpressions: [...added, ...selector.matchExpressions] }
}

export interface PodConstraints {
  readonly hard: readonly HardConstraint[]
  readonly ignored: readonly IgnoredConstraint[]
  /** The pod has no constraint: `getConstraints` falls back to the cluster-default ones. */
  readonly clusterDefaults: boolean
  /** `LabelSelectorAsSelector`'s error, which fails PreFilter; null when every one parses. */
  readonly error: string | null
}

/**
 * `filterTopologySpreadConstraints` for one constraint kept for its `whenUnsatisfiable`: its
 * selector with the matchLabelKeys values merged in, and the policies' defaults. `selector`, when
 * given, replaces it, as `buildDefaultConstraints` gives the defaults `DefaultSelector`'s.
 */
export function internalConstraint(
  c: TopologySpreadConstraint,
  index: number,
  podLabels: Labels,
  selector = withMatchLabelKeys(c.labelSelector, c.matchLabelKeys, podLabels)
): HardConstraint {
  return {
    index,
    maxSkew: c.maxSkew,
    topologyKey: c.topologyKey,
    selector,
    matches: selectorMatcher(selector),
    countsNothing: selector !== null && selectorIsEmpty(selector),
    minDomains: c.minDomains ?? 1,
    honorNodeAffinity: (c.nodeAffinityPolicy ?? NODE_INCLUSION_POLICY_HONOR) === 'Honor',
    honorNodeTaints: (c.nodeTaintsPolicy ?? NODE_INCLUSION_POLICY_IGNORE) === 'Honor',
  }
}

/** The selector's `LabelSelectorAsSelector` error, worded with the constraint's place. */
export function constraintSelectorProblem(
  c: TopologySpreadConstraint,
  index: number
): string | null {
  const problem = c.labelSelector === null ? null : labelSelectorProblem(c.labelSelector)
  return problem === null ? null : `topologySpreadConstraints[${index}].labelSelector: ${problem}`
}

/**
 * `getConstraints` then `filterTopologySpreadConstraints(..., DoNotSchedule)`. A pod without
 * constraints gets the profile's default constraints; the default profile's (the system
 * defaults) are all ScheduleAnyway, so none filters. Only `whenUnsatisfiable` exactly
 * `DoNotSchedule` filters; the rest are scored (ScheduleAnyway) or never read.
 */
export function podConstraints(pod: SpreadPod): PodConstraints {
  const all = pod.topologySpreadConstraints
  const hard: HardConstraint[] = []
  const ignored: IgnoredConstraint[] = []
  for (const [index, c] of all.entries()) {
    if (c.whenUnsatisfiable !== WHEN_UNSATISFIABLE_DO_NOT_SCHEDULE) {
      ignored.push({ index, topologyKey: c.topologyKey, why: ignoredWhy(c.whenUnsatisfiable) })
      continue
    }
    const problem = constraintSelectorProblem(c, index)
    if (problem !== null)
      return { hard: [], ignored, clusterDefaults: false, error: constraintError(problem) }
    hard.push(internalConstraint(c, index, pod.labels))
  }
  return { hard, ignored, clusterDefaults: all.length === 0, error: null }
}

function ignoredWhy(whenUnsatisfiable: string): string {
  return whenUnsatisfiable === 'ScheduleAnyway'
    ? 'ScheduleAnyway: scored, never filters'
    : `whenUnsatisfiable "${whenUnsatisfiable}" is not DoNotSchedule: never filters`
}

/** The error PreFilter returns, with upstream's wrapping (`calPreFilterState`, `getConstraints`). */
function constraintError(problem: string): string {
  return `get constraints from pod: obtaining pod's hard topology spread constraints: ${problem}`
}

/**
 * `LabelSelectorAsSelector(...).Matches` (label-requirements.ts `labelSelectorMatches`), with the
 * matchLabels pairs listed once: PreFilter asks it of every placed pod of the namespace.
 */
function selectorMatcher(selector: LabelSelector | null): (labels: Labels) => boolean {
  if (selector === null) return () => false
  const pairs = Object.entries(selector.matchLabels)
  const expressions = selector.matchExpressions
  return (labels) => {
    for (const [key, value] of pairs) if (labelOf(labels, key) !== value) return false
    for (const r of expressions) if (!requirementMatches(r, labels)) return false
    return true
  }
}

/** `Selector.Matches` for a constraint's selector (null: `labels.Nothing()`). */
export function selectorMatches(c: HardConstraint, labels: Labels): boolean {
  return c.matches(labels)
}
