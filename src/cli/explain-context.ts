import {
  compileNode,
  CompiledTolerations,
  NEWEST_KUBE_VERSION,
  type Toleration,
} from '../core/index.js'
import {
  diagnoseAndChoose,
  diagnoseInSnapshot,
  NO_NODES_AVAILABLE,
  podsAsReleaseKeeps,
  Snapshot,
  type AffinityPod,
  type NamespaceLabels,
  type NominatedPod,
  type PlacementChoice,
  type PlacementDiagnosis,
  type PlacementPod,
  type SnapshotInput,
  type Workloads,
} from '../placement/index.js'
import type { ExplainOptions } from '../config/index.js'
import { ProtocolError, type ManifestNode, type ManifestPod } from '../protocol/index.js'
import { readDisruptionBudgets, readNamespaces, readNodes, readPodList } from './manifests.js'
import { explainPodsSource, namespacesSource, nodesSource, pdbsSource } from './tool-io.js'
import { escapeTerminal } from './terminal-text.js'
import type { ToolIo } from './tool-exit.js'
import { WorkloadCollector } from './workload-kinds.js'
import { readWorkloads } from './workload-manifests.js'

/**
 * What explain judges a pod against, read once: the nodes and the unfinished pods bound to them
 * as one scheduler snapshot, the pods nominated to a node, and the namespaces' labels.
 * `explain --pending` judges every pending pod against the same snapshot.
 */
export interface ExplainContext {
  readonly nodes: readonly ManifestNode[]
  /** The nodes and the unfinished pods bound to them (pods unknown when no file or cluster gives them). */
  readonly snapshot: Snapshot
  readonly nominated: readonly NominatedPod[]
  readonly namespaces: NamespaceLabels
  /** The controllers and Services read; null when no file or cluster gave any. */
  readonly workloads: Workloads | null
  /** Why some kinds of workload objects are unknown (a list the user may not read). */
  readonly workloadNotes: readonly string[]
}

/**
 * The unfinished pods: those bound to a node, and those not bound yet with
 * `status.nominatedNodeName` set, which the scheduling queue holds as nominated pods. Other
 * pending pods count for nothing here and are not kept.
 */
async function readOtherPods(
  options: ExplainOptions,
  workloads: WorkloadCollector
): Promise<PlacementPod[] | null> {
  if (options.pods === null) return null
  const source = await explainPodsSource(options.pods)
  return readPodList(
    source,
    ({ pod, placement }) =>
      isUnfinished(pod) && (placement.nodeName !== '' || placement.nominatedNodeName !== '')
        ? placement
        : undefined,
    workloads.side(source.origin)
  )
}

/** Not Succeeded nor Failed: kube-scheduler's pod informer leaves finished pods out. */
export function isUnfinished(pod: ManifestPod): boolean {
  return pod.phase !== 'Succeeded' && pod.phase !== 'Failed'
}

/** Namespace labels, read only when some term has a namespaceSelector to apply them to. */
async function readNamespaceLabels(
  options: ExplainOptions,
  owners: readonly PlacementPod[]
): Promise<NamespaceLabels> {
  const needer = owners.find((p) =>
    [...p.requiredAffinity, ...p.requiredAntiAffinity].some((t) => t.namespaceSelector !== null)
  )
  if (needer === undefined) return new Map()
  if (options.namespaces === null) {
    throw new ProtocolError(
      `--namespaces FILE is required: ${needer.namespace}/${needer.name} has a namespaceSelector`
    )
  }
  return readNamespaces(await namespacesSource(options.namespaces))
}

/**
 * The bound pods, with the fields the release's API server would have dropped left out: from
 * files they may come from a newer cluster (kube-releases.ts `resourcesAsReleaseKeeps`).
 */
function placedAsReleaseKeeps(
  options: ExplainOptions,
  others: readonly PlacementPod[] | null
): readonly PlacementPod[] | null {
  if (others === null) return null
  const placed = others.filter((p) => p.nodeName !== '')
  return podsAsReleaseKeeps(placed, options.kubeVersion ?? NEWEST_KUBE_VERSION)
}

/** The unfinished pods a caller read already (null: none given), and the workloads beside them. */
export interface PodsRead {
  readonly pods: readonly PlacementPod[] | null
  readonly collector: WorkloadCollector
}

/**
 * `alreadyRead`: the unfinished pods when the caller read them already (explain --pending reads a
 * pods file once for its pending pods and these); read here when undefined.
 */
export async function readExplainContext(
  options: ExplainOptions,
  incoming: readonly PlacementPod[],
  alreadyRead?: PodsRead
): Promise<ExplainContext> {
  const nodes = await readNodes(await nodesSource(options.nodes), true)
  const collector = alreadyRead?.collector ?? new WorkloadCollector()
  const others =
    alreadyRead === undefined ? await readOtherPods(options, collector) : alreadyRead.pods
  if (options.workloads !== null) await readWorkloads(options.workloads, collector)
  const workloads = collector.index()
  const placementNodes = nodes.map((n) => ({
    name: n.name,
    labels: n.labels,
    compiled: compileNode(n),
    allocatable: n.allocatable,
    images: n.images,
  }))
  return {
    nodes,
    snapshot: Snapshot.build(placementNodes, placedAsReleaseKeeps(options, others)),
    nominated: others?.filter((p) => p.nodeName === '' && p.nominatedNodeName !== '') ?? [],
    namespaces: await readNamespaceLabels(options, [...incoming, ...(others ?? [])]),
    workloads: options.workloads === null && workloads.size === 0 ? null : workloads,
    workloadNotes: collector.notes,
  }
}

/** A kind of workload object the user may not list is said on stderr; the answer goes on. */
export function warnOfUnreadWorkloads(io: ToolIo, context: ExplainContext): void {
  for (const note of context.workloadNotes) io.stderr(`Warning: ${escapeTerminal(note)}\n`)
}

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
