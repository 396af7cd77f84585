import type { Toleration } from '../../src/core/index.js'
import type {
  LabelRequirement,
  LabelSelector,
  NodeSelectorTerm,
} from '../../src/placement/index.js'
import type {
  SpreadNode,
  SpreadPod,
  TopologySpreadConstraint,
} from '../../src/placement/pod-topology-spread-constraints.js'
import {
  PodTopologySpread,
  REASON_TOPOLOGY_SPREAD,
  REASON_TOPOLOGY_SPREAD_MISSING_LABEL,
  type SpreadPlacedPod,
} from '../../src/placement/pod-topology-spread.js'
import { GATE_ON, taint } from '../core/builders.js'

/** Shorthands for the PodTopologySpread tables, so that a row reads as its spec. */

export type LabelMap = Readonly<Record<string, string>>

export function req(key: string, operator: string, ...values: string[]): LabelRequirement {
  return { key, operator, values }
}

export function selector(
  matchLabels: LabelMap = {},
  ...matchExpressions: LabelRequirement[]
): LabelSelector {
  return { matchLabels, matchExpressions }
}

/** Upstream's fooSelector and barSelector: the label exists, whatever its value. */
export const FOO = selector({}, req('foo', 'Exists'))
export const BAR = selector({}, req('bar', 'Exists'))

export function constraint(
  maxSkew: number,
  topologyKey: string,
  labelSelector: LabelSelector | null,
  more: Partial<TopologySpreadConstraint> = {}
): TopologySpreadConstraint {
  return {
    maxSkew,
    topologyKey,
    whenUnsatisfiable: 'DoNotSchedule',
    labelSelector,
    minDomains: null,
    nodeAffinityPolicy: null,
    nodeTaintsPolicy: null,
    matchLabelKeys: [],
    ...more,
  }
}

export interface SpreadPodSpec {
  readonly namespace?: string
  readonly labels?: LabelMap
  readonly nodeSelector?: LabelMap
  readonly required?: readonly NodeSelectorTerm[] | null
  readonly tolerations?: readonly Toleration[]
}

export function spreadPod(
  spec: SpreadPodSpec,
  ...constraints: TopologySpreadConstraint[]
): SpreadPod {
  return {
    namespace: spec.namespace ?? 'default',
    labels: spec.labels ?? {},
    nodeAffinity: {
      nodeSelector: spec.nodeSelector ?? {},
      required: spec.required ?? null,
      preferred: [],
    },
    tolerations: spec.tolerations ?? [],
    topologySpreadConstraints: constraints,
  }
}

/** A node with labels and taints written `key=value:Effect`. */
export function spreadNode(name: string, labels: LabelMap, taints: string[] = []): SpreadNode {
  return { name, labels, taints: taints.map((t) => taint(t)) }
}

/** `node-a`, `node-b` in zone1 and `node-x`, `node-y` in zone2, each labelled `node=<name>`. */
export const FOUR_NODES: readonly SpreadNode[] = [
  spreadNode('node-a', { zone: 'zone1', node: 'node-a' }),
  spreadNode('node-b', { zone: 'zone1', node: 'node-b' }),
  spreadNode('node-x', { zone: 'zone2', node: 'node-x' }),
  spreadNode('node-y', { zone: 'zone2', node: 'node-y' }),
]

export interface PlacedSpec {
  readonly namespace?: string
  readonly terminating?: boolean
}

/** `count` pods with `labels` bound to `nodeName`. */
export function on(
  nodeName: string,
  labels: LabelMap,
  count = 1,
  spec: PlacedSpec = {}
): SpreadPlacedPod[] {
  return Array.from({ length: count }, () => ({
    nodeName,
    namespace: spec.namespace ?? 'default',
    labels,
    ...(spec.terminating === undefined ? {} : { terminating: spec.terminating }),
  }))
}

/** What one node gets: it fits, its skew is too large, or it lacks a topology key. */
export type Outcome = 'fits' | 'skew' | 'no label'

export const OUTCOME_REASON: Readonly<Record<Outcome, string | null>> = {
  fits: null,
  skew: REASON_TOPOLOGY_SPREAD,
  'no label': REASON_TOPOLOGY_SPREAD_MISSING_LABEL,
}

export function prepare(
  pod: SpreadPod,
  nodes: readonly SpreadNode[],
  placedPods: readonly SpreadPlacedPod[]
): PodTopologySpread {
  return PodTopologySpread.prepare({ pod, nodes, placedPods, options: GATE_ON })
}

/** Node name → the outcome Filter gives it. */
export function outcomes(
  spread: PodTopologySpread,
  nodes: readonly SpreadNode[]
): Record<string, Outcome> {
  return Object.fromEntries(
    nodes.map((n) => {
      const rejection = spread.filter(n)
      if (rejection === null) return [n.name, 'fits']
      return [n.name, rejection.unresolvable ? 'no label' : 'skew']
    })
  )
}

/** One row: a pod, the nodes and pods placed on them, and what Filter gives each node. */
export interface SpreadCase {
  readonly name: string
  readonly pod: SpreadPod
  readonly nodes: readonly SpreadNode[]
  readonly pods: readonly SpreadPlacedPod[]
  readonly expected: Readonly<Record<string, Outcome>>
}

/** The labels and constraints upstream's tables use over and over. */
export const foo = { foo: '' }
export const bar = { bar: '' }
export const fooBar = { foo: '', bar: '' }
export const byZone = constraint(1, 'zone', FOO)
export const byNode = constraint(1, 'node', FOO)
export const CORDON_TAINT = 'node.kubernetes.io/unschedulable:NoSchedule'
export const FOO_ON_A_B_Y = [...on('node-a', foo), ...on('node-b', foo), ...on('node-y', foo)]
export const ONLY_X = {
  'node-a': 'skew',
  'node-b': 'skew',
  'node-x': 'fits',
  'node-y': 'skew',
} as const
export const ALL_FIT = {
  'node-a': 'fits',
  'node-b': 'fits',
  'node-x': 'fits',
  'node-y': 'fits',
} as const
export const NONE = {
  'node-a': 'skew',
  'node-b': 'skew',
  'node-x': 'skew',
  'node-y': 'skew',
} as const
export const NODES_2_1_0_3 = [
  ...on('node-a', foo, 2),
  ...on('node-b', foo),
  ...on('node-y', foo, 3),
]
