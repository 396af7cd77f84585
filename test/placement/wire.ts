import type {
  ClaimFacts,
  CsiDriverFacts,
  CsiNodeFacts,
  StorageCapacityFacts,
  VolumeAttachmentFacts,
  LabelSelector,
  PersistentVolumeFacts,
  NodeSelectorTerm,
  PlacementPod,
  PodAffinityTerm,
  StorageClassFacts,
} from '../../src/placement/index.js'
import { taint as parseTaint } from '../core/builders.js'
import type { TestNode } from './builders.js'

/**
 * The placement tables' pods and nodes as Kubernetes JSON, for the implementations that read
 * objects: POST /explain and the explain tool.
 */

function wireTerm(term: NodeSelectorTerm): Record<string, unknown> {
  return { matchExpressions: term.matchExpressions, matchFields: term.matchFields }
}

export function wirePod(pod: PlacementPod): Record<string, unknown> {
  const { nodeSelector, required, preferred } = pod.nodeAffinity
  const nodeAffinity: Record<string, unknown> = {
    preferredDuringSchedulingIgnoredDuringExecution: preferred.map((p) => ({
      weight: p.weight,
      preference: wireTerm(p.preference),
    })),
  }
  if (required !== null)
    nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution = {
      nodeSelectorTerms: required.map(wireTerm),
    }
  return {
    metadata: {
      name: pod.name,
      namespace: pod.namespace,
      labels: pod.labels,
      ...(pod.uid === undefined ? {} : { uid: pod.uid }),
    },
    spec: {
      ...wireResources(pod),
      nodeName: pod.nodeName,
      nodeSelector,
      preemptionPolicy: pod.preemptionPolicy,
      ...(pod.priority === null ? {} : { priority: pod.priority }),
      resourceClaims: Array.from({ length: pod.resourceClaims }, (_, i) => ({
        name: `claim-${i}`,
      })),
      volumes: wireVolumes(pod),
      affinity: {
        nodeAffinity,
        podAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: pod.requiredAffinity.map(wirePodTerm),
        },
        podAntiAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: pod.requiredAntiAffinity.map(wirePodTerm),
        },
      },
    },
    status: {
      nominatedNodeName: pod.nominatedNodeName,
      ...(pod.startTime == null ? {} : { startTime: pod.startTime }),
    },
  }
}

/**
 * The kinds of volume no volume plugin reads, as most pods have them, and a claim where the pod
 * has a volume the plugins read.
 */
/**
 * Volumes no volume plugin reads, then the pod's claims (an ephemeral volume named so that its
 * claim is `<pod>-<volume>`), then an nfs one for a pod with a volume they read that is no claim.
 */
function wireVolumes(pod: PlacementPod): Record<string, unknown>[] {
  const plain = [
    { name: 'token', projected: { sources: [] } },
    { name: 'config', configMap: { name: 'config' } },
    { name: 'scratch', emptyDir: {} },
  ]
  const claims = pod.volumeClaims.map((c, i) =>
    c.ephemeral
      ? { name: c.claimName.slice(pod.name.length + 1), ephemeral: { volumeClaimTemplate: {} } }
      : { name: `claim-${i}`, persistentVolumeClaim: { claimName: c.claimName } }
  )
  const nfs = { name: 'data', nfs: { server: 'nfs', path: '/' } }
  const inline = pod.inlineStorage || (pod.storageVolumes && claims.length === 0)
  return [...plain, ...claims, ...(inline ? [nfs] : [])]
}

/** A claim as `kubectl get pvc -o json` prints it. */
export function wireClaim(claim: ClaimFacts): Record<string, unknown> {
  const annotations: Record<string, string> = {}
  if (claim.bindCompleted) annotations['pv.kubernetes.io/bind-completed'] = 'yes'
  if (claim.selectedNode !== null)
    annotations['volume.kubernetes.io/selected-node'] = claim.selectedNode
  return {
    kind: 'PersistentVolumeClaim',
    metadata: {
      namespace: claim.namespace,
      name: claim.name,
      uid: claim.uid,
      annotations,
      ...(claim.deleting ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}),
      ...(claim.controllerUid === null
        ? {}
        : {
            ownerReferences: [
              {
                apiVersion: 'v1',
                kind: 'Pod',
                name: 'p',
                uid: claim.controllerUid,
                controller: true,
              },
            ],
          }),
    },
    spec: {
      volumeName: claim.volumeName,
      accessModes: claim.accessModes,
      volumeMode: claim.volumeMode,
      ...(claim.storageRequest === null
        ? {}
        : { resources: { requests: { storage: `${claim.storageRequest}n` } } }),
      ...(claim.selector === null ? {} : { selector: wireSelector(claim.selector) }),
      ...(claim.attributesClass === '' ? {} : { volumeAttributesClassName: claim.attributesClass }),
      ...(claim.className === '' ? {} : { storageClassName: claim.className }),
    },
    status: { phase: claim.lost ? 'Lost' : claim.volumeName === '' ? 'Pending' : 'Bound' },
  }
}

/** A StorageClass as `kubectl get storageclass -o json` prints it. */
export function wireStorageClass(c: StorageClassFacts): Record<string, unknown> {
  return {
    kind: 'StorageClass',
    metadata: { name: c.name },
    provisioner: c.provisioner ?? 'example.com/disk',
    volumeBindingMode: c.waitForFirstConsumer ? 'WaitForFirstConsumer' : 'Immediate',
    allowedTopologies: (c.allowedTopologies ?? []).map((term) => ({
      matchLabelExpressions: term,
    })),
  }
}

/** Nanos written back as a quantity the decoder reads exactly (`3500000000n`). */
function wireList(list: ReadonlyMap<string, bigint>): Record<string, string> {
  return Object.fromEntries([...list].map(([name, nanos]) => [name, `${nanos}n`]))
}

/** The pod's containers, overhead and pod-level requests, and its host ports on the first. */
function wireResources(pod: PlacementPod): Record<string, unknown> {
  const resources = pod.resources
  if (resources === undefined) return {}
  const ports = (pod.hostPorts ?? []).map((p) => ({ containerPort: 80, ...p }))
  return {
    containers: resources.containers.map((c, i) => ({
      name: c.name,
      resources: { requests: wireList(c.requests) },
      ...(i === 0 ? { ports } : {}),
    })),
    initContainers: resources.initContainers.map((c) => ({
      name: c.name,
      resources: { requests: wireList(c.requests) },
      ...(c.restartable ? { restartPolicy: 'Always' } : {}),
    })),
    overhead: wireList(resources.overhead),
    resources: { requests: wireList(resources.podLevel) },
  }
}

export function wireNode(node: TestNode): Record<string, unknown> {
  return {
    metadata: { name: node.name, resourceVersion: '1', labels: node.spec.labels ?? {} },
    spec: {
      unschedulable: node.spec.unschedulable ?? false,
      taints: (node.spec.taints ?? []).map((t) => parseTaint(t)),
    },
    ...(node.spec.allocatable === undefined
      ? {}
      : { status: { allocatable: node.spec.allocatable } }),
  }
}

function wireSelector(selector: LabelSelector | null): Record<string, unknown> | null {
  return selector === null
    ? null
    : { matchLabels: selector.matchLabels, matchExpressions: selector.matchExpressions }
}

function wirePodTerm(term: PodAffinityTerm): Record<string, unknown> {
  return {
    labelSelector: wireSelector(term.labelSelector),
    namespaces: term.namespaces,
    namespaceSelector: wireSelector(term.namespaceSelector),
    topologyKey: term.topologyKey,
  }
}

/** A PersistentVolume as `kubectl get pv -o json` prints it. */
export function wirePersistentVolume(volume: PersistentVolumeFacts): Record<string, unknown> {
  const source =
    volume.source === 'local'
      ? { local: { path: '/mnt/disk' } }
      : volume.source === 'in-tree'
        ? { awsElasticBlockStore: { volumeID: 'vol-1' } }
        : volume.csi == null
          ? { nfs: { server: 'nfs.example.com', path: '/' } }
          : { csi: { driver: volume.csi.driver, volumeHandle: volume.csi.handle } }
  const terms = volume.nodeAffinity?.map(wireTerm)
  const binding = volume.binding
  return {
    kind: 'PersistentVolume',
    metadata: {
      name: volume.name,
      labels: volume.labels,
      ...(binding.deleting ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}),
    },
    spec: {
      ...source,
      ...(terms === undefined ? {} : { nodeAffinity: { required: { nodeSelectorTerms: terms } } }),
      capacity: { storage: `${binding.capacity}n` },
      accessModes: binding.accessModes,
      volumeMode: binding.volumeMode,
      ...(binding.claimRef === null ? {} : { claimRef: binding.claimRef }),
      ...(binding.className === '' ? {} : { storageClassName: binding.className }),
      ...(binding.attributesClass === ''
        ? {}
        : { volumeAttributesClassName: binding.attributesClass }),
    },
    status: { phase: binding.available ? 'Available' : 'Bound' },
  }
}

/** A CSINode as `kubectl get csinode -o json` prints it: each driver with its attach limit. */
export function wireCsiNode(csiNode: CsiNodeFacts): Record<string, unknown> {
  const annotations =
    csiNode.migratedPlugins.length === 0
      ? {}
      : { 'storage.alpha.kubernetes.io/migrated-plugins': csiNode.migratedPlugins.join(',') }
  return {
    kind: 'CSINode',
    metadata: { name: csiNode.name, annotations },
    spec: {
      drivers: [...csiNode.limits].map(([name, count]) => ({
        name,
        nodeID: csiNode.name,
        allocatable: { count },
      })),
    },
  }
}

/** A VolumeAttachment as `kubectl get volumeattachment -o json` prints it. */
export function wireVolumeAttachment(a: VolumeAttachmentFacts, i: number): Record<string, unknown> {
  return {
    kind: 'VolumeAttachment',
    metadata: { name: `csi-attachment-${i}` },
    spec: {
      attacher: a.attacher,
      nodeName: a.nodeName,
      source: a.volumeName === null ? {} : { persistentVolumeName: a.volumeName },
    },
  }
}

/** A CSIDriver as `kubectl get csidriver -o json` prints it. */
export function wireCsiDriver(driver: CsiDriverFacts): Record<string, unknown> {
  return {
    kind: 'CSIDriver',
    metadata: { name: driver.name },
    spec: { attachRequired: true, storageCapacity: driver.storageCapacity },
  }
}

/** A CSIStorageCapacity as `kubectl get csistoragecapacity -o json` prints it. */
export function wireStorageCapacity(c: StorageCapacityFacts, i: number): Record<string, unknown> {
  return {
    kind: 'CSIStorageCapacity',
    apiVersion: 'storage.k8s.io/v1',
    metadata: { namespace: 'kube-system', name: `csisc-${i}` },
    storageClassName: c.className,
    ...(c.capacity === null ? {} : { capacity: `${c.capacity}n` }),
    ...(c.maximumVolumeSize === null ? {} : { maximumVolumeSize: `${c.maximumVolumeSize}n` }),
    ...(c.nodeTopology === null ? {} : { nodeTopology: wireSelector(c.nodeTopology) }),
  }
}
