import { describe, expect, it } from 'vitest'
import { decodeManifestAndPlacement, decodeManifestNode } from '../../../src/protocol/index.js'
import { NODE, POD } from '../../../src/protocol/protobuf/core-v1.js'
import { readMessage } from '../../../src/protocol/protobuf/message-schema.js'
import { WireReader } from '../../../src/protocol/protobuf/wire-reader.js'
import { pb } from '../../support/protobuf-writer.js'
import { POD_BYTES, POD_JSON } from './pod-fixture.js'

/**
 * Pods and nodes written field by field as the API server writes them in protobuf, read into
 * the objects JSON.parse builds of the same objects in JSON: the members the decoders read, by
 * their JSON names, and nothing else; then decoded by the same decoders to the same result.
 */

const readPod = (bytes: Uint8Array) => readMessage(new WireReader(bytes), POD)
const readNode = (bytes: Uint8Array) => readMessage(new WireReader(bytes), NODE)
const { message, string, varint, entry, quantity, time } = pb

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
      storageVolumes: true,
      volumeClaims: [
        { claimName: 'claim', ephemeral: false },
        {
          claimName: `${fromJson.pod.name}-scratch`,
          ephemeral: true,
          template: {
            volumeName: 'scratch',
            classUnset: false,
            claim: {
              className: 'old',
              volumeName: 'pv-x',
              volumeMode: 'Block',
              attributesClass: 'gold',
            },
          },
        },
      ],
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
