import {
  many,
  message,
  one,
  PRESENCE_ONLY,
  quantities,
  scalar,
  stringMap,
  strings,
  time,
  type Message,
} from './message-schema.js'
import { CLAIM_ANNOTATIONS } from '../decode-storage-objects.js'
import { LABEL_SELECTOR, OBJECT_META } from './meta-v1.js'

/**
 * The core/v1 Pod and Node (k8s.io/api core/v1 generated.proto) with the fields the decoders
 * read (decode-objects.ts, decode-manifests.ts, decode-placed-pod.ts and what they call): field
 * numbers from the proto, member names from the JSON. Enums are strings in core/v1.
 */

const TOLERATION = message('Toleration', {
  1: scalar('string', 'key'),
  2: scalar('string', 'operator'),
  3: scalar('string', 'value'),
  4: scalar('string', 'effect'),
  5: scalar('int64', 'tolerationSeconds'),
})

const NODE_SELECTOR_REQUIREMENT = message('NodeSelectorRequirement', {
  1: scalar('string', 'key'),
  2: scalar('string', 'operator'),
  3: strings('values'),
})

const NODE_SELECTOR_TERM = message('NodeSelectorTerm', {
  1: many('matchExpressions', NODE_SELECTOR_REQUIREMENT),
  2: many('matchFields', NODE_SELECTOR_REQUIREMENT),
})

const NODE_AFFINITY = message('NodeAffinity', {
  1: one(
    'requiredDuringSchedulingIgnoredDuringExecution',
    message('NodeSelector', { 1: many('nodeSelectorTerms', NODE_SELECTOR_TERM) })
  ),
  2: many(
    'preferredDuringSchedulingIgnoredDuringExecution',
    message('PreferredSchedulingTerm', {
      1: scalar('int32', 'weight'),
      2: one('preference', NODE_SELECTOR_TERM),
    })
  ),
})

/** PodAffinityTerm; matchLabelKeys are merged into labelSelector by the API server, not read. */
const POD_AFFINITY_TERM = message('PodAffinityTerm', {
  1: one('labelSelector', LABEL_SELECTOR),
  2: strings('namespaces'),
  3: scalar('string', 'topologyKey'),
  4: one('namespaceSelector', LABEL_SELECTOR),
})

/** PodAffinity and PodAntiAffinity have the same fields. */
function podAffinity(name: string): Message {
  return message(name, {
    1: many('requiredDuringSchedulingIgnoredDuringExecution', POD_AFFINITY_TERM),
    2: many(
      'preferredDuringSchedulingIgnoredDuringExecution',
      message('WeightedPodAffinityTerm', {
        1: scalar('int32', 'weight'),
        2: one('podAffinityTerm', POD_AFFINITY_TERM),
      })
    ),
  })
}

const AFFINITY = message('Affinity', {
  1: one('nodeAffinity', NODE_AFFINITY),
  2: one('podAffinity', podAffinity('PodAffinity')),
  3: one('podAntiAffinity', podAffinity('PodAntiAffinity')),
})

/** ResourceRequirements: only requests are read (limits, claims are not). */
const RESOURCE_REQUIREMENTS = message('ResourceRequirements', { 2: quantities('requests') })

const CONTAINER = message('Container', {
  1: scalar('string', 'name'),
  2: scalar('string', 'image'),
  6: many(
    'ports',
    message('ContainerPort', {
      2: scalar('int32', 'hostPort'),
      4: scalar('string', 'protocol'),
      5: scalar('string', 'hostIP'),
    })
  ),
  8: one('resources', RESOURCE_REQUIREMENTS),
  24: scalar('string', 'restartPolicy'),
})

const TOPOLOGY_SPREAD_CONSTRAINT = message('TopologySpreadConstraint', {
  1: scalar('int32', 'maxSkew'),
  2: scalar('string', 'topologyKey'),
  3: scalar('string', 'whenUnsatisfiable'),
  4: one('labelSelector', LABEL_SELECTOR),
  5: scalar('int32', 'minDomains'),
  6: scalar('string', 'nodeAffinityPolicy'),
  7: scalar('string', 'nodeTaintsPolicy'),
  8: strings('matchLabelKeys'),
})

const CLAIM_VOLUME_SOURCE = message('PersistentVolumeClaimVolumeSource', {
  1: scalar('string', 'claimName'),
})

/**
 * An ephemeral volume's volumeClaimTemplate {metadata=1, spec=2}: the claim its controller makes
 * from it (decode-storage-objects.ts `decodeClaimTemplate`), the annotations a claim's decoder
 * reads and the spec's fields VolumeBinding matches and provisions by.
 */
const CLAIM_SPEC = message('PersistentVolumeClaimSpec', {
  1: strings('accessModes'),
  2: one('resources', message('ResourceRequirements', { 2: quantities('requests') })),
  3: scalar('string', 'volumeName'),
  4: one('selector', LABEL_SELECTOR),
  5: scalar('string', 'storageClassName'),
  6: scalar('string', 'volumeMode'),
  9: scalar('string', 'volumeAttributesClassName'),
})
const CLAIM_TEMPLATE = message('PersistentVolumeClaimTemplate', {
  1: one('metadata', message('ObjectMeta', { 12: stringMap('annotations', CLAIM_ANNOTATIONS) })),
  2: one('spec', CLAIM_SPEC),
})
const EPHEMERAL_VOLUME_SOURCE = message('EphemeralVolumeSource', {
  1: one('volumeClaimTemplate', CLAIM_TEMPLATE),
})

/**
 * Volume {name=1, volumeSource=2}: JSON writes VolumeSource inline. Which kind it is counts
 * (decode-storage-volumes.ts, drain's emptyDir) for the kinds the volume plugins never read, and
 * the claim a persistentVolumeClaim or ephemeral volume names; a volume of any other kind is
 * read as an object of no member, which counts as read.
 */
const VOLUME_SOURCE = message('VolumeSource', {
  1: one('hostPath', PRESENCE_ONLY),
  2: one('emptyDir', PRESENCE_ONLY),
  6: one('secret', PRESENCE_ONLY),
  10: one('persistentVolumeClaim', CLAIM_VOLUME_SOURCE),
  16: one('downwardAPI', PRESENCE_ONLY),
  19: one('configMap', PRESENCE_ONLY),
  26: one('projected', PRESENCE_ONLY),
  29: one('ephemeral', EPHEMERAL_VOLUME_SOURCE),
})
const VOLUME = message('Volume', {
  1: scalar('string', 'name'),
  2: { kind: 'inline', message: VOLUME_SOURCE },
})

const POD_SCHEDULING_GATE = message('PodSchedulingGate', {
  1: scalar('string', 'name'),
})

const POD_SPEC = message('PodSpec', {
  1: many('volumes', VOLUME),
  2: many('containers', CONTAINER),
  4: scalar('int64', 'terminationGracePeriodSeconds'),
  7: stringMap('nodeSelector'),
  10: scalar('string', 'nodeName'),
  18: one('affinity', AFFINITY),
  19: scalar('string', 'schedulerName'),
  20: many('initContainers', CONTAINER),
  22: many('tolerations', TOLERATION),
  25: scalar('int32', 'priority'),
  31: scalar('string', 'preemptionPolicy'),
  32: quantities('overhead'),
  33: many('topologySpreadConstraints', TOPOLOGY_SPREAD_CONSTRAINT),
  38: many('schedulingGates', POD_SCHEDULING_GATE),
  // Only how many claims there are is read (PodResourceClaim's fields are not).
  39: many('resourceClaims', PRESENCE_ONLY),
  40: one('resources', RESOURCE_REQUIREMENTS),
})

const POD_CONDITION = message('PodCondition', {
  1: scalar('string', 'type'),
  2: scalar('string', 'status'),
  5: scalar('string', 'reason'),
})

const CONTAINER_STATUS = message('ContainerStatus', {
  1: scalar('string', 'name'),
  10: quantities('allocatedResources'),
  11: one('resources', RESOURCE_REQUIREMENTS),
})

const POD_STATUS = message('PodStatus', {
  1: scalar('string', 'phase'),
  2: many('conditions', POD_CONDITION),
  7: time('startTime'),
  8: many('containerStatuses', CONTAINER_STATUS),
  10: many('initContainerStatuses', CONTAINER_STATUS),
  11: scalar('string', 'nominatedNodeName'),
})

export const POD = message('Pod', {
  1: one('metadata', OBJECT_META),
  2: one('spec', POD_SPEC),
  3: one('status', POD_STATUS),
})

/* The Node: what decodeManifestNode reads (name, resourceVersion, labels, cordon, taints,
 * allocatable, images). */

const TAINT = message('Taint', {
  1: scalar('string', 'key'),
  2: scalar('string', 'value'),
  3: scalar('string', 'effect'),
})

const NODE_SPEC = message('NodeSpec', {
  4: scalar('bool', 'unschedulable'),
  5: many('taints', TAINT),
})

const CONTAINER_IMAGE = message('ContainerImage', {
  1: strings('names'),
  2: scalar('int64', 'sizeBytes'),
})

const NODE_STATUS = message('NodeStatus', {
  2: quantities('allocatable'),
  8: many('images', CONTAINER_IMAGE),
})

export const NODE = message('Node', {
  1: one('metadata', OBJECT_META),
  2: one('spec', NODE_SPEC),
  3: one('status', NODE_STATUS),
})
