import {
  kubeVersionAtLeast,
  NEWEST_KUBE_VERSION,
  REASON_UNTOLERATED_TAINT,
  type KubeVersion,
  type RuleOptions,
  type Taint,
} from '../core/index.js'
import type { ContainerResources, PodResources } from './pod-requests.js'

/**
 * What kube-scheduler says and decides differently between v1.28 and v1.35, for what the
 * diagnosis judges. Each function names the upstream change; docs/compatibility.md has the table.
 */

/** The release the diagnosis speaks for: the rules' own, else the newest supported. */
export function releaseOf(options: RuleOptions): KubeVersion {
  return options.kubeVersion ?? NEWEST_KUBE_VERSION
}

/**
 * TaintToleration's Filter reason (tainttoleration/taint_toleration.go `Filter`). Up to v1.34.1 it
 * names the first untolerated NoSchedule/NoExecute taint in the node's order
 * (`FindMatchingUntoleratedTaint`) as `{KEY: VALUE}`, so the summary counts each distinct taint
 * apart; kubernetes/kubernetes#134740 (v1.35.0), backported by #135023 (v1.34.2), made it the
 * constant `node(s) had untolerated taint(s)`.
 */
export function untoleratedTaintReason(release: KubeVersion, first: Taint | undefined): string {
  if (kubeVersionAtLeast(release, 34, 2) || first === undefined) return REASON_UNTOLERATED_TAINT
  return `node(s) had untolerated taint {${first.key}: ${first.value}}`
}

/**
 * Whether the default profile holds DynamicResources, whose PostFilter adds `no new claims to
 * deallocate` before preemption's part: `default_plugins.go` inserts it only while the
 * DynamicResourceAllocation gate is on, which is by default since DRA went GA in v1.34
 * (kubernetes/kubernetes#132706); alpha or beta and off before.
 */
export function profileHasDynamicResources(release: KubeVersion): boolean {
  return kubeVersionAtLeast(release, 34)
}

/**
 * What FitError.Error writes after the PostFilter message. Up to v1.28 it appended it with
 * `SeparatorFormat` (" %v."), after preemption's own message had ended in a period, hence `..`;
 * since v1.29 it appends " %v" (kubernetes/kubernetes#117588, "Avoid duplicated dots in pod status
 * when preempting", merged after the release-1.28 branch: read as `..` in v1.28.8's source and as
 * one period in v1.29.1's, v1.29.4's and v1.29.7's).
 */
export function postFilterEnding(release: KubeVersion): string {
  return kubeVersionAtLeast(release, 29) ? '' : '.'
}

/**
 * Whether NodeResourcesFit marks a request above the node's whole allocatable of that resource
 * UnschedulableAndUnresolvable, which keeps preemption from trying the node: since v1.34
 * (kubernetes/kubernetes#131345); before, such a node was Unschedulable, preemption tried it and
 * found no victims.
 */
export function fitRejectsAboveAllocatableForGood(release: KubeVersion): boolean {
  return kubeVersionAtLeast(release, 34)
}

/**
 * What becomes of the nodes a PreFilterResult (NodeAffinity's, VolumeBinding's) leaves out (schedule_one.go
 * `findNodesThatFitPod`, preemption.go `nodesWherePreemptionMightHelp`, types.go `FitError.Error`):
 * - `unjudged`: Filter runs on the named nodes alone and the others get no status, so FitError
 *   does not count them while preemption, which skips only an UnschedulableAndUnresolvable
 *   status, tries them; a named node that does not exist fails the cycle with the snapshot's
 *   `nodeinfo not found for node name "NAME"`. Up to v1.28.9 and v1.29.4.
 * - `filtered-out`: each other node gets UnschedulableAndUnresolvable `node is filtered out by the
 *   prefilter result`, and names that match no node are passed over: kubernetes/kubernetes#119779
 *   (v1.30.0), backported to v1.28.10 (#124764) and v1.29.5 (#124559).
 * - `uncounted`: #125197 (v1.31.0, backported to v1.28.11, v1.29.6 and v1.30.2 by #125308,
 *   #125307 and #125306) leaves them out of the statuses again, names that match no node still
 *   passed over. FitError.Error counts only the statuses it holds, so they are in the `0/N` total
 *   and under no reason; preemption now tries only the nodes whose status is Unschedulable and
 *   counts every other node, these included, under `Preemption is not helpful for scheduling`.
 *   Read in v1.29.7, v1.30.4 and v1.31.8 (and the same change on v1.27.16).
 * - `absent`: the NodeToStatus structure (#126022, v1.32.0) gives them one absent-nodes status,
 *   `node(s) didn't satisfy plugin(s) [NodeAffinity]`, which FitError counts; read in v1.32.3.
 */
export type PreFilterNarrowing = 'unjudged' | 'filtered-out' | 'uncounted' | 'absent'

/** Per minor with the backports, the first patch of `filtered-out` and of `uncounted`. */
const NARROWING_PATCHES: Readonly<Record<number, readonly [number, number]>> = {
  28: [10, 11],
  29: [5, 6],
  30: [0, 2],
}

export function preFilterNarrowing(release: KubeVersion): PreFilterNarrowing {
  if (kubeVersionAtLeast(release, 32)) return 'absent'
  if (kubeVersionAtLeast(release, 31)) return 'uncounted'
  const patches = NARROWING_PATCHES[release.minor]
  if (patches === undefined) return 'unjudged'
  const [filteredOutFrom, uncountedFrom] = patches
  if (!kubeVersionAtLeast(release, release.minor, filteredOutFrom)) return 'unjudged'
  return kubeVersionAtLeast(release, release.minor, uncountedFrom) ? 'uncounted' : 'filtered-out'
}

/**
 * A pod's resources as the release's API server keeps them and its kube-scheduler reads them:
 * a field whose feature gate is off by default there is dropped on create (`dropDisabledFields`),
 * so the scheduler never sees it. Sidecars (init containers' `restartPolicy: Always`):
 * SidecarContainers, alpha in v1.28, beta and on since v1.29, so before it they are plain init
 * containers. In-place resize (`allocatedResources`, `resources` in the container statuses, the
 * PodResizePending condition): InPlacePodVerticalScaling, beta and on since v1.33; before it the
 * scheduler reads the spec alone. Pod-level `spec.resources`: PodLevelResources, beta and on
 * since v1.34.
 */
export function resourcesAsReleaseKeeps(
  resources: PodResources,
  release: KubeVersion
): PodResources {
  if (kubeVersionAtLeast(release, 34)) return resources
  const resize = kubeVersionAtLeast(release, 33)
  const sidecars = kubeVersionAtLeast(release, 29)
  const keep = (c: ContainerResources): ContainerResources => ({
    ...c,
    restartable: sidecars && c.restartable,
    allocated: resize ? c.allocated : null,
    actuated: resize ? c.actuated : null,
  })
  return {
    containers: resources.containers.map(keep),
    initContainers: resources.initContainers.map(keep),
    overhead: resources.overhead,
    podLevel: new Map(),
    resizeInfeasible: resize && resources.resizeInfeasible,
  }
}

/** The pods with their resources as the release keeps them; the same list from v1.34. */
export function podsAsReleaseKeeps<P extends { readonly resources?: PodResources }>(
  pods: readonly P[],
  release: KubeVersion
): readonly P[] {
  if (kubeVersionAtLeast(release, 34)) return pods
  return pods.map((p) =>
    p.resources === undefined
      ? p
      : { ...p, resources: resourcesAsReleaseKeeps(p.resources, release) }
  )
}

/**
 * How `NonZeroRequested` counts a placed pod (non-zero-requests.ts): each container filled in
 * with the defaults before the sum, sidecars beside the containers, since v1.32
 * (kubernetes/kubernetes#127878); before, the defaults applied to what `PodRequests` passed its
 * `ContainerFn`.
 */
export function nonZeroPerContainer(release: KubeVersion): boolean {
  return kubeVersionAtLeast(release, 32)
}

/**
 * Whether NodeResourcesBalancedAllocation's PreScore skips a pod requesting no cpu and no
 * memory (balanced_allocation.go `PreScore`, `isBestEffortPod`): kubernetes/kubernetes#130260,
 * fixing #129138, v1.33.0 (CHANGELOG-1.33: "The `BalancedAllocation` plugin now skips all
 * best-effort (zero-requested) pods"). Before, such a pod was scored on what the node's pods
 * request.
 */
export function balancedAllocationSkipsBestEffort(release: KubeVersion): boolean {
  return kubeVersionAtLeast(release, 33)
}

/**
 * Whether ImageLocality counts the init containers' images, in the sum and in the number of
 * images its upper threshold is scaled by (image_locality.go `sumImageScores`,
 * `calculatePriority`): kubernetes/kubernetes#123366, v1.30.0 ("The kube-scheduler now considers
 * whether nodes have the images available for init containers"). Before, the containers alone.
 */
export function imageLocalityCountsInitContainers(release: KubeVersion): boolean {
  return kubeVersionAtLeast(release, 30)
}

/**
 * Whether NodeVolumeLimits counts the node's VolumeAttachments beside its pods' volumes
 * (nodevolumelimits csi.go `getNodeVolumeAttachmentInfo`): kubernetes/kubernetes#127757, fixing
 * #126502 (a deleted pod's volume still attached while it detaches), approved in October 2024
 * for v1.32. Before, the pods' volumes alone.
 */
export function volumeLimitsCountAttachments(release: KubeVersion): boolean {
  return kubeVersionAtLeast(release, 32)
}

/**
 * Whether VolumeBinding matches a waiting claim only to volumes of its volume attributes class
 * (pv_helpers.go `FindMatchingVolume`'s `vacEnabled`): the VolumeAttributesClass gate, alpha in
 * v1.29, beta but off by default in v1.31, GA and on in v1.34. While it is off the API server
 * drops the field, so the releases before read no class on either side.
 */
export function volumeBindingMatchesAttributesClass(release: KubeVersion): boolean {
  return kubeVersionAtLeast(release, 34)
}
