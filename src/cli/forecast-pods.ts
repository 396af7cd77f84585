import type { Toleration } from '../core/index.js'
import { isFinishedPod, type PlacementPod } from '../placement/index.js'
import { decodeManifestPod, decodePlacementPod } from '../protocol/index.js'
import { readListObjects, type ManifestSource } from './manifests.js'
import { SKIP_WORKLOADS, type SideReading } from './workload-kinds.js'

/**
 * The pods as forecast keeps them: each pod's placement (name, node, phase, labels, terms and
 * resources, all that the snapshot and the eviction and drain rules read), its tolerations,
 * which the taint-eviction rules read, and its scheduling gates and scheduler name, which keep a
 * pending pod from being tried by the default profile; decoded once, with no manifest copy of
 * the pod beside the placement, since forecast holds every pod of the cluster at once.
 */

export interface ForecastPod {
  readonly placement: PlacementPod
  readonly tolerations: readonly Toleration[]
  /** `spec.schedulingGates`' names; none for most pods (placement/scheduling-gates.ts). */
  readonly schedulingGates: readonly string[]
  /** `spec.schedulerName`: "" when unset (placement/scheduler-name.ts). */
  readonly schedulerName: string
}

/** One list shared by the pods without tolerations, most of a cluster's. */
const NO_TOLERATIONS: readonly Toleration[] = Object.freeze([])

function forecastPod(object: unknown, origin: string, index: number): ForecastPod {
  const path = `${origin}: pod ${index}`
  const { tolerations, schedulingGates, schedulerName } = decodeManifestPod(object, path)
  return {
    placement: decodePlacementPod(object, path, false),
    tolerations: tolerations.length === 0 ? NO_TOLERATIONS : tolerations,
    schedulingGates,
    schedulerName,
  }
}

/**
 * Pods in any form the tools read (a List, several YAML documents, one manifest), every object's
 * kind checked before any is decoded; the workload objects a `kubectl get pods,deploy,...` List
 * holds beside them go to `side`.
 */
export function readForecastPods(
  source: ManifestSource,
  side: SideReading = SKIP_WORKLOADS
): Promise<ForecastPod[]> {
  const { origin } = source
  const decode = (object: unknown, index: number) => forecastPod(object, origin, index)
  return readListObjects(source, {
    expected: 'Pod',
    flag: 'pods',
    order: 'kinds-first',
    decode,
    side,
  })
}

/** Whether the pod has finished (placement/cluster-pod.ts `isFinishedPod`). */
export function isFinished(pod: ForecastPod): boolean {
  return isFinishedPod(pod.placement)
}

/** `namespace/name`, as messages and tables name a pod. */
export function podKey(pod: PlacementPod): string {
  return `${pod.namespace}/${pod.name}`
}
