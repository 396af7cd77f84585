import { compileNode, NEWEST_KUBE_VERSION } from '../core/index.js'
import {
  isFinishedPod,
  podsAsReleaseKeeps,
  Snapshot,
  type NamespaceLabels,
  type NominatedPod,
  type PlacementPod,
  type PodAffinityTerm,
  type VolumeStorage,
  type Workloads,
} from '../placement/index.js'
import type { ExplainOptions } from '../config/index.js'
import { ProtocolError, type ManifestNode } from '../protocol/index.js'
import { readNamespaces, readNodes, readPlacementList } from './manifests.js'
import { explainPodsSource, namespacesSource, nodesSource } from './tool-io.js'
import { escapeTerminal } from './terminal-text.js'
import type { ToolIo } from './tool-exit.js'
import { storageForPods } from './storage-manifests.js'
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
  /** The claims and storage classes, read when a pod judged has volumes that name claims. */
  readonly storage: VolumeStorage | null
  /** Why the claims or storage classes are unknown (a list the user may not read). */
  readonly storageNotes: readonly string[]
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
  return readPlacementList(
    source,
    (placement) =>
      !isFinishedPod(placement) && (placement.nodeName !== '' || placement.nominatedNodeName !== '')
        ? placement
        : undefined,
    workloads.side(source.origin)
  )
}

/** Namespace labels, read only when some term has a namespaceSelector to apply them to. */
async function readNamespaceLabels(
  options: ExplainOptions,
  owners: readonly PlacementPod[]
): Promise<NamespaceLabels> {
  const hasSelector = (terms: readonly PodAffinityTerm[]) =>
    terms.some((t) => t.namespaceSelector !== null)
  const needer = owners.find(
    (p) => hasSelector(p.requiredAffinity) || hasSelector(p.requiredAntiAffinity)
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
  const storage = await storageForPods(options.storage, incoming)
  return {
    nodes,
    snapshot: Snapshot.build(placementNodes, placedAsReleaseKeeps(options, others)),
    nominated: others?.filter((p) => p.nodeName === '' && p.nominatedNodeName !== '') ?? [],
    namespaces: await readNamespaceLabels(options, [...incoming, ...(others ?? [])]),
    workloads: options.workloads === null && workloads.size === 0 ? null : workloads,
    workloadNotes: collector.notes,
    storage: storage.storage,
    storageNotes: storage.notes,
  }
}

/** A kind the user may not list is said on stderr; the answer goes on. */
export function warnOfUnreadKinds(io: ToolIo, context: ExplainContext): void {
  for (const note of [...context.workloadNotes, ...context.storageNotes])
    io.stderr(`Warning: ${escapeTerminal(note)}\n`)
}
