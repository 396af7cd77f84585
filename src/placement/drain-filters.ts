import type { KubeVersion } from '../core/index.js'
import { isFinishedPod, type ClusterPod, type ControllerReference } from './cluster-pod.js'
import type { Labels } from './label-requirements.js'
import type { Workloads } from './workloads.js'

/**
 * kubectl drain's pod filters (staging/src/k8s.io/kubectl/pkg/drain/filters.go `makeFilters`),
 * in its order: DaemonSet, mirror, local storage, unreplicated. The first filter that does not
 * say "delete" decides (drain.go `filterPods`); a pod every filter lets through is evicted, or
 * deleted with `--disable-eviction`. The skip-deleted filter that runs first is not mirrored:
 * pods are read without their deletion time.
 */

/** The kubectl drain flags the filters and the eviction read. */
export interface DrainFlags {
  /** `--ignore-daemonsets`: a DaemonSet's pod is left in place instead of an error. */
  readonly ignoreDaemonSets: boolean
  /** `--delete-emptydir-data`: a pod with an `emptyDir` volume is deleted instead of an error. */
  readonly deleteEmptyDirData: boolean
  /** `--force`: a pod no controller owns (or whose DaemonSet is gone) is deleted. */
  readonly force: boolean
  /** `--disable-eviction`: plain DELETEs, which no PodDisruptionBudget checks. */
  readonly disableEviction: boolean
  /** `--pod-selector`: only the pods it matches are listed; null lists them all. */
  readonly podSelector: ((labels: Labels) => boolean) | null
  /** `--timeout` in seconds: how long one node's evictions may take; null: without end. */
  readonly timeoutSeconds: number | null
  /** `--grace-period`: each evicted pod's grace period; null: the pod's own. */
  readonly gracePeriodSeconds: number | null
}

/** What the filters decide for one pod: delete it, leave it, or refuse the node's drain. */
export type DrainVerdict =
  | { readonly kind: 'delete'; readonly warning: string | null }
  | { readonly kind: 'skip'; readonly warning: string | null }
  | { readonly kind: 'error'; readonly message: string }

const DAEMON_SET_FATAL = 'DaemonSet-managed Pods (use --ignore-daemonsets to ignore)'
const DAEMON_SET_WARNING = 'ignoring DaemonSet-managed Pods'
const LOCAL_STORAGE_FATAL = 'Pods with local storage (use --delete-emptydir-data to override)'
const LOCAL_STORAGE_WARNING = 'deleting Pods with local storage'
const UNMANAGED_WARNING = 'deleting Pods that declare no controller'

/**
 * kubectl 1.30 reworded it (kubectl commit b7a900337), so that the printed error says "cannot
 * delete" twice.
 */
function unmanagedFatal(release: KubeVersion): string {
  return release.minor >= 30
    ? 'cannot delete Pods that declare no controller (use --force to override)'
    : 'Pods declare no controller (use --force to override)'
}

const DELETE: DrainVerdict = { kind: 'delete', warning: null }

/** From kubectl 1.34 the owner must be `apps/v1` too (`isControllerRefDaemonSet`). */
function isDaemonSet(owner: ControllerReference, release: KubeVersion): boolean {
  return owner.kind === 'DaemonSet' && (release.minor < 34 || owner.apiVersion === 'apps/v1')
}

/**
 * `daemonSetFilter`: drain GETs the DaemonSet; when it is gone, the GET's NotFound message is the
 * error, or the warning of a deletion under --force. Unknown workloads (not read) are taken to
 * exist, as a DaemonSet's pods usually have theirs.
 */
function daemonSetFilter(
  pod: ClusterPod,
  flags: DrainFlags,
  workloads: Workloads | null,
  release: KubeVersion
): DrainVerdict {
  const owner = pod.controller ?? null
  if (owner === null || !isDaemonSet(owner, release) || isFinishedPod(pod)) return DELETE
  // kubectl GETs the DaemonSet by namespace and name: one of that name found counts, whatever its
  // uid (an empty uid is not compared).
  const named = { ...pod, controller: { ...owner, uid: '' } }
  const found = workloads === null || workloads.controllerOf(named)?.kind === 'DaemonSet'
  if (!found) {
    const notFound = `daemonsets.apps "${owner.name}" not found`
    return flags.force
      ? { kind: 'delete', warning: notFound }
      : { kind: 'error', message: notFound }
  }
  return flags.ignoreDaemonSets
    ? { kind: 'skip', warning: DAEMON_SET_WARNING }
    : { kind: 'error', message: DAEMON_SET_FATAL }
}

/** `mirrorPodFilter`: a static pod's mirror cannot be deleted through the API; left silently. */
function mirrorPodFilter(pod: ClusterPod): DrainVerdict {
  return pod.mirror === true ? { kind: 'skip', warning: null } : DELETE
}

/** `localStorageFilter`: an unfinished pod with an `emptyDir` volume. */
function localStorageFilter(pod: ClusterPod, flags: DrainFlags): DrainVerdict {
  if (pod.localStorage !== true || isFinishedPod(pod)) return DELETE
  return flags.deleteEmptyDirData
    ? { kind: 'delete', warning: LOCAL_STORAGE_WARNING }
    : { kind: 'error', message: LOCAL_STORAGE_FATAL }
}

/** `unreplicatedFilter`: an unfinished pod without a controller owner reference. */
function unreplicatedFilter(
  pod: ClusterPod,
  flags: DrainFlags,
  release: KubeVersion
): DrainVerdict {
  if (isFinishedPod(pod) || (pod.controller ?? null) !== null) return DELETE
  return flags.force
    ? { kind: 'delete', warning: UNMANAGED_WARNING }
    : { kind: 'error', message: unmanagedFatal(release) }
}

/**
 * The verdict of the filters for one listed pod. As in `filterPods`, a warning that lets the pod
 * through is replaced by the next filter's verdict: only the last filter run keeps its words.
 */
export function filterDrainPod(
  pod: ClusterPod,
  flags: DrainFlags,
  workloads: Workloads | null,
  release: KubeVersion
): DrainVerdict {
  const filters: readonly (() => DrainVerdict)[] = [
    () => daemonSetFilter(pod, flags, workloads, release),
    () => mirrorPodFilter(pod),
    () => localStorageFilter(pod, flags),
    () => unreplicatedFilter(pod, flags, release),
  ]
  let verdict: DrainVerdict = DELETE
  for (const filter of filters) {
    verdict = filter()
    if (verdict.kind !== 'delete') break
  }
  return verdict
}
