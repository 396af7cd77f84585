import type {
  ClusterPod,
  PlacementPod,
  PodAffinityTerm,
  TopologySpreadConstraint,
  WeightedPodAffinityTerm,
} from '../../src/placement/index.js'
import { node, placed, pod, podTerm, selector, type TestNode } from '../placement/builders.js'
import {
  ownedBy,
  service,
  workload,
  workloads,
  type ScoreCluster,
} from '../placement/score-plugin-builders.js'

/**
 * The clusters the scoring suite builds, as API objects and as the Score plugins read them: six
 * nodes in three zones and one without a zone; per probe its own namespace, holding its placed
 * pods (app=web or app=db, some with preferred or required pod affinity terms), maybe the
 * ReplicaSet or the Service that selects it, and the probe, drawn by a fixed seed. Every term
 * looks in its own namespace only, so no probe's outcome depends on another's.
 */

type Obj = Record<string, unknown>

export const ZONE = 'topology.kubernetes.io/zone'
export const HOST = 'kubernetes.io/hostname'
const ZONES: readonly (string | null)[] = ['z1', 'z1', 'z2', 'z2', 'z3', null]

export const NODES: readonly TestNode[] = ZONES.map((zone, i) =>
  node(`node-${i}`, {
    labels: { [HOST]: `node-${i}`, ...(zone === null ? {} : { [ZONE]: zone }) },
  })
)

export function nodeObjects(): Obj[] {
  const resources = { cpu: '64', memory: '256Gi', pods: '110' }
  return NODES.map((n) => ({
    metadata: { name: n.name, labels: n.spec.labels },
    status: { capacity: resources, allocatable: resources },
  }))
}

/** Which plugin's score alone the probe is scheduled by (a profile of that name). */
export type Scored = 'PodTopologySpread' | 'InterPodAffinity'

export interface ScoreProbe {
  readonly name: string
  readonly scored: Scored
  readonly pod: PlacementPod
  readonly placed: readonly ClusterPod[]
  readonly selectedBy: 'replicaset' | 'service' | null
}

/** A small linear congruential generator: the same probes on every run. */
function drawer(seed: number): (n: number) => number {
  let state = seed
  return (n) => {
    state = (state * 1103515245 + 12345) % 2147483648
    return Math.floor((state / 2147483648) * n)
  }
}

const APPS = ['web', 'db'] as const
const KEYS = [ZONE, HOST] as const
const RS_WEB = ownedBy('ReplicaSet', 'web')

function weighted(draw: (n: number) => number): WeightedPodAffinityTerm {
  const app = APPS[draw(2)] as string
  return { weight: 1 + draw(50), term: podTerm(KEYS[draw(2)] as string, selector({ app })) }
}

function soft(draw: (n: number) => number): TopologySpreadConstraint {
  return {
    maxSkew: 1 + draw(3),
    topologyKey: KEYS[draw(2)] as string,
    whenUnsatisfiable: 'ScheduleAnyway',
    labelSelector: selector({ app: 'web' }),
    minDomains: null,
    nodeAffinityPolicy: null,
    nodeTaintsPolicy: null,
    matchLabelKeys: [],
  }
}

function placedPods(namespace: string, draw: (n: number) => number, withTerms: boolean) {
  return Array.from({ length: 2 + draw(6) }, (_, i): ClusterPod => {
    const app = APPS[draw(2)] as string
    const base = placed(`node-${draw(NODES.length)}`, { name: `p${i}`, namespace, labels: { app } })
    const terms = withTerms ? draw(4) : 3
    return {
      ...base,
      controller: app === 'web' ? RS_WEB : null,
      requiredAffinity: terms === 0 ? [podTerm(ZONE, selector({ app: 'web' }))] : [],
      preferredAffinity: terms === 1 ? [weighted(draw)] : [],
      preferredAntiAffinity: terms === 2 ? [weighted(draw)] : [],
    }
  })
}

export function probes(count: number): ScoreProbe[] {
  const draw = drawer(63)
  return Array.from({ length: count }, (_, i): ScoreProbe => {
    const name = `score-${i}`
    const scored: Scored = i % 2 === 0 ? 'PodTopologySpread' : 'InterPodAffinity'
    const variant = draw(3)
    const own = scored === 'PodTopologySpread' && variant === 0 ? [soft(draw)] : []
    const selectedBy = own.length > 0 ? null : variant === 1 ? 'replicaset' : 'service'
    const incoming = {
      ...pod({ name, namespace: name, labels: { app: 'web' }, topologySpreadConstraints: own }),
      controller: selectedBy === 'replicaset' ? RS_WEB : null,
      preferredAffinity: scored === 'InterPodAffinity' && draw(2) === 0 ? [weighted(draw)] : [],
      preferredAntiAffinity: scored === 'InterPodAffinity' && draw(2) === 0 ? [weighted(draw)] : [],
    }
    const placedHere = placedPods(name, draw, scored === 'InterPodAffinity')
    return { name, scored, pod: incoming, placed: placedHere, selectedBy }
  })
}

/** The probe's cluster as the plugins read it. */
export function scoreCluster(probe: ScoreProbe): ScoreCluster {
  const rs = workload('ReplicaSet', 'web', selector({ app: 'web' }), probe.name)
  const services =
    probe.selectedBy === 'service' ? [service('web', { app: 'web' }, probe.name)] : []
  return {
    nodes: NODES,
    pods: probe.placed,
    workloads: workloads(services, probe.selectedBy === 'replicaset' ? [rs] : []),
  }
}

function termObject(term: PodAffinityTerm): Obj {
  return { labelSelector: term.labelSelector, topologyKey: term.topologyKey }
}

function weightedObjects(terms: readonly WeightedPodAffinityTerm[] | undefined): Obj[] {
  return (terms ?? []).map((t) => ({ weight: t.weight, podAffinityTerm: termObject(t.term) }))
}

/** A pod of the probe's namespace as the API takes it. */
export function podObject(p: ClusterPod & { topologySpreadConstraints?: unknown }): Obj {
  const owner = p.controller ?? null
  const ownerReferences =
    owner === null
      ? []
      : [{ ...owner, uid: '00000000-0000-0000-0000-000000000001', controller: true }]
  const spec: Obj = {
    containers: [{ name: 'c', image: 'registry.k8s.io/pause:3.9' }],
    affinity: {
      podAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: p.requiredAffinity.map(termObject),
        preferredDuringSchedulingIgnoredDuringExecution: weightedObjects(p.preferredAffinity),
      },
      podAntiAffinity: {
        preferredDuringSchedulingIgnoredDuringExecution: weightedObjects(p.preferredAntiAffinity),
      },
    },
    topologySpreadConstraints: p.topologySpreadConstraints ?? [],
  }
  if (p.nodeName !== '') spec.nodeName = p.nodeName
  return { metadata: { name: p.name, labels: p.labels, ownerReferences }, spec }
}

/** The ReplicaSet or the Service that selects the probe, when one does. */
export function selectorObject(probe: ScoreProbe): { path: string; body: Obj } | null {
  const metadata = { name: 'web' }
  const labels = { app: 'web' }
  if (probe.selectedBy === 'service')
    return {
      path: `/api/v1/namespaces/${probe.name}/services`,
      body: { metadata, spec: { selector: labels, ports: [{ port: 80 }] } },
    }
  if (probe.selectedBy === 'replicaset')
    return {
      path: `/apis/apps/v1/namespaces/${probe.name}/replicasets`,
      body: {
        metadata,
        spec: {
          replicas: 0,
          selector: { matchLabels: labels },
          template: {
            metadata: { labels },
            spec: { containers: [{ name: 'c', image: 'registry.k8s.io/pause:3.9' }] },
          },
        },
      },
    }
  return null
}
