import { CompiledTolerations, NEWEST_KUBE_VERSION, type Toleration } from '../core/index.js'
import {
  diagnoseAndChoose,
  diagnoseInSnapshot,
  NO_NODES_AVAILABLE,
  type AffinityPod,
  type PlacementChoice,
  type PlacementDiagnosis,
  type PlacementPod,
  type SnapshotInput,
} from '../placement/index.js'
import type { ExplainOptions } from '../config/index.js'
import type { ExplainContext } from './explain-context.js'
import { readDisruptionBudgets } from './manifests.js'
import { pdbsSource } from './tool-io.js'

/**
 * One pod judged against explain's context (explain-context.ts): its diagnosis, and the nodes it
 * would be placed on, with preemption's budgets read only when it has candidates.
 */

/** The rules' switches explain takes from its flags, as the server takes them from its own. */
export type ExplainRules = Pick<ExplainOptions, 'gates' | 'evictingNodes' | 'kubeVersion'>

/** What preemption's dry run is given: the budgets, or that only a candidate is asked for. */
type Preemption = Pick<SnapshotInput, 'disruptionBudgets' | 'firstCandidateOnly'>

/**
 * One pod judged against the context by `judge`. The pod itself is left out of the other pods
 * (it may be listed while Pending, or be bound already): kube-scheduler never counts a pod
 * against itself. A bound pod of that name is taken off the snapshot for the judgement and put
 * back after it, in its place.
 */
function judgeAlone<T>(
  judge: (input: SnapshotInput) => T,
  pod: PlacementPod,
  tolerations: readonly Toleration[],
  context: ExplainContext,
  flags: ExplainRules,
  preemption: Preemption = {}
): T {
  const rules = {
    comparisonOperators: flags.gates.TaintTolerationComparisonOperators,
    evictingNodes: flags.evictingNodes,
    kubeVersion: flags.kubeVersion ?? NEWEST_KUBE_VERSION,
  }
  const isOther = (p: AffinityPod): boolean =>
    !(p.namespace === pod.namespace && p.name === pod.name)
  const { snapshot } = context
  const itself = snapshot.podsNamed(pod.namespace, pod.name)
  for (const p of itself) snapshot.removePod(p)
  try {
    return judge({
      pod,
      tolerations: new CompiledTolerations(tolerations, rules),
      snapshot,
      nominatedPods: context.nominated.filter(isOther),
      namespaces: context.namespaces,
      workloads: context.workloads,
      storage: context.storage,
      nodeLabelsKnown: true,
      options: rules,
      ...preemption,
    })
  } finally {
    for (const p of itself) snapshot.addPod(p)
  }
}

/**
 * With no node read, kube-scheduler runs no plugin: `schedulePod` fails the cycle with
 * ErrNoNodesAvailable first (fit-error.ts NO_NODES_AVAILABLE), nothing judged and nothing left
 * out of the judgement.
 */
const NO_NODES: PlacementDiagnosis = {
  nodes: [],
  available: 0,
  total: 0,
  summary: NO_NODES_AVAILABLE,
  postFilter: null,
  preemptionCandidates: [],
  schedulingError: null,
  preFilterRejection: null,
  notJudged: [],
  spreadIgnored: [],
}

/** The diagnosis of one pod against the context (judgeAlone). */
export function diagnose(
  pod: PlacementPod,
  tolerations: readonly Toleration[],
  context: ExplainContext,
  flags: ExplainRules,
  preemption?: Preemption
): PlacementDiagnosis {
  if (context.nodes.length === 0) return NO_NODES
  return judgeAlone(diagnoseInSnapshot, pod, tolerations, context, flags, preemption)
}

/** The diagnosis of one pod against the context and the nodes it would be placed on. */
export function choose(
  pod: PlacementPod,
  tolerations: readonly Toleration[],
  context: ExplainContext,
  flags: ExplainRules,
  preemption?: Preemption
): PlacementChoice {
  if (context.nodes.length === 0)
    return { diagnosis: NO_NODES, choice: null, scores: [], notScored: [], sample: null }
  return judgeAlone(diagnoseAndChoose, pod, tolerations, context, flags, preemption)
}

/**
 * The diagnosis and the choice, with the PodDisruptionBudgets read and applied when preemption has candidates:
 * they only choose among the victims, so they are not read otherwise. With budgets to read, the
 * first judgement asks only whether there is a candidate (its dry run stops at the first), since
 * the judgement with the budgets is then the answer.
 */
export async function chooseWithBudgets(
  pod: PlacementPod,
  tolerations: readonly Toleration[],
  context: ExplainContext,
  options: ExplainOptions
): Promise<PlacementChoice> {
  const probe = options.pdbs !== null
  const placement = choose(pod, tolerations, context, options, { firstCandidateOnly: probe })
  const candidates = placement.diagnosis.preemptionCandidates
  if (candidates.length === 0 || options.pdbs === null) return placement
  const budgets = await readDisruptionBudgets(await pdbsSource(options.pdbs))
  return choose(pod, tolerations, context, options, { disruptionBudgets: budgets })
}
