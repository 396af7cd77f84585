import type { ClusterPod } from './cluster-pod.js'
import { splitByBudgetViolation, type DisruptionBudget } from './disruption-budgets.js'
import { summarizeAvailability } from './fit-error.js'
import { podsByNode, type FilterPlugin, type PlacementNode } from './framework.js'
import { filterWithNominatedPods, nominatedPodsAdded, type NominatedPod } from './nominated-pods.js'
import { moreImportantFirst } from './pod-order.js'

/**
 * DefaultPreemption's dry run over the nodes where preemption might help (pkg/scheduler/framework
 * /preemption `Evaluator.findCandidates` and `DryRunPreemption`, plugins/defaultpreemption
 * `SelectVictimsOnNode`). A node is a candidate when removing its pods of lower priority lets
 * the pod pass every Filter again; the victims are then what is left after reprieving as many
 * of those pods as still lets it pass: first those whose eviction would violate a
 * PodDisruptionBudget, then the others, each group from the most important pod down.
 */

export const REASON_NO_VICTIMS = 'No preemption victims found for incoming pod'
export const REASON_PREEMPTION_NOT_HELPFUL = 'Preemption is not helpful for scheduling'

/** A node where evicting lower-priority pods lets the pod pass the filters judged here. */
export interface PreemptionCandidate {
  readonly node: string
  /** Its pods of lower priority (namespace/name): the victims are chosen among them. */
  readonly lowerPriorityPods: readonly string[]
  /**
   * The pods upstream evicts (namespace/name), most important first; null when the
   * PodDisruptionBudgets are not known, since they decide the order of the reprieve.
   */
  readonly victims: readonly string[] | null
  /** How many of the victims violate a PodDisruptionBudget; null when budgets are unknown. */
  readonly budgetViolations: number | null
}

export interface DryRunInput {
  readonly pod: ClusterPod
  readonly placed: readonly ClusterPod[]
  /** Pods nominated to nodes, not bound yet: never victims, added back as Filter adds them. */
  readonly nominated: readonly NominatedPod[]
  /** The profile's Filter plugins, as PreFilter left them for the pod. */
  readonly filters: readonly FilterPlugin[]
  /** How many nodes the cycle judged. */
  readonly total: number
  /** The nodes whose rejection preemption might resolve. */
  readonly potential: readonly PlacementNode[]
  /** PodDisruptionBudgets; null when unknown. */
  readonly budgets: readonly DisruptionBudget[] | null
}

export type DryRun =
  | { readonly kind: 'candidates'; readonly candidates: readonly PreemptionCandidate[] }
  /** No candidate: the FitError message preemption builds from the dry run's statuses. */
  | { readonly kind: 'none'; readonly message: string }
  | { readonly kind: 'unknown'; readonly why: string }

const name = (pod: ClusterPod): string => `${pod.namespace}/${pod.name}`

function priorityUnset(pod: ClusterPod): string {
  return `spec.priority of ${name(pod)} is not set (the API server sets it from the pod's priority class)`
}

type NodeOutcome = { reasons: readonly string[] } | PreemptionCandidate

/**
 * `SelectVictimsOnNode` for one node: the pods bound there of lower priority
 * (`isPreemptionAllowed`) are removed and the filters run again with the nominated pods; if the
 * pod then fits, each removed pod is put back in turn (`reprievePod`) and stays when the pod
 * still fits.
 */
function selectVictims(
  input: DryRunInput,
  onNode: readonly ClusterPod[],
  node: PlacementNode,
  priority: number
): NodeOutcome {
  const lower = onNode.filter((p) => (p.priority as number) < priority)
  if (lower.length === 0) return { reasons: [REASON_NO_VICTIMS] }
  const added = nominatedPodsAdded(input.pod, input.nominated, node)
  const removed = new Set<ClusterPod>(lower)
  const fits = () => filterWithNominatedPods(input.filters, node, added, removed)
  const first = fits()
  if (first !== null) return { reasons: first.reasons }
  const ordered = moreImportantFirst(lower)
  const { violating, nonViolating } = splitByBudgetViolation(ordered, input.budgets ?? [])
  const victims: ClusterPod[] = []
  let budgetViolations = 0
  const reprieve = (pod: ClusterPod): boolean => {
    removed.delete(pod)
    if (fits() === null) return true
    removed.add(pod)
    victims.push(pod)
    return false
  }
  for (const pod of violating) if (!reprieve(pod)) budgetViolations++
  for (const pod of nonViolating) reprieve(pod)
  const known = input.budgets !== null
  return {
    node: node.name,
    lowerPriorityPods: lower.map(name),
    victims: known ? moreImportantFirst(victims).map(name) : null,
    budgetViolations: known ? budgetViolations : null,
  }
}

/**
 * The dry run: candidates when some node can be made to fit (kube-scheduler then nominates one
 * and appends no PostFilter message), else preemption's own FitError, where the nodes it did
 * not try count as `Preemption is not helpful for scheduling` (its absent-nodes status).
 * Unknown when a priority it compares is not set.
 */
export function dryRunPreemption(input: DryRunInput): DryRun {
  const priority = input.pod.priority
  if (priority === null) return { kind: 'unknown', why: priorityUnset(input.pod) }
  const onPotential = new Set(input.potential.map((n) => n.name))
  const unset = input.placed.find((p) => onPotential.has(p.nodeName) && p.priority === null)
  if (unset !== undefined) return { kind: 'unknown', why: priorityUnset(unset) }

  const reasons: string[] = []
  const candidates: PreemptionCandidate[] = []
  const byNode = podsByNode(input.placed)
  for (const node of input.potential) {
    const outcome = selectVictims(input, byNode.get(node.name) ?? [], node, priority)
    if ('reasons' in outcome) reasons.push(...outcome.reasons)
    else candidates.push(outcome)
  }
  if (candidates.length > 0) return { kind: 'candidates', candidates }
  const absent = input.total - input.potential.length
  for (let i = 0; i < absent; i++) reasons.push(REASON_PREEMPTION_NOT_HELPFUL)
  return { kind: 'none', message: summarizeAvailability(input.total, 0, reasons) }
}
