import type { ClusterPod } from './cluster-pod.js'
import {
  labelSelectorMatches,
  labelSelectorProblem,
  type LabelRequirement,
  type LabelSelector,
} from './label-requirements.js'
import type { Workloads } from './workloads.js'

/**
 * The selector PodTopologySpread's system default constraints count pods with
 * (plugins/helper/spread.go `DefaultSelector`, `GetPodServices`): the labels of every Service of
 * the pod's namespace whose selector matches the pod, merged; then, by the pod's controller
 * reference, a ReplicationController's selector merged into those labels, or a ReplicaSet's or
 * StatefulSet's selector requirements added. Nothing else adds to it: a pod owned by a Job or a
 * DaemonSet, or by nothing, is spread only by the Services that select it.
 */

/** The controller kinds `DefaultSelector` looks up, by their `apiVersion` and `kind`. */
const REPLICATION_CONTROLLER = 'v1/ReplicationController'
const SELECTOR_OWNERS = new Set(['apps/v1/ReplicaSet', 'apps/v1/StatefulSet'])

const NO_REQUIREMENTS: LabelSelector = { matchLabels: {}, matchExpressions: [] }

/**
 * `DefaultSelector` over the workloads read. The result is empty (no requirement) when nothing
 * selects the pod: the default constraints then do not apply (`buildDefaultConstraints`).
 */
export function defaultSpreadSelector(pod: ClusterPod, workloads: Workloads): LabelSelector {
  const labels: Record<string, string> = {}
  for (const service of workloads.servicesIn(pod.namespace)) {
    // A Service without a selector selects nothing (not every pod); an empty one every pod.
    const selector = service.selector
    if (selector === null) continue
    if (labelSelectorMatches({ matchLabels: selector, matchExpressions: [] }, pod.labels))
      Object.assign(labels, selector)
  }
  const owner = pod.controller ?? null
  if (owner === null) return { matchLabels: labels, matchExpressions: [] }
  const kind = `${owner.apiVersion}/${owner.kind}`
  const workload = workloads.controllerOf(pod)
  if (workload === null || workload.namespace !== pod.namespace || workload.name !== owner.name)
    return { matchLabels: labels, matchExpressions: [] }
  if (kind === REPLICATION_CONTROLLER && workload.kind === 'ReplicationController')
    return { matchLabels: { ...labels, ...workload.selector?.matchLabels }, matchExpressions: [] }
  if (SELECTOR_OWNERS.has(kind) && workload.kind === owner.kind)
    return { matchLabels: labels, matchExpressions: requirementsOf(workload.selector) }
  return { matchLabels: labels, matchExpressions: [] }
}

/**
 * `LabelSelectorAsSelector(...).Requirements()`: a nil selector (`labels.Nothing()`) and one that
 * does not parse add nothing; otherwise each matchLabels pair as an `In` requirement and each
 * expression.
 */
function requirementsOf(selector: LabelSelector | null): LabelRequirement[] {
  const parsed = selector ?? NO_REQUIREMENTS
  if (labelSelectorProblem(parsed) !== null) return []
  const pairs = Object.entries(parsed.matchLabels).map(([key, value]): LabelRequirement => ({
    key,
    operator: 'In',
    values: [value],
  }))
  return [...pairs, ...parsed.matchExpressions]
}

/** `Selector.Empty()`: no requirement at all. */
export function selectorIsEmpty(selector: LabelSelector): boolean {
  return Object.keys(selector.matchLabels).length === 0 && selector.matchExpressions.length === 0
}
