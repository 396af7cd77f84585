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
      nodeName: pod.nodeName,
      nodeSelector,
      preemptionPolicy: pod.preemptionPolicy,
      ...(pod.priority === null ? {} : { priority: pod.priority }),
      resourceClaims: Array.from({ length: pod.resourceClaims }, (_, i) => ({
        name: `claim-${i}`,
      })),
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
    status: { nominatedNodeName: pod.nominatedNodeName },
  }
}

export function wireNode(node: TestNode): Record<string, unknown> {
  return {
    metadata: { name: node.name, resourceVersion: '1', labels: node.spec.labels ?? {} },
    spec: {
      unschedulable: node.spec.unschedulable ?? false,
      taints: (node.spec.taints ?? []).map((t) => parseTaint(t)),
    },
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
