import { dump } from 'js-yaml'
import { describe, expect, it } from 'vitest'
import { readForecastPods } from '../../src/cli/forecast-pods.js'
import { WorkloadCollector } from '../../src/cli/workload-kinds.js'
import { readNodes, readPodList, type ManifestSource } from '../../src/cli/manifests.js'
import {
  decodeManifestNode,
  decodeManifestPod,
  decodePlacementPod,
  NotAListStream,
  ProtocolError,
} from '../../src/protocol/index.js'

/**
 * Lists read as their bytes arrive, the items of each part built together and decoded at once:
 * the decoded objects are those of decoding the whole objects, and the errors those of reading
 * the whole document, in the same order.
 */

/** A source giving `text` in parts of `partBytes`, with its whole text for a non-JSON one. */
function source(text: string, partBytes: number, origin = 'f.json'): ManifestSource {
  const bytes = new TextEncoder().encode(text)
  return {
    origin,
    read(sink) {
      for (let i = 0; i < bytes.length; i += partBytes)
        sink.chunk(bytes.slice(i, Math.min(i + partBytes, bytes.length)))
      sink.endDocument()
      return Promise.resolve()
    },
    text: () => text,
  }
}

const resources = (cpu: string) => ({ requests: { cpu, memory: '1Gi' }, limits: { cpu } })

/** A pod with every field a decoder reads, and fields none reads. */
const RICH_POD = {
  kind: 'Pod',
  metadata: {
    name: 'web-0',
    namespace: 'shop',
    uid: 'u-1',
    labels: { app: 'web' },
    annotations: { big: 'x'.repeat(300), 'kubernetes.io/config.mirror': 'hash' },
    deletionTimestamp: '2026-11-01T00:00:00Z',
    creationTimestamp: '2026-09-01T00:00:00Z',
    ownerReferences: [
      { apiVersion: 'v1', kind: 'Node', name: 'n1', uid: 'n-1', blockOwnerDeletion: true },
      { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-1', uid: 'rs-1', controller: true },
    ],
    managedFields: [{ manager: 'kubectl', fieldsV1: { 'f:spec': {} } }],
  },
  spec: {
    nodeName: 'n1',
    terminationGracePeriodSeconds: 45,
    nodeSelector: { disk: 'ssd' },
    priority: 1000,
    preemptionPolicy: 'Never',
    resourceClaims: [{ name: 'gpu' }],
    overhead: { cpu: '10m' },
    resources: { requests: { cpu: '1' } },
    tolerations: [{ key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 30 }],
    affinity: {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [{ matchExpressions: [{ key: 'z', operator: 'In', values: ['a'] }] }],
        },
        preferredDuringSchedulingIgnoredDuringExecution: [
          {
            weight: 5,
            preference: {
              matchFields: [{ key: 'metadata.name', operator: 'NotIn', values: ['n2'] }],
            },
          },
        ],
      },
      podAntiAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [
          { labelSelector: { matchLabels: { app: 'web' } }, topologyKey: 'kubernetes.io/hostname' },
        ],
      },
    },
    topologySpreadConstraints: [
      { maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: {} },
    ],
    containers: [
      {
        name: 'main',
        image: 'registry.example/app:1',
        env: [{ name: 'A', value: 'b' }],
        resources: resources('500m'),
        ports: [{ containerPort: 80, hostPort: 8080, protocol: 'TCP', hostIP: '0.0.0.0' }],
      },
    ],
    initContainers: [{ name: 'side', restartPolicy: 'Always', resources: resources('100m') }],
    volumes: [
      { name: 'cfg', configMap: { name: 'c' } },
      { name: 'v', emptyDir: {} },
    ],
  },
  status: {
    phase: 'Running',
    nominatedNodeName: 'n3',
    startTime: '2026-10-01T00:00:00Z',
    podIP: '10.0.0.1',
    conditions: [
      { type: 'PodResizePending', reason: 'Infeasible', message: 'no' },
      { type: 'Ready', status: 'True', lastTransitionTime: '2026-10-01T00:00:00Z' },
    ],
    containerStatuses: [
      {
        name: 'main',
        image: 'i',
        allocatedResources: { cpu: '400m' },
        resources: resources('300m'),
      },
    ],
    initContainerStatuses: [{ name: 'side', allocatedResources: { cpu: '50m' } }],
  },
}

const RICH_NODE = {
  kind: 'Node',
  metadata: { name: 'n1', resourceVersion: '9', labels: { zone: 'a' }, annotations: { a: 'b' } },
  spec: {
    unschedulable: true,
    taints: [{ key: 'k', value: 'v', effect: 'NoSchedule' }],
    podCIDR: 'x',
  },
  status: {
    allocatable: { cpu: '4', pods: '110' },
    capacity: { cpu: '4' },
    images: [{ names: ['i'] }],
  },
}

const list = (items: unknown[], kind = 'List') => JSON.stringify({ apiVersion: 'v1', items, kind })

describe('reading lists as they arrive', () => {
  it.each([1, 3, 64, 1 << 20])(
    'decodes a pod and a node with every field the rules read as decoding them whole does (%i-byte parts)',
    async (partBytes) => {
      const [pod] = await readPodList(source(list([RICH_POD]), partBytes))
      expect(pod).toEqual({
        pod: decodeManifestPod(RICH_POD, 'f.json: pod 0'),
        placement: decodePlacementPod(RICH_POD, 'f.json: pod 0', false),
      })
      const nodes = await readNodes(source(list([RICH_NODE, RICH_NODE]), partBytes))
      expect(nodes).toEqual(
        [RICH_NODE, RICH_NODE].map((n, i) => decodeManifestNode(n, `f.json: node ${i}`))
      )
    }
  )

  it('keeps only what the caller keeps of each pod of a list', async () => {
    const pods = [RICH_POD, { ...RICH_POD, status: { phase: 'Succeeded' } }]
    const kept = await readPodList(source(list(pods), 7), ({ pod }) =>
      pod.phase === 'Running' ? pod.name : undefined
    )
    expect(kept).toEqual(['web-0'])
  })

  it('reports a wrong kind anywhere before a node that cannot be decoded, as reading every kind first does, and a pod list object by object', async () => {
    const badNode = {
      kind: 'Node',
      metadata: { name: 'b' },
      status: { allocatable: { cpu: 'lots' } },
    }
    await expect(readNodes(source(list([badNode, RICH_POD]), 5))).rejects.toThrow(
      'f.json holds a Pod "web-0", not a Node (--nodes)'
    )
    const badQuantity = {
      kind: 'Pod',
      spec: { containers: [{ name: 'c', resources: { requests: { cpu: 'lots' } } }] },
    }
    // A pod list is judged object by object: the first failure in file order.
    await expect(readPodList(source(list([badQuantity, RICH_NODE]), 5))).rejects.toThrow(
      'f.json: pod 0.spec.containers[0].resources.requests["cpu"]: "lots" is not a quantity'
    )
  })

  it('gives objects without a kind the kind of their list, which kubectl prints after the items', async () => {
    const kindless = { metadata: { name: 'p' }, spec: { containers: [{ name: 'c' }] } }
    await expect(readNodes(source(list([kindless], 'PodList'), 4))).rejects.toThrow(
      'f.json holds a Pod "p", not a Node (--nodes)'
    )
    const [pod] = await readPodList(source(list([kindless], 'PodList'), 4))
    expect(pod?.pod.name).toBe('p')
  })

  it.each([
    ['a value YAML reads as null', '{"kind": }'],
    ['a string never closed', '{"a": "b}'],
  ])(
    'reads JSON broken after its first pod (%s) whole, with the outcome of reading it whole',
    async (_, broken) => {
      const text = `{"items":[${JSON.stringify(RICH_POD)}, ${broken}]}`
      const outcome = (from: ManifestSource) =>
        readPodList(from).then(
          (pods) => ({ pods }),
          (err: unknown) => ({ error: err instanceof ProtocolError ? err.message : err })
        )
      const whole = await outcome({
        origin: 'f.json',
        read: () => Promise.reject(new NotAListStream('read whole')),
        text: () => text,
      })
      expect(await outcome(source(text, 16))).toEqual(whole)
    }
  )

  it.each([1, 7, 1 << 20])(
    'reads a workload object on the side once when a list streamed to its end is read again whole (a trailing comma only YAML takes, %i-byte parts)',
    async (partBytes) => {
      const rs = { kind: 'ReplicaSet', metadata: { name: 'web' } }
      const text = list([rs, RICH_POD]).replace(/\]\}$/, '],}')
      const seen: string[] = []
      const side = {
        kinds: new Set(['ReplicaSet']),
        decode: (_: unknown, kind: string, index: number) => seen.push(`${kind} ${index}`),
      }
      const pods = await readPodList(source(text, partBytes), ({ pod }) => pod.name, side)
      expect(pods).toEqual(['web-0'])
      expect(seen).toEqual(['ReplicaSet 0'])
    }
  )

  it.each([
    { format: 'JSON', text: (items: unknown[]) => list(items) },
    { format: 'YAML', text: (items: unknown[]) => dump({ kind: 'List', items }) },
  ])(
    "numbers a pod by its place among all the list's objects, a workload object before it counted, and reports a workload object it cannot read before a wrong kind ($format)",
    async ({ text }) => {
      const rs = { kind: 'ReplicaSet', metadata: { name: 'web' } }
      const badPod = { ...RICH_POD, spec: { containers: [{ name: 'c', resources: 'x' }] } }
      const read = (items: unknown[]) => readForecastPods(source(text(items), 5))
      await expect(read([rs, badPod])).rejects.toThrow('f.json: pod 1.spec.containers[0]')
      const badRs = { kind: 'ReplicaSet', metadata: { name: 'web' }, spec: 'x' }
      const node = { kind: 'Node', metadata: { name: 'n1' } }
      const side = new WorkloadCollector().side('f.json')
      await expect(readForecastPods(source(text([node, badRs]), 5), side)).rejects.toThrow(
        'f.json: replicaset 1.spec'
      )
    }
  )

  it('reads YAML and a single object whole, as before', async () => {
    const yaml = 'kind: List\nitems:\n- kind: Node\n  metadata: {name: y1}\n'
    expect((await readNodes(source(yaml, 3))).map((n) => n.name)).toEqual(['y1'])
    expect((await readNodes(source(JSON.stringify(RICH_NODE), 3))).map((n) => n.name)).toEqual([
      'n1',
    ])
  })
})
