import { describe, expect, it } from 'vitest'
import { decodeManifestAndPlacement, decodeManifestNode } from '../../../src/protocol/index.js'
import { NODE, POD } from '../../../src/protocol/protobuf/core-v1.js'
import { readMessage } from '../../../src/protocol/protobuf/message-schema.js'
import { WireReader } from '../../../src/protocol/protobuf/wire-reader.js'
import { pb } from '../../support/protobuf-writer.js'

/**
 * Pods and nodes written field by field as the API server writes them in protobuf, read into
 * the objects JSON.parse builds of the same objects in JSON: the members the decoders read, by
 * their JSON names, and nothing else; then decoded by the same decoders to the same result.
 */

const readPod = (bytes: Uint8Array) => readMessage(new WireReader(bytes), POD)
const readNode = (bytes: Uint8Array) => readMessage(new WireReader(bytes), NODE)
const { message, string, varint, entry, quantity, time } = pb

/** A LabelSelector {matchLabels=1, matchExpressions=2 {key=1, operator=2, values=3}}. */
const selector = (field: number) =>
  message(
    field,
    entry(1, 'app', 'web'),
    message(2, string(1, 'tier'), string(2, 'In'), string(3, 'a'), string(3, 'b'))
  )
const podAffinityTerm = (field: number, key: string) =>
  message(field, selector(1), string(2, 'ns-a'), string(3, key), selector(4))

const POD_BYTES = pb.concat(
  // status first, metadata last: fields in any order.
  message(
    3,
    string(1, 'Running'),
    message(2, string(1, 'Ready'), string(2, 'True'), string(5, 'ok'), string(6, 'skipped')),
    message(2, string(1, 'PodResizePending'), string(2, 'True'), string(5, 'Infeasible')),
    time(7, 1_700_000_000, 999),
    message(
      8,
      string(1, 'app'),
      quantity(10, 'cpu', '300m'),
      message(11, quantity(2, 'cpu', '250m'))
    ),
    message(10, string(1, 'init')),
    string(11, 'node-b'),
    string(9, 'Burstable')
  ),
  message(
    2,
    message(1, string(1, 'cache'), message(2, message(2))),
    message(1, string(1, 'data'), message(2, message(10, string(1, 'claim')))),
    message(
      2,
      string(1, 'app'),
      string(2, 'nginx:1.25'),
      message(
        6,
        string(1, 'http'),
        varint(2, 8080),
        varint(3, 80),
        string(4, 'TCP'),
        string(5, '10.0.0.1')
      ),
      message(8, quantity(1, 'cpu', '2'), quantity(2, 'cpu', '250m'), quantity(2, 'memory', '64Mi'))
    ),
    varint(4, 45),
    entry(7, 'disk', 'ssd'),
    string(10, 'node-a'),
    message(
      18,
      message(
        1,
        message(1, message(1, message(1, string(1, 'zone'), string(2, 'In'), string(3, 'z1')))),
        message(
          2,
          varint(1, 40),
          message(2, message(2, string(1, 'metadata.name'), string(2, 'In'), string(3, 'n1')))
        )
      ),
      message(2, podAffinityTerm(1, 'zone'), message(2, varint(1, 7), podAffinityTerm(2, 'host'))),
      message(3, podAffinityTerm(1, 'host'))
    ),
    string(19, 'other-scheduler'),
    message(
      20,
      string(1, 'sidecar'),
      string(2, 'envoy'),
      string(24, 'Always'),
      message(8, quantity(2, 'cpu', '100m'))
    ),
    message(
      22,
      string(1, 'k'),
      string(2, 'Equal'),
      string(3, 'v'),
      string(4, 'NoExecute'),
      varint(5, 300)
    ),
    message(22, string(2, 'Exists')),
    varint(25, -5),
    string(31, 'Never'),
    quantity(32, 'cpu', '10m'),
    message(
      33,
      varint(1, 2),
      string(2, 'zone'),
      string(3, 'DoNotSchedule'),
      selector(4),
      varint(5, 3),
      string(6, 'Honor'),
      string(7, 'Ignore'),
      string(8, 'pod-template-hash')
    ),
    message(39, string(1, 'gpu')),
    message(40, quantity(2, 'memory', '1Gi'))
  ),
  message(
    1,
    string(1, 'web-0'),
    string(2, 'web-'),
    string(3, 'shop'),
    string(5, 'uid-1'),
    string(6, '777'),
    time(8, 1_600_000_000),
    time(9, 1_700_000_100),
    entry(11, 'app', 'web'),
    entry(12, 'kubectl.kubernetes.io/last-applied-configuration', '{"huge": true}'),
    entry(12, 'kubernetes.io/config.mirror', 'hash'),
    message(
      13,
      string(1, 'ReplicaSet'),
      string(3, 'web-rs'),
      string(4, 'rs-uid'),
      string(5, 'apps/v1'),
      varint(6, true)
    ),
    message(17, string(1, 'kubectl'), string(2, 'Update'))
  ),
  // A field the schema does not know, after the rest.
  message(99, string(1, 'future'))
)

/** The same pod as the API server's JSON has it (members no decoder reads left out). */
const POD_JSON = {
  metadata: {
    name: 'web-0',
    namespace: 'shop',
    uid: 'uid-1',
    resourceVersion: '777',
    creationTimestamp: '2020-09-13T12:26:40Z',
    deletionTimestamp: '2023-11-14T22:15:00Z',
    labels: { app: 'web' },
    annotations: { 'kubernetes.io/config.mirror': 'hash' },
    ownerReferences: [
      {
        kind: 'ReplicaSet',
        name: 'web-rs',
        uid: 'rs-uid',
        apiVersion: 'apps/v1',
        controller: true,
      },
    ],
  },
  spec: {
    volumes: [{ emptyDir: {} }, {}],
    containers: [
      {
        name: 'app',
        image: 'nginx:1.25',
        ports: [{ hostPort: 8080, protocol: 'TCP', hostIP: '10.0.0.1' }],
        resources: { requests: { cpu: '250m', memory: '64Mi' } },
      },
    ],
    terminationGracePeriodSeconds: 45,
    nodeSelector: { disk: 'ssd' },
    nodeName: 'node-a',
    affinity: {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [
            { matchExpressions: [{ key: 'zone', operator: 'In', values: ['z1'] }] },
          ],
        },
        preferredDuringSchedulingIgnoredDuringExecution: [
          {
            weight: 40,
            preference: { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n1'] }] },
          },
        ],
      },
      podAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [termJson('zone')],
        preferredDuringSchedulingIgnoredDuringExecution: [
          { weight: 7, podAffinityTerm: termJson('host') },
        ],
      },
      podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [termJson('host')] },
    },
    initContainers: [
      {
        name: 'sidecar',
        image: 'envoy',
        restartPolicy: 'Always',
        resources: { requests: { cpu: '100m' } },
      },
    ],
    tolerations: [
      { key: 'k', operator: 'Equal', value: 'v', effect: 'NoExecute', tolerationSeconds: 300 },
      { operator: 'Exists' },
    ],
    priority: -5,
    preemptionPolicy: 'Never',
    overhead: { cpu: '10m' },
    topologySpreadConstraints: [
      {
        maxSkew: 2,
        topologyKey: 'zone',
        whenUnsatisfiable: 'DoNotSchedule',
        labelSelector: selectorJson(),
        minDomains: 3,
        nodeAffinityPolicy: 'Honor',
        nodeTaintsPolicy: 'Ignore',
        matchLabelKeys: ['pod-template-hash'],
      },
    ],
    resourceClaims: [{}],
    resources: { requests: { memory: '1Gi' } },
  },
  status: {
    phase: 'Running',
    conditions: [
      { type: 'Ready', status: 'True', reason: 'ok' },
      { type: 'PodResizePending', status: 'True', reason: 'Infeasible' },
    ],
    startTime: '2023-11-14T22:13:20Z',
    containerStatuses: [
      {
        name: 'app',
        allocatedResources: { cpu: '300m' },
        resources: { requests: { cpu: '250m' } },
      },
    ],
    initContainerStatuses: [{ name: 'init' }],
    nominatedNodeName: 'node-b',
  },
}

function selectorJson() {
  return {
    matchLabels: { app: 'web' },
    matchExpressions: [{ key: 'tier', operator: 'In', values: ['a', 'b'] }],
  }
}

function termJson(topologyKey: string) {
  return {
    labelSelector: selectorJson(),
    namespaces: ['ns-a'],
    topologyKey,
    namespaceSelector: selectorJson(),
  }
}

describe('a pod read from protobuf', () => {
  it('is the object JSON.parse builds of its JSON, with only the members the decoders read', () => {
    expect(readPod(POD_BYTES)).toEqual(POD_JSON)
  })

  it('decodes to the same manifest pod and placement as its JSON, the pod judged in full', () => {
    const fromProtobuf = decodeManifestAndPlacement(readPod(POD_BYTES), 'pod 0', false)
    const fromJson = decodeManifestAndPlacement(structuredClone(POD_JSON), 'pod 0', false)
    expect(fromProtobuf).toEqual(fromJson)
    expect(fromProtobuf.placement).toMatchObject({
      priority: -5,
      terminating: true,
      mirror: true,
      localStorage: true,
      resourceClaims: 1,
      hostPorts: [{ hostIP: '10.0.0.1', protocol: 'TCP', hostPort: 8080 }],
      gracePeriodSeconds: 45,
    })
  })

  it('keeps absent apart from empty: a required node affinity with no terms is there, empty', () => {
    const empty = readPod(message(2, message(18, message(1, message(1)))))
    expect(empty).toEqual({
      spec: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: {} } } },
    })
    const placement = decodeManifestAndPlacement(empty, 'pod', false).placement
    expect(placement.nodeAffinity.required).toEqual([])
    expect(
      decodeManifestAndPlacement(readPod(message(2)), 'pod', false).placement.nodeAffinity.required
    ).toBeNull()
  })

  it('reads an empty message as an empty object, and a pod of nothing as one', () => {
    expect(readPod(message(1))).toEqual({ metadata: {} })
    expect(readPod(new Uint8Array(0))).toEqual({})
  })

  it('merges a message field given twice, as Go does; the last of a scalar wins; a map entry missing its value is Go zero', () => {
    const twice = pb.concat(
      message(1, string(1, 'first'), entry(11, 'a', '1')),
      message(1, string(1, 'second'), entry(11, 'b', '2'), message(11, string(1, 'no-value'))),
      message(2, quantity(32, 'cpu', '1'), message(32, string(1, 'memory')))
    )
    expect(readPod(twice)).toEqual({
      metadata: { name: 'second', labels: { a: '1', b: '2', 'no-value': '' } },
      spec: { overhead: { cpu: '1', memory: '0' } },
    })
  })

  it('reads a map entry whose value comes before its key, and a label named __proto__ as an own member', () => {
    const pod = readPod(
      message(1, message(11, string(2, 'v'), string(1, 'k')), entry(11, '__proto__', 'x'))
    )
    const labels = (pod.metadata as { labels: Record<string, string> }).labels
    expect(Object.getPrototypeOf(labels)).toBe(Object.prototype)
    expect(Object.entries(labels)).toEqual([
      ['k', 'v'],
      ['__proto__', 'x'],
    ])
  })

  it('writes times as Go writes them in JSON: seconds only, UTC, and null for Go zero time or an empty message', () => {
    const times = readPod(
      pb.concat(message(1, time(8, 0), message(9)), message(3, time(7, -62135596800)))
    )
    expect(times).toEqual({
      metadata: { creationTimestamp: '1970-01-01T00:00:00Z', deletionTimestamp: null },
      status: { startTime: null },
    })
    expect(readPod(message(1, time(8, -62135596799))).metadata).toEqual({
      creationTimestamp: '0001-01-01T00:00:01Z',
    })
  })

  it('refuses a known field of the wrong wire type, naming the message and the byte', () => {
    expect(() => readPod(message(2, varint(10, 1)))).toThrow(
      'PodSpec field 10 has wire type 0 at byte 2'
    )
  })
})

describe('a node read from protobuf', () => {
  const NODE_BYTES = pb.concat(
    message(
      3,
      quantity(1, 'cpu', '8'),
      quantity(2, 'cpu', '7500m'),
      quantity(2, 'pods', '110'),
      message(
        8,
        string(1, 'registry/app@sha256:1'),
        string(1, 'registry/app:v1'),
        varint(2, 123_456_789)
      ),
      message(7, string(1, 'machine'))
    ),
    message(
      2,
      string(1, '10.0.0.0/24'),
      varint(4, true),
      message(
        5,
        string(1, 'dedicated'),
        string(2, 'db'),
        string(3, 'NoSchedule'),
        time(4, 1_700_000_000)
      )
    ),
    message(
      1,
      string(1, 'node-a'),
      string(6, '42'),
      entry(11, 'zone', 'z1'),
      entry(12, 'node.alpha/x', 'y')
    )
  )

  it('is the object of its JSON with the members decodeManifestNode reads, and decodes the same', () => {
    const json = {
      metadata: { name: 'node-a', resourceVersion: '42', labels: { zone: 'z1' }, annotations: {} },
      spec: {
        unschedulable: true,
        taints: [{ key: 'dedicated', value: 'db', effect: 'NoSchedule' }],
      },
      status: {
        allocatable: { cpu: '7500m', pods: '110' },
        images: [{ names: ['registry/app@sha256:1', 'registry/app:v1'], sizeBytes: 123_456_789 }],
      },
    }
    expect(readNode(NODE_BYTES)).toEqual(json)
    expect(decodeManifestNode(readNode(NODE_BYTES), 'node 0')).toEqual(
      decodeManifestNode(json, 'node 0')
    )
  })
})
