/**
 * The cluster the scores suite builds: ten nodes of three sizes, some labelled `disktype`, some
 * with PreferNoSchedule taints, holding images of several sizes in `status.images`; placed pods
 * with and without requests; probe pods drawn by a fixed seed, each with some of: cpu and memory
 * requests (or none), preferred node affinity, a PreferNoSchedule toleration, one of the images,
 * an init container. No pod is owned or selected by a Service, and none has pod affinity: the
 * spread and inter-pod scores are nothing, so the plugins explain scores decide the node.
 */

type Obj = Record<string, unknown>

const NODE_COUNT = 10
const MIB = 1024 * 1024
const IMAGES: readonly (readonly [string, number])[] = [
  ['registry.example/big:v1', 900 * MIB],
  ['registry.example/mid:v1', 300 * MIB],
  ['registry.example/small:v1', 40 * MIB],
]

const nodeName = (i: number): string => `node-${i}`

export function scoreNodes(): Obj[] {
  return Array.from({ length: NODE_COUNT }, (_, i) => {
    const size = [2, 4, 8][i % 3] ?? 2
    const allocatable = { cpu: String(size), memory: `${size * 2}Gi`, pods: '110' }
    const labels: Record<string, string> = { 'kubernetes.io/hostname': nodeName(i) }
    if (i % 2 === 0) labels.disktype = i % 4 === 0 ? 'ssd' : 'hdd'
    const taints = i % 5 === 1 ? [{ key: 'spot', value: 'yes', effect: 'PreferNoSchedule' }] : []
    const images = IMAGES.filter((_, k) => (i + k) % (k + 2) === 0).map(([name, size]) => ({
      names: [name],
      sizeBytes: size,
    }))
    return {
      metadata: { name: nodeName(i), labels },
      spec: { taints },
      status: { capacity: allocatable, allocatable, images },
    }
  })
}

function container(requests: Obj, image = 'registry.k8s.io/pause:3.9'): Obj {
  return { name: 'c', image, resources: { requests } }
}

/** Bound at creation: one or two pods per node, some requesting nothing. */
export function scorePlacedPods(): Obj[] {
  return Array.from({ length: NODE_COUNT * 2 }, (_, j) => {
    const i = j % NODE_COUNT
    const requests = j % 3 === 2 ? {} : { cpu: `${(j % 4) * 250 + 250}m`, memory: `${j % 3}Gi` }
    return {
      metadata: { name: `placed-${j}` },
      spec: { nodeName: nodeName(i), containers: [container(requests)] },
    }
  })
}

type Draw = () => number

function drawnSpec(draw: Draw): Obj {
  const requests: Obj = {}
  if (draw() % 3 !== 0) requests.cpu = ['100m', '500m', '1', '1500m'][draw() % 4]
  if (draw() % 3 !== 0) requests.memory = ['128Mi', '1Gi', '3Gi'][draw() % 3]
  const image = IMAGES[draw() % (IMAGES.length + 1)]?.[0]
  const spec: Obj = { containers: [container(requests, image)] }
  if (draw() % 2 === 0)
    spec.affinity = {
      nodeAffinity: {
        preferredDuringSchedulingIgnoredDuringExecution: [
          {
            weight: 1 + (draw() % 100),
            preference: {
              matchExpressions: [{ key: 'disktype', operator: 'In', values: ['ssd'] }],
            },
          },
        ],
      },
    }
  if (draw() % 3 === 0)
    spec.tolerations = [{ key: 'spot', operator: 'Exists', effect: 'PreferNoSchedule' }]
  if (draw() % 4 === 0) spec.initContainers = [{ ...container({}, IMAGES[1]?.[0]), name: 'init' }]
  return spec
}

/** `count` probes, the same every run (a Park–Miller generator with a fixed seed). */
export function scoreProbes(count: number, seed = 11): Obj[] {
  let state = seed
  const draw: Draw = () => (state = (state * 48271) % 2147483647)
  return Array.from({ length: count }, (_, i) => ({
    metadata: { name: `score-probe-${i}` },
    spec: drawnSpec(draw),
  }))
}
