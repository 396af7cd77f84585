import type { PodVolumeClaim } from './cluster-pod.js'
import type { PlacementPod } from './placement-pod.js'
import type { Workload } from './workloads.js'

type PodVolumes = Pick<PlacementPod, 'storageVolumes' | 'volumeClaims' | 'inlineStorage'>

/**
 * The claims the new pod's volumes name. A StatefulSet's pod keeps its name and is given its
 * volumeClaimTemplates' claims again (stateful_set_utils.go `updateStorage`): the old pod's.
 * Other controllers' pods name the template's. A generic ephemeral volume's claim is made for the
 * new pod by its controller once the pod exists (ephemeral controller.go `handleVolume`), from
 * the template's `volumeClaimTemplate`: the new pod names it as not made yet, and the volume
 * plugins judge it as that claim (ephemeral-claims.ts). An ephemeral volume whose template was
 * not read leaves the volume plugins unjudged for the pod, rather than judging a claim unknown.
 */
export function replacementVolumes(
  template: PlacementPod,
  workload: Workload,
  old: Partial<PlacementPod>,
  name: string
): PodVolumes {
  const kept = workload.kind === 'StatefulSet' && old.volumeClaims !== undefined
  const volumes: PodVolumes = kept
    ? {
        storageVolumes: old.storageVolumes ?? true,
        volumeClaims: old.volumeClaims ?? [],
        inlineStorage: old.inlineStorage ?? template.inlineStorage,
      }
    : template
  const { storageVolumes, inlineStorage } = volumes
  const volumeClaims: PodVolumeClaim[] = []
  for (const ref of volumes.volumeClaims) {
    const named = ref.ephemeral ? toBeMade(ref, template, kept ? (old.name ?? '') : '', name) : ref
    if (named === null) return { storageVolumes, volumeClaims: [], inlineStorage }
    volumeClaims.push(named)
  }
  return { storageVolumes, volumeClaims, inlineStorage }
}

/**
 * The ephemeral volume's claim as its controller will make it for the new pod `name`: from the
 * workload's template, whose volume of that name the new pod has (a StatefulSet's old pod, read
 * perhaps without the template, names it `<old pod>-<volume>`); null when not read.
 */
function toBeMade(
  ref: PodVolumeClaim,
  template: PlacementPod,
  oldName: string,
  name: string
): PodVolumeClaim | null {
  const volumeName = ref.template?.volumeName ?? ref.claimName.slice(oldName.length + 1)
  const source = template.volumeClaims.find((t) => t.template?.volumeName === volumeName)
  if (source?.template === undefined) return null
  const claimName = `${name}-${volumeName}`
  return { claimName, ephemeral: true, template: source.template, notCreated: true }
}
