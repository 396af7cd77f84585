/**
 * The cluster the resources suite builds: nodes of three sizes in three zones (one with a pod
 * limit of 3, one with an extended resource, one with hugepages, some without ephemeral
 * storage, one without the `rack` label), placed pods with requests, host ports and `app`
 * labels; and probe pods asking for cpu, memory, ephemeral storage, an extended resource,
 * hugepages, host ports and topology spread, drawn by a fixed seed.
 */

type Obj = Record<string, unknown>

const ZONE = 'topology.kubernetes.io/zone'
const NODE_COUNT = 12

function nodeName(i: number): string {
  return `node-${String(i).padStart(2, '0')}`
}

export function resourceNodes(): Obj[] {
  return Array.from({ length: NODE_COUNT }, (_, i) => {
    const name = nodeName(i)
    const size = [2, 4, 8][i % 3] ?? 2
    const allocatable: Record<string, string> = {
      cpu: String(size),
      memory: `${size * 2}Gi`,
      pods: i === 5 ? '3' : '110',
    }
    if (i % 4 !== 3) allocatable['ephemeral-storage'] = '20Gi'
    if (i === 2) allocatable['example.com/gpu'] = '2'
    if (i === 8) allocatable['hugepages-2Mi'] = '1Gi'
    const labels: Record<string, string> = { 'kubernetes.io/hostname': name, [ZONE]: `z${i % 3}` }
    if (i !== 10) labels.rack = `r${i % 4}`
    return {
      metadata: { name, labels },
      spec: {
        taints: i === 11 ? [{ key: 'gpu', value: 'true', effect: 'NoSchedule' }] : [],
        unschedulable: i === 9,
      },
      status: { capacity: allocatable, allocatable },
    }
  })
}

function container(requests: Obj = {}, ports: Obj[] = []): Obj {
  return {
    name: 'c',
    image: 'registry.k8s.io/pause:3.9',
    resources: { requests },
    ...(ports.length > 0 ? { ports } : {}),
  }
}

/** Bound at creation: every node holds some cpu and memory; web pods in zones z0 and z1. */
export function resourcePlacedPods(): Obj[] {
  const pods: Obj[] = []
  for (let i = 0; i < NODE_COUNT; i++) {
    const ports = i % 4 === 0 ? [{ containerPort: 80, hostPort: 8080 }] : []
    pods.push({
      metadata: { name: `base-${i}`, labels: { app: i % 3 === 2 ? 'batch' : 'web' } },
      spec: { nodeName: nodeName(i), containers: [container({ cpu: '1', memory: '1Gi' }, ports)] },
    })
  }
  pods.push({
    metadata: { name: 'web-extra', labels: { app: 'web' } },
    spec: { nodeName: nodeName(0), containers: [container({ cpu: '100m' })] },
  })
  pods.push({
    metadata: { name: 'dns', labels: { app: 'dns' } },
    spec: {
      nodeName: nodeName(5),
      containers: [
        container({}, [{ containerPort: 53, hostPort: 53, protocol: 'UDP', hostIP: '127.0.0.1' }]),
      ],
    },
  })
  return pods
}

type Draw = () => number
type Shape = (spec: Obj, requests: Obj, labels: Obj, draw: Draw) => void

const SHAPES: readonly Shape[] = [
  (_s, r, _l, draw) => (r.cpu = ['1500m', '3', '6'][draw() % 3]),
  (_s, r, _l, draw) => (r.memory = ['3Gi', '10Gi'][draw() % 2]),
  (_s, r) => (r['ephemeral-storage'] = '1Gi'),
  // Extended resources and hugepages cannot be overcommitted: the API server wants limits equal
  // to requests, and hugepages beside a cpu or memory request.
  (s, r) => {
    r['example.com/gpu'] = '1'
    setLimits(s, { 'example.com/gpu': '1' })
  },
  (s, r) => {
    r['hugepages-2Mi'] = '512Mi'
    r.memory ??= '1Gi'
    setLimits(s, { 'hugepages-2Mi': '512Mi', memory: r.memory })
  },
  (s) => (s.initContainers = [{ ...container({ cpu: '5' }), name: 'init' }]),
  (s, _r, _l, draw) =>
    ((s.containers as Obj[])[0] = {
      ...((s.containers as Obj[])[0] as Obj),
      ports:
        draw() % 2 === 0
          ? [{ containerPort: 80, hostPort: 8080 }]
          : [{ containerPort: 53, hostPort: 53, protocol: 'UDP' }],
    }),
  (s, _r, labels, draw) => {
    labels.app = 'web'
    s.topologySpreadConstraints = [
      {
        maxSkew: 1,
        topologyKey: draw() % 3 === 0 ? 'rack' : ZONE,
        whenUnsatisfiable: 'DoNotSchedule',
        labelSelector: { matchLabels: { app: 'web' } },
        ...(draw() % 2 === 0 ? { minDomains: 4 } : {}),
      },
    ]
  },
  (s, _r, _l, draw) => (s.nodeSelector = { [ZONE]: `z${draw() % 3}` }),
]

function setLimits(spec: Obj, limits: Obj): void {
  const first = (spec.containers as Obj[])[0] as { resources: Obj }
  first.resources.limits = { ...(first.resources.limits as Obj | undefined), ...limits }
}

/**
 * Probes that drawing may miss: spread where the zones are uneven (z0 holds five web pods, z2
 * none), spread on `rack` where node-10 has no such label, and a taken host port.
 */
function namedProbes(): Obj[] {
  const web = { role: 'probe', app: 'web' }
  const spread = (topologyKey: string, extra: Obj = {}): Obj[] => [
    {
      maxSkew: 1,
      topologyKey,
      whenUnsatisfiable: 'DoNotSchedule',
      labelSelector: { matchLabels: { app: 'web' } },
      ...extra,
    },
  ]
  const probe = (name: string, labels: Obj, spec: Obj): Obj => ({
    metadata: { name, labels },
    spec: { containers: [container()], ...spec },
  })
  return [
    probe('spread-zone-z0', web, {
      topologySpreadConstraints: spread(ZONE),
      nodeSelector: { [ZONE]: 'z0' },
    }),
    probe('spread-zone-anywhere', web, { topologySpreadConstraints: spread(ZONE) }),
    probe('spread-rack-z1', web, {
      topologySpreadConstraints: spread('rack', { minDomains: 5 }),
      nodeSelector: { [ZONE]: 'z1' },
    }),
    probe(
      'spread-not-counted',
      { role: 'probe' },
      {
        topologySpreadConstraints: spread(ZONE, { maxSkew: 2 }),
        nodeSelector: { [ZONE]: 'z0' },
      }
    ),
    probe(
      'port-8080-z0',
      { role: 'probe' },
      {
        containers: [container({}, [{ containerPort: 80, hostPort: 8080 }])],
        nodeSelector: { [ZONE]: 'z0' },
      }
    ),
  ]
}

/**
 * `count` drawn probes, the same every run (a Park–Miller generator with a fixed seed), then
 * the named ones.
 */
export function resourceProbes(count: number, seed = 5): Obj[] {
  return [...drawnProbes(count, seed), ...namedProbes()]
}

function drawnProbes(count: number, seed: number): Obj[] {
  let state = seed
  const draw: Draw = () => (state = (state * 48271) % 2147483647)
  return Array.from({ length: count }, (_, i) => {
    const labels: Obj = { role: 'probe' }
    const requests: Obj = {}
    const spec: Obj = { containers: [] }
    ;(spec.containers as Obj[]).push(container(requests))
    const used = new Set<number>()
    for (let j = 0; j < 1 + (draw() % 3); j++) {
      const index = draw() % SHAPES.length
      if (used.has(index)) continue
      used.add(index)
      SHAPES[index]?.(spec, requests, labels, draw)
    }
    return { metadata: { name: `probe-${i}`, labels }, spec }
  })
}
