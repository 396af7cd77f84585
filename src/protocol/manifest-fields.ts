import { mergeFieldTrees, type FieldTree } from './pick-fields.js'

/**
 * The members of each kind of object the tools read (see pick-fields.ts), in lower case: every
 * field a decoder of decode-manifests.ts, decode-placement.ts, decode-pod-identity.ts,
 * decode-pod-resources.ts and decode-cluster-objects.ts reads, and the fields whose presence
 * tells a pod from a node (cli/manifest-kinds.ts). A field added to a decoder is added here, or it reads as absent.
 */

/** The fields that show a pod or a node by their presence alone. */
export const KIND_SHAPE: FieldTree = {
  kind: true,
  metadata: { name: true },
  spec: {
    containers: null,
    initcontainers: null,
    tolerations: null,
    affinity: null,
    nodeselector: null,
    taints: null,
    unschedulable: null,
    podcidr: null,
    podcidrs: null,
    providerid: null,
  },
  status: {
    containerstatuses: null,
    podip: null,
    podips: null,
    hostip: null,
    qosclass: null,
    nodeinfo: null,
    capacity: null,
    allocatable: null,
    daemonendpoints: null,
    images: null,
  },
}

const CONTAINER_STATUS: FieldTree = { name: true, allocatedresources: true, resources: true }

export const POD_FIELDS: FieldTree = mergeFieldTrees(KIND_SHAPE, {
  metadata: {
    name: true,
    namespace: true,
    uid: true,
    labels: true,
    deletiontimestamp: true,
    creationtimestamp: true,
    ownerreferences: [{ apiversion: true, kind: true, name: true, uid: true, controller: true }],
    // A map: its keys are matched exactly by the decoder; only the mirror's presence is read.
    annotations: { 'kubernetes.io/config.mirror': null },
  },
  spec: {
    tolerations: true,
    terminationgraceperiodseconds: true,
    volumes: [{ emptydir: true }],
    nodename: true,
    nodeselector: true,
    affinity: true,
    preemptionpolicy: true,
    resourceclaims: true,
    priority: true,
    topologyspreadconstraints: true,
    resources: true,
    overhead: true,
    containers: [{ name: true, image: true, resources: true, ports: true }],
    initcontainers: [{ name: true, image: true, resources: true, restartpolicy: true }],
  },
  status: {
    phase: true,
    nominatednodename: true,
    starttime: true,
    conditions: [{ type: true, status: true, reason: true }],
    containerstatuses: [CONTAINER_STATUS],
    initcontainerstatuses: [CONTAINER_STATUS],
  },
})

export const NODE_FIELDS: FieldTree = mergeFieldTrees(KIND_SHAPE, {
  metadata: { name: true, resourceversion: true, labels: true },
  spec: { taints: true, unschedulable: true },
  status: { allocatable: true, images: [{ names: true, sizebytes: true }] },
})

export const NAMESPACE_FIELDS: FieldTree = mergeFieldTrees(KIND_SHAPE, {
  metadata: { name: true, labels: true },
})

export const DISRUPTION_BUDGET_FIELDS: FieldTree = mergeFieldTrees(KIND_SHAPE, {
  metadata: { name: true, namespace: true },
  spec: { selector: true },
  status: { disruptionsallowed: true, disruptedpods: true },
})

/** The controllers' and Services' fields (decode-workloads.ts), the template's as a pod's. */
export const WORKLOAD_FIELDS: FieldTree = {
  kind: true,
  metadata: {
    name: true,
    namespace: true,
    uid: true,
    ownerreferences: [{ apiversion: true, kind: true, name: true, uid: true, controller: true }],
  },
  spec: {
    selector: true,
    replicas: true,
    template: mergeFieldTrees(POD_FIELDS, { spec: { hostnetwork: true } }),
    podmanagementpolicy: true,
    ordinals: { start: true },
    backofflimit: true,
    suspend: true,
    podreplacementpolicy: true,
    // Only its presence is read: an empty tree builds an object as `{}`, where `null` would
    // read as absent.
    podfailurepolicy: {},
  },
  status: { failed: true, succeeded: true, conditions: [{ type: true, status: true }] },
}
