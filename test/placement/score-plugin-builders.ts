import type {
  ClusterPod,
  ControllerReference,
  LabelSelector,
  PlacementPod,
  PreScore,
  ServiceSelector,
  SnapshotInput,
  Workload,
  WorkloadKind,
  Workloads,
} from '../../src/placement/index.js'
import { Snapshot } from '../../src/placement/index.js'
import { placementNodes, podInput, type Cluster, type LabelMap } from './builders.js'

/**
 * Shorthands for the Score plugins' tables: a cluster with its Services and controllers, and
 * one plugin's PreScore, Score and NormalizeScore run over the feasible nodes as the runner runs
 * them, so that a row reads as its spec and its expected numbers.
 */

export interface ScoreCluster extends Omit<Cluster, 'pods'> {
  readonly pods?: readonly ClusterPod[] | null
  /** The Services and controllers read; null: not read. */
  readonly workloads?: Workloads | null
  /** The nodes that passed the filters; every node when absent. */
  readonly feasible?: readonly string[]
}

/** What a plugin answered: Skip, the cycle's error, or each feasible node's raw and final score. */
export type ScoreOutcome =
  | 'skip'
  | { readonly error: string }
  | { readonly notJudged: string }
  | { readonly raw: Record<string, number>; readonly normalized: Record<string, number> }

/** The expected answer of a plugin that scores: raw and normalised score by node name. */
export function scores(
  raw: Record<string, number>,
  normalized: Record<string, number>
): ScoreOutcome {
  return { raw, normalized }
}

export function snapshotInput(incoming: PlacementPod, cluster: ScoreCluster): SnapshotInput {
  const pods = cluster.pods === undefined ? [] : cluster.pods
  return {
    ...podInput(incoming, cluster),
    snapshot: Snapshot.build(placementNodes(cluster.nodes), pods),
    workloads: cluster.workloads,
  }
}

export function runScore(
  preScore: PreScore,
  incoming: PlacementPod,
  cluster: ScoreCluster
): ScoreOutcome {
  const input = snapshotInput(incoming, cluster)
  const names = new Set(cluster.feasible ?? cluster.nodes.map((n) => n.name))
  const feasible = input.snapshot.nodeInfoList.filter((n) => names.has(n.name))
  const plugin = preScore(input, feasible)
  if (plugin === null) return 'skip'
  if ('error' in plugin) return { error: plugin.error }
  if ('notJudged' in plugin) return { notJudged: plugin.notJudged }
  const scores = feasible.map((n) => plugin.score(n))
  const raw = Object.fromEntries(feasible.map((n, i) => [n.name, scores[i] as number]))
  plugin.normalize?.(scores)
  const normalized = Object.fromEntries(feasible.map((n, i) => [n.name, scores[i] as number]))
  return { raw, normalized }
}

/** A controller reference as a pod's `metadata.ownerReferences` holds it. */
export function ownedBy(kind: string, name: string, apiVersion = 'apps/v1'): ControllerReference {
  return { apiVersion, kind, name, uid: `uid-${name}` }
}

export function workload(
  kind: WorkloadKind,
  name: string,
  selector: LabelSelector | null,
  namespace = 'default'
): Workload {
  return {
    kind,
    namespace,
    name,
    uid: `uid-${name}`,
    selector,
    replicas: 1,
    template: null,
    controller: null,
  }
}

export function service(
  name: string,
  selector: LabelMap | null,
  namespace = 'default'
): ServiceSelector {
  return { namespace, name, selector }
}

/** Workloads looked up as the implementation does: Services by namespace, controllers by name. */
export function workloads(
  services: readonly ServiceSelector[],
  controllers: readonly Workload[] = []
): Workloads {
  return {
    servicesIn: (namespace) => services.filter((s) => s.namespace === namespace),
    controllerOf(pod) {
      const ref = pod.controller
      if (ref == null) return null
      const found = controllers.find(
        (w) => w.namespace === pod.namespace && w.name === ref.name && w.kind === ref.kind
      )
      return found ?? null
    },
    daemonSets: () => controllers.filter((w) => w.kind === 'DaemonSet'),
  }
}
