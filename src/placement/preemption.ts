import type { ClusterPod } from './cluster-pod.js'
import { splitByBudgetViolation, type DisruptionBudget } from './disruption-budgets.js'
import { summarizeAvailability } from './fit-error.js'
import type { CycleState } from './cycle-state.js'
import type { FilterPlugin } from './framework.js'
import type { NodeInfo } from './node-info.js'
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
  /** Pods nominated to nodes, not bound yet: never victims, added back as Filter adds them. */
  readonly nominated: readonly NominatedPod[]
  /** The profile's Filter plugins, as PreFilter left them for the pod. */
  readonly filters: readonly FilterPlugin[]
  /** The cycle state PreFilter wrote; the dry run changes clones of it only. */
  readonly state: CycleState
  /** How many nodes the cycle judged. */
  readonly total: number
  /** The snapshot's nodes whose rejection preemption might resolve; the dry run changes clones. */
  readonly potential: readonly NodeInfo[]
  /** The snapshot's order of the pods read (snapshot.ts `orderOf`). */
  readonly orderOf: (pod: ClusterPod) => number
  /** PodDisruptionBudgets; null when unknown. */
  readonly budgets: readonly DisruptionBudget[] | null
  /** Stop at the first candidate: only whether there is one is asked. */
  readonly firstCandidateOnly?: boolean
  /**
   * The error every pod taken off gives, where the PreFilters whose RemovePod the dry run calls
   * did not run (pre-filter.ts `removePodFailure`); absent or null: none.
   */
  readonly removePodFails?: string | null
}

export type DryRun =
  | { readonly kind: 'candidates'; readonly candidates: readonly PreemptionCandidate[] }
  /** No candidate: the FitError message preemption builds from the dry run's statuses. */
  | { readonly kind: 'none'; readonly message: string }
  /** No candidate, and some node's dry run failed: preemption's error is the message. */
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'unknown'; readonly why: string }

const name = (pod: ClusterPod): string => `${pod.namespace}/${pod.name}`

function priorityUnset(pod: ClusterPod): string {
  return `spec.priority of ${name(pod)} is not set (the API server sets it from the pod's priority class)`
}

type NodeOutcome = { reasons: readonly string[] } | { error: string } | PreemptionCandidate

/**
 * `SelectVictimsOnNode` for one node: on clones of its NodeInfo and of the cycle state, the pods
 * bound there of lower priority (`isPreemptionAllowed`) are removed (`RemovePod`, and each
 * plugin's RemovePod) and the filters run again with the nominated pods; if the pod then fits,
 * each removed pod is put back in turn (`reprievePod`: `AddPodInfo` and each plugin's AddPod)
 * and stays when the pod still fits. The snapshot itself never changes.
 */
function selectVictims(input: DryRunInput, info: NodeInfo, priority: number): NodeOutcome {
  const lower = info.pods.filter((p) => (p.priority as number) < priority)
  if (lower.length === 0) return { reasons: [REASON_NO_VICTIMS] }
  if (input.removePodFails != null) return { error: input.removePodFails }
  const added = nominatedPodsAdded(input.pod, input.nominated, info.node)
  const node = info.clone()
  const state = input.state.clone()
  const take = (pod: ClusterPod) => {
    node.removePod(pod)
    for (const plugin of input.filters) plugin.removePod?.(state, pod, node)
  }
  for (const pod of lower) take(pod)
  const fits = () => filterWithNominatedPods(input.filters, state, node, added)
  const first = fits()
  if (first !== null) return { reasons: first.reasons }
  const ordered = moreImportantFirst(lower)
  const { violating, nonViolating } = splitByBudgetViolation(ordered, input.budgets ?? [])
  const victims: ClusterPod[] = []
  let budgetViolations = 0
  const reprieve = (pod: ClusterPod): boolean => {
    node.addPod(pod)
    for (const plugin of input.filters) plugin.addPod?.(state, pod, node)
    if (fits() === null) return true
    take(pod)
    victims.push(pod)
    return false
  }
  for (const pod of violating) if (!reprieve(pod)) budgetViolations++
  for (const pod of nonViolating) reprieve(pod)
  const known = input.budgets !== null
  return {
    node: info.name,
    lowerPriorityPods: lower.map(name),
    victims: known ? moreImportantFirst(victims).map(name) : null,
    budgetViolations: known ? budgetViolations : null,
  }
}

/** The first pod read, of those on the potential nodes, whose priority is not set. */
function firstUnset(input: DryRunInput): ClusterPod | undefined {
  let first: ClusterPod | undefined
  for (const info of input.potential) {
    const unset = info.pods.find((p) => p.priority === null)
    if (unset !== undefined && (first === undefined || input.orderOf(unset) < input.orderOf(first)))
      first = unset
  }
  return first
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
  const unset = firstUnset(input)
  if (unset !== undefined) return { kind: 'unknown', why: priorityUnset(unset) }

  const reasons: string[] = []
  const errors = new Set<string>()
  const candidates: PreemptionCandidate[] = []
  for (const info of input.potential) {
    const outcome = selectVictims(input, info, priority)
    if ('reasons' in outcome) reasons.push(...outcome.reasons)
    else if ('error' in outcome) errors.add(outcome.error)
    else candidates.push(outcome)
    if (candidates.length > 0 && input.firstCandidateOnly === true) break
  }
  if (candidates.length > 0) return { kind: 'candidates', candidates }
  // The nodes' errors as utilerrors.NewAggregate words them: each message once, bracketed when
  // there are several.
  const messages = [...errors]
  if (messages.length === 1) return { kind: 'error', message: messages[0] as string }
  if (messages.length > 1) return { kind: 'error', message: `[${messages.join(', ')}]` }
  const absent = input.total - input.potential.length
  for (let i = 0; i < absent; i++) reasons.push(REASON_PREEMPTION_NOT_HELPFUL)
  return { kind: 'none', message: summarizeAvailability(input.total, 0, reasons) }
}
