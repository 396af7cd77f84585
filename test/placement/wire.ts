import type {
  LabelSelector,
  NodeSelectorTerm,
  PlacementPod,
  PodAffinityTerm,
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
    metadata: { name: pod.name, namespace: pod.namespace, labels: pod.labels },
    spec: {
      ...wireResources(pod),
      nodeName: pod.nodeName,
      nodeSelector,
      preemptionPolicy: pod.preemptionPolicy,
      ...(pod.priority === null ? {} : { priority: pod.priority }),
      resourceClaims: Array.from({ length: pod.resourceClaims }, (_, i) => ({
        name: `claim-${i}`,
      })),
      volumes: wireVolumes(pod.storageVolumes),
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
function wireVolumes(storage: boolean): Record<string, unknown>[] {
  const plain = [
    { name: 'token', projected: { sources: [] } },
    { name: 'config', configMap: { name: 'config' } },
    { name: 'scratch', emptyDir: {} },
  ]
  return storage
    ? [...plain, { name: 'data', persistentVolumeClaim: { claimName: 'data' } }]
    : plain
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
