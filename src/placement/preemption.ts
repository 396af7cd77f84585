import { summarizeAvailability } from './fit-error.js'
import {
  InterPodAffinityState,
  type AffinityPod,
  type NamespaceLabels,
} from './inter-pod-affinity.js'
import type { LabelledNode } from './node-affinity.js'
import { filterWithNominatedPods, nominatedPodsAdded, type NominatedPod } from './nominated-pods.js'

/**
 * DefaultPreemption's dry run over the nodes where preemption might help, for the rules judged
 * here (pkg/scheduler/framework/preemption `Evaluator.findCandidates` and `dryRunPreemption`,
 * plugins/defaultpreemption `SelectVictimsOnNode`). Of the judged rejections only
 * InterPodAffinity's anti-affinity ones are Unschedulable rather than UnschedulableAndUnresolvable,
 * so those nodes are the ones `nodesWherePreemptionMightHelp` keeps.
 */

export const REASON_NO_VICTIMS = 'No preemption victims found for incoming pod'
export const REASON_PREEMPTION_NOT_HELPFUL = 'Preemption is not helpful for scheduling'

/** A node where evicting lower-priority pods lets the pod pass the rules judged here. */
export interface PreemptionCandidate {
  readonly node: string
  /** Its pods of lower priority (namespace/name): the victims are chosen among them. */
  readonly lowerPriorityPods: readonly string[]
}

export interface DryRunInput {
  readonly pod: AffinityPod
  readonly placed: readonly AffinityPod[]
  /** Pods nominated to nodes, not bound yet: never victims, added back as Filter adds them. */
  readonly nominated: readonly NominatedPod[]
  readonly nodes: readonly LabelledNode[]
  readonly namespaces: NamespaceLabels
  /** The nodes whose rejection preemption might resolve. */
  readonly potential: readonly LabelledNode[]
}

export type DryRun =
  | { readonly kind: 'candidates'; readonly candidates: readonly PreemptionCandidate[] }
  /** No candidate: the FitError message preemption builds from the dry run's statuses. */
  | { readonly kind: 'none'; readonly message: string }
  | { readonly kind: 'unknown'; readonly why: string }

const name = (pod: AffinityPod): string => `${pod.namespace}/${pod.name}`

function priorityUnset(pod: AffinityPod): string {
  return `spec.priority of ${name(pod)} is not set (the API server sets it from the pod's priority class)`
}

/**
 * `SelectVictimsOnNode` for one node: the pods bound there of lower priority
 * (`isPreemptionAllowed`: `PodPriority(victim) < PodPriority(pod)`) are removed, then the Filter
 * plugins run again with the nominated pods (`RunFilterPluginsWithNominatedPods`): those of
 * equal or higher priority are added to the node for a first pass, and lower-priority ones are
 * not considered. Only InterPodAffinity depends on the pods, and removing pods can only help the
 * other filters the node already passed, so re-running InterPodAffinity decides. `skipped`:
 * InterPodAffinity's PreFilter returned Skip for the cycle.
 */
function selectVictims(
  input: DryRunInput,
  node: LabelledNode,
  priority: number,
  skipped: boolean
): { reason: string } | { victims: AffinityPod[] } {
  const victims = input.placed.filter(
    (p) => p.nodeName === node.name && (p.priority as number) < priority
  )
  if (victims.length === 0) return { reason: REASON_NO_VICTIMS }
  const remaining = input.placed.filter((p) => !victims.includes(p))
  const judge = (pods: readonly AffinityPod[]) =>
    new InterPodAffinityState(input.pod, pods, input.nodes, input.namespaces).filter(node)
  const still = filterWithNominatedPods(
    skipped,
    nominatedPodsAdded(input.pod, input.nominated, node),
    (added) => judge([...remaining, ...added]),
    () => judge(remaining)
  )
  return still === null ? { victims } : { reason: still.reason }
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
  const { skipped } = new InterPodAffinityState(
    input.pod,
    input.placed,
    input.nodes,
    input.namespaces
  )
  for (const node of input.potential) {
    const outcome = selectVictims(input, node, priority, skipped)
    if ('reason' in outcome) reasons.push(outcome.reason)
    else candidates.push({ node: node.name, lowerPriorityPods: outcome.victims.map(name) })
  }
  if (candidates.length > 0) return { kind: 'candidates', candidates }
  const total = input.nodes.length
  for (let i = input.potential.length; i < total; i++) reasons.push(REASON_PREEMPTION_NOT_HELPFUL)
  return { kind: 'none', message: summarizeAvailability(total, 0, reasons) }
}
