import { V1Node } from '@kubernetes/client-node'
import { describe, expect, it } from 'vitest'
import { projectNode } from '../../src/cluster/index.js'
import { objectName, objectResourceVersion } from '../../src/cluster/node-projection.js'

describe('projectNode', () => {
  it('keeps name, resourceVersion, cordon flag and taints of a raw watch object', () => {
    const raw = {
      kind: 'Node',
      metadata: { name: 'node-a', resourceVersion: '42', labels: { zone: 'a' } },
      spec: {
        unschedulable: true,
        podCIDR: '10.0.0.0/24',
        taints: [
          { key: 'gpu', value: 'true', effect: 'NoSchedule', timeAdded: '2025-01-01T00:00:00Z' },
        ],
      },
      status: { capacity: { cpu: '8' } },
    }
    expect(projectNode(raw)).toEqual({
      name: 'node-a',
      resourceVersion: '42',
      unschedulable: true,
      taints: [{ key: 'gpu', value: 'true', effect: 'NoSchedule' }],
    })
  })

  it('reads a client-node V1Node the same way', () => {
    const node = new V1Node()
    node.metadata = { name: 'node-b', resourceVersion: '7' }
    node.spec = { taints: [{ key: 'spot', effect: 'PreferNoSchedule', timeAdded: new Date() }] }
    expect(projectNode(node)).toEqual({
      name: 'node-b',
      resourceVersion: '7',
      unschedulable: false,
      taints: [{ key: 'spot', value: '', effect: 'PreferNoSchedule' }],
    })
  })

  it('gives absent fields the Go zero value', () => {
    expect(projectNode({ metadata: { name: 'bare' } })).toEqual({
      name: 'bare',
      resourceVersion: '',
      unschedulable: false,
      taints: [],
    })
    expect(projectNode({ metadata: { name: 'n' }, spec: { taints: [{}] } })?.taints).toEqual([
      { key: '', value: '', effect: '' },
    ])
  })

  it('treats ill-typed fields as absent rather than trusting them', () => {
    const odd = {
      metadata: { name: 'odd', resourceVersion: 9 },
      spec: {
        unschedulable: 'true',
        taints: [null, { key: 1, value: ['x'], effect: 'NoExecute' }],
      },
    }
    expect(projectNode(odd)).toEqual({
      name: 'odd',
      resourceVersion: '',
      unschedulable: false,
      taints: [{ key: '', value: '', effect: 'NoExecute' }],
    })
    expect(projectNode({ metadata: { name: 'n' }, spec: { taints: 'x' } })?.taints).toEqual([])
  })

  it('returns null for anything without a name', () => {
    expect(projectNode(null)).toBeNull()
    expect(projectNode('node-a')).toBeNull()
    expect(projectNode({})).toBeNull()
    expect(projectNode({ metadata: { name: '' } })).toBeNull()
    expect(projectNode({ metadata: { name: 5 } })).toBeNull()
  })

  it('reads the name and resourceVersion of DELETED and BOOKMARK objects', () => {
    expect(objectName({ metadata: { name: 'gone' } })).toBe('gone')
    expect(objectName(undefined)).toBe('')
    expect(objectResourceVersion({ kind: 'Node', metadata: { resourceVersion: '99' } })).toBe('99')
    expect(objectResourceVersion({ metadata: {} })).toBe('')
  })

  it('reads nothing, and throws nothing, from events whose object or metadata is missing', () => {
    for (const object of [null, undefined, 'text', {}, { metadata: null }, { metadata: 'x' }]) {
      expect(objectName(object)).toBe('')
      expect(objectResourceVersion(object)).toBe('')
    }
  })
})
