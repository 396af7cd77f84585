import { describe, expect, it } from 'vitest'
import {
  decodeManifestNode,
  decodeManifestPod,
  listItems,
  ProtocolError,
} from '../../src/protocol/index.js'
import { labelSelectorMatches } from '../../src/placement/index.js'
import { thrownMessage } from '../support/thrown-message.js'

/**
 * Nodes and pods as `kubectl get -o json` prints them, for the explain and forecast tools: keys
 * matched exactly, as the API server decodes a Kubernetes object, null or absent as the zero
 * value, plus labels, spec.nodeName and status.phase. The tools' own tests run them through
 * `dist/cli.js`.
 */

const refusal = (decode: () => unknown): string => thrownMessage(ProtocolError, decode)

describe('decodeManifestNode', () => {
  it('reads the name, version, cordon, taints and labels', () => {
    const node = decodeManifestNode(
      {
        metadata: { name: 'n1', resourceVersion: '7', labels: { pool: 'gpu', zone: 'a' } },
        spec: {
          unschedulable: true,
          taints: [
            { key: 'k', value: 'v', effect: 'NoSchedule' },
            { key: 'bare', effect: 'NoExecute' },
          ],
        },
      },
      'nodes[0]'
    )
    expect(node).toEqual({
      name: 'n1',
      resourceVersion: '7',
      unschedulable: true,
      taints: [
        { key: 'k', value: 'v', effect: 'NoSchedule' },
        { key: 'bare', value: '', effect: 'NoExecute' },
      ],
      labels: { pool: 'gpu', zone: 'a' },
      allocatable: null,
      images: [],
    })
  })

  it.each([
    [
      'metadata.resourceVersion',
      { metadata: { name: 'n1', resourceversion: '7' } },
      { resourceVersion: '' },
    ],
    ['spec.unschedulable', { spec: { Unschedulable: true } }, { unschedulable: false }],
    [
      "a taint's key and effect",
      { spec: { taints: [{ KEY: 'k', Effect: 'NoExecute', effect: 'NoSchedule' }] } },
      { taints: [{ key: '', value: '', effect: 'NoSchedule' }] },
    ],
    ['status.images', { status: { IMAGES: [{ names: ['a'], sizeBytes: 1 }] } }, { images: [] }],
  ])(
    'reads %s written in another casing as absent, as the API server decodes a Kubernetes object',
    (_, fields, read) => {
      const node = decodeManifestNode({ metadata: { name: 'n1' }, ...fields }, 'nodes[0]')
      expect(node).toMatchObject(read)
    }
  )

  it.each([
    ['metadata', { Metadata: { name: 'n1' } }, 'nodes[0].metadata is missing'],
    ['metadata.name', { metadata: { NAME: 'n1' } }, 'nodes[0].metadata.name is missing or empty'],
  ])('refuses a node whose %s is written in another casing, as missing', (_, node, message) => {
    expect(refusal(() => decodeManifestNode(node, 'nodes[0]'))).toBe(message)
  })

  it('reads status.images with their names and sizes, for ImageLocality', () => {
    const node = decodeManifestNode(
      {
        metadata: { name: 'n1' },
        status: {
          images: [
            {
              names: ['registry.example/app@sha256:ab', 'registry.example/app:v1'],
              sizeBytes: 524288000,
            },
            { names: null, sizeBytes: 7 },
            { Names: ['registry.example/other:v2'], SIZEBYTES: 9 },
          ],
        },
      },
      'nodes[0]'
    )
    expect(node.images).toEqual([
      {
        names: ['registry.example/app@sha256:ab', 'registry.example/app:v1'],
        sizeBytes: 524288000,
      },
      { names: [], sizeBytes: 7 },
      { names: [], sizeBytes: 0 },
    ])
  })

  it('keeps labels keyed __proto__ and constructor as labels of the node itself, which a selector matches, and leaves absent keys of the prototype unlabelled', () => {
    const labels = JSON.parse('{"__proto__": "p", "constructor": "c", "zone": "a"}') as unknown
    const node = decodeManifestNode({ metadata: { name: 'n1', labels } }, 'node')
    expect(Object.keys(node.labels)).toEqual(['__proto__', 'constructor', 'zone'])
    const matches = (matchLabels: Record<string, string>) =>
      labelSelectorMatches({ matchLabels, matchExpressions: [] }, node.labels)
    expect(
      matches(JSON.parse('{"__proto__": "p", "constructor": "c"}') as Record<string, string>)
    ).toBe(true)
    expect(matches({ toString: 'x' })).toBe(false)
    expect(
      labelSelectorMatches(
        {
          matchLabels: {},
          matchExpressions: [{ key: 'hasOwnProperty', operator: 'Exists', values: [] }],
        },
        node.labels
      )
    ).toBe(false)
  })

  it('reads status.allocatable as exact quantities, strings or numbers, and names a bad one', () => {
    const node = decodeManifestNode(
      {
        metadata: { name: 'n1' },
        status: { allocatable: { cpu: '3500m', memory: '1Gi', pods: 110, 'example.com/gpu': '2' } },
      },
      'nodes[0]'
    )
    expect(node.allocatable).toEqual(
      new Map([
        ['cpu', 3_500_000_000n],
        ['memory', 1024n ** 3n * 1_000_000_000n],
        ['pods', 110_000_000_000n],
        ['example.com/gpu', 2_000_000_000n],
      ])
    )
    const bad = { metadata: { name: 'n1' }, status: { allocatable: { cpu: '1 core' } } }
    expect(refusal(() => decodeManifestNode(bad, 'nodes[0]'))).toBe(
      'nodes[0].status.allocatable["cpu"]: "1 core" is not a quantity'
    )
  })

  it('reads a node without spec, labels or version as schedulable, untainted and unlabelled', () => {
    for (const spec of [undefined, null, {}, { taints: null }]) {
      const node = decodeManifestNode({ metadata: { name: 'n', labels: null }, spec }, 'n')
      expect(node).toEqual({
        name: 'n',
        resourceVersion: '',
        unschedulable: false,
        taints: [],
        labels: {},
        allocatable: null,
        images: [],
      })
    }
  })

  it.each([
    ['a node without a name', { metadata: {} }, 'nodes[2].metadata.name is missing or empty'],
    ['a node without metadata', { spec: {} }, 'nodes[2].metadata'],
    [
      'a taint that is not an object',
      { metadata: { name: 'n' }, spec: { taints: ['k=v:NoSchedule'] } },
      'nodes[2].spec.taints[0]',
    ],
    [
      'a taint key that is not a string',
      { metadata: { name: 'n' }, spec: { taints: [{ key: 5 }] } },
      'nodes[2].spec.taints[0].key',
    ],
    [
      'a label value that is not a string',
      { metadata: { name: 'n', labels: { tier: 1 } } },
      'nodes[2].metadata.labels["tier"]',
    ],
    [
      'unschedulable that is not a boolean',
      { metadata: { name: 'n' }, spec: { unschedulable: 'yes' } },
      'nodes[2].spec.unschedulable',
    ],
  ])('refuses %s, naming the field', (_name, value, path) => {
    expect(refusal(() => decodeManifestNode(value, 'nodes[2]'))).toContain(path)
  })
})

describe('decodeManifestPod', () => {
  it('reads the tolerations, the node it is bound to and its phase', () => {
    const pod = decodeManifestPod(
      {
        metadata: { name: 'web', namespace: 'shop' },
        spec: { nodeName: 'n1', tolerations: [{ key: 'k', operator: 'Exists' }] },
        status: { phase: 'Running' },
      },
      'pod'
    )
    expect(pod).toMatchObject({ name: 'web', namespace: 'shop', nodeName: 'n1', phase: 'Running' })
    expect(pod.tolerations).toEqual([
      { key: 'k', operator: 'Exists', value: '', effect: '', tolerationSeconds: null },
    ])
  })

  it('reads fields written in another casing as absent, as the API server decodes a Kubernetes object', () => {
    const pod = decodeManifestPod(
      {
        metadata: { name: 'web' },
        spec: { NodeName: 'n1', Tolerations: [{ key: 'k', operator: 'Exists' }] },
        Status: { Phase: 'Running' },
      },
      'pod'
    )
    expect(pod).toMatchObject({ name: 'web', nodeName: '', phase: '', tolerations: [] })
  })

  it('reads a pending pod without spec.nodeName or status as unbound, with no phase', () => {
    expect(decodeManifestPod({ metadata: { name: 'p' }, spec: {} }, 'pod')).toMatchObject({
      nodeName: '',
      phase: '',
    })
    expect(decodeManifestPod({ metadata: { name: 'p' } }, 'pod')).toMatchObject({
      nodeName: '',
      phase: '',
    })
  })

  it.each([
    ['a nodeName that is not a string', { spec: { nodeName: 3 } }, 'pods[1].spec.nodeName'],
    ['a phase that is not a string', { status: { phase: [] } }, 'pods[1].status.phase'],
    ['a status that is not an object', { status: 'Running' }, 'pods[1].status'],
  ])('refuses %s, naming the field', (_name, value, path) => {
    expect(
      refusal(() => decodeManifestPod({ metadata: { name: 'p' }, ...value }, 'pods[1]'))
    ).toContain(path)
  })
})

describe('listItems', () => {
  it('gives the items of a List, none for a List whose items are null, and a single object as one', () => {
    const a = { kind: 'Node', metadata: { name: 'a' } }
    expect(listItems({ kind: 'NodeList', items: [a, a] }, 'doc')).toEqual([a, a])
    expect(listItems({ kind: 'List', items: null }, 'doc')).toEqual([])
    expect(listItems(a, 'doc')).toEqual([a])
  })

  it('refuses a document that is not an object, or items that are not an array', () => {
    expect(refusal(() => listItems([1], 'doc'))).toContain('doc')
    expect(refusal(() => listItems({ items: {} }, 'doc'))).toContain('doc.items')
  })
})
