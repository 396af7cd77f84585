import type {
  SpreadNode,
  SpreadPod,
  TopologySpreadConstraint,
} from '../../src/placement/pod-topology-spread-constraints.js'
import type { SpreadPlacedPod } from '../../src/placement/pod-topology-spread.js'

/**
 * The cluster the topology spread suite builds, as API objects and as PodTopologySpread reads
 * them: nodes in three zones and one without a zone, one tainted and one of another pool; for
 * each probe pod its own placed pods (some in another namespace), labelled with the probe's
 * `app`, so no probe's outcome depends on another's; and probe constraints drawn by a fixed seed.
 * Two constraints of one probe never share a topology key (v1.28 keyed its counts by key).
 */

type Obj = Record<string, unknown>

export const ZONE = 'topology.kubernetes.io/zone'
export const HOST = 'kubernetes.io/hostname'
export const TAINTED = 'node-3'
export const BATCH = 'node-6'
const ZONES: readonly (string | null)[] = ['z1', 'z1', 'z2', 'z2', 'z3', null, 'z3']

export const NODES: readonly SpreadNode[] = ZONES.map((zone, i) => {
  const name = `node-${i}`
  const labels: Record<string, string> = { [HOST]: name, pool: name === BATCH ? 'batch' : 'web' }
  if (zone !== null) labels[ZONE] = zone
  const taints = name === TAINTED ? [{ key: 'dedicated', value: 'x', effect: 'NoSchedule' }] : []
  return { name, labels, taints }
})

export function nodeObjects(): Obj[] {
  const resources = { cpu: '64', memory: '256Gi', pods: '110' }
  return NODES.map((n) => ({
    metadata: { name: n.name, labels: n.labels },
    spec: { taints: n.taints },
    status: { capacity: resources, allocatable: resources },
  }))
}

export interface Probe {
  readonly name: string
  readonly pod: SpreadPod
  readonly placed: readonly SpreadPlacedPod[]
  readonly tolerates: boolean
  readonly webOnly: boolean
}

/** A small linear congruential generator: the same probes on every run. */
function drawer(seed: number): (n: number) => number {
  let state = seed
  return (n) => {
    state = (state * 1103515245 + 12345) % 2147483648
    return Math.floor((state / 2147483648) * n)
  }
}

function spread(
  topologyKey: string,
  maxSkew: number,
  app: string,
  more: Partial<TopologySpreadConstraint> = {}
): TopologySpreadConstraint {
  return {
    maxSkew,
    topologyKey,
    whenUnsatisfiable: 'DoNotSchedule',
    labelSelector: { matchLabels: { app }, matchExpressions: [] },
    minDomains: null,
    nodeAffinityPolicy: null,
    nodeTaintsPolicy: null,
    matchLabelKeys: [],
    ...more,
  }
}

const ZONE_KINDS: readonly ((app: string) => TopologySpreadConstraint)[] = [
  (app) => spread(ZONE, 1, app),
  (app) => spread(ZONE, 1, app, { minDomains: 4 }),
  (app) => spread(ZONE, 2, app, { minDomains: 4, nodeTaintsPolicy: 'Honor' }),
  (app) => spread(ZONE, 1, app, { nodeAffinityPolicy: 'Ignore' }),
  (app) => spread(ZONE, 1, app, { matchLabelKeys: ['rev'] }),
  (app) => spread(ZONE, 1, app, { labelSelector: { matchLabels: {}, matchExpressions: [] } }),
  (app) => spread(ZONE, 2, app, { nodeTaintsPolicy: 'Honor' }),
]

const HOST_KINDS: readonly ((app: string) => TopologySpreadConstraint | null)[] = [
  () => null,
  (app) => spread(HOST, 1, app),
  (app) => spread(HOST, 1, app, { nodeTaintsPolicy: 'Honor' }),
  (app) => spread(HOST, 1, app, { minDomains: 8, nodeAffinityPolicy: 'Ignore' }),
  (app) => spread(HOST, 2, app, { whenUnsatisfiable: 'ScheduleAnyway' }),
]

export function probes(count: number): Probe[] {
  const draw = drawer(57)
  return Array.from({ length: count }, (_, i) => {
    const app = `probe-${i}`
    const constraints = [ZONE_KINDS[draw(ZONE_KINDS.length)]!(app)]
    const host = HOST_KINDS[draw(HOST_KINDS.length)]!(app)
    if (host !== null) constraints.push(host)
    const placed: SpreadPlacedPod[] = Array.from({ length: 2 + draw(10) }, () => ({
      nodeName: `node-${draw(NODES.length)}`,
      namespace: draw(5) === 0 ? 'other' : 'default',
      labels: { app, rev: draw(2) === 0 ? 'a' : 'b' },
    }))
    const tolerates = draw(2) === 0
    const webOnly = draw(3) === 0
    const pod: SpreadPod = {
      namespace: 'default',
      labels: { app, rev: draw(2) === 0 ? 'a' : 'b' },
      nodeAffinity: { nodeSelector: webOnly ? { pool: 'web' } : {}, required: null, preferred: [] },
      tolerations: tolerates
        ? [{ key: 'dedicated', operator: 'Exists', value: '', effect: '', tolerationSeconds: null }]
        : [],
      topologySpreadConstraints: constraints,
    }
    return { name: app, pod, placed, tolerates, webOnly }
  })
}

function container(): Obj {
  return { name: 'c', image: 'registry.k8s.io/pause:3.9' }
}

export function placedObjects(probe: Probe): { namespace: string; body: Obj }[] {
  return probe.placed.map((p, i) => ({
    namespace: p.namespace,
    body: {
      metadata: { name: `${probe.name}-placed-${i}`, labels: p.labels },
      spec: { nodeName: p.nodeName, containers: [container()] },
    },
  }))
}

export function probeObject(probe: Probe): Obj {
  const { pod } = probe
  const spec: Obj = {
    containers: [container()],
    tolerations: pod.tolerations.map(({ key, operator }) => ({ key, operator })),
    topologySpreadConstraints: pod.topologySpreadConstraints.map((c) => ({
      maxSkew: c.maxSkew,
      topologyKey: c.topologyKey,
      whenUnsatisfiable: c.whenUnsatisfiable,
      labelSelector: c.labelSelector,
      ...(c.minDomains === null ? {} : { minDomains: c.minDomains }),
      ...(c.nodeAffinityPolicy === null ? {} : { nodeAffinityPolicy: c.nodeAffinityPolicy }),
      ...(c.nodeTaintsPolicy === null ? {} : { nodeTaintsPolicy: c.nodeTaintsPolicy }),
      ...(c.matchLabelKeys.length === 0 ? {} : { matchLabelKeys: c.matchLabelKeys }),
    })),
  }
  if (probe.webOnly) spec.nodeSelector = { pool: 'web' }
  return { metadata: { name: probe.name, labels: pod.labels }, spec }
}

/** Whether a filter before PodTopologySpread (TaintToleration, NodeAffinity) turns the node away. */
export function rejectedEarlier(probe: Probe, node: SpreadNode): boolean {
  if (node.name === TAINTED && !probe.tolerates) return true
  return probe.webOnly && node.labels.pool !== 'web'
}
