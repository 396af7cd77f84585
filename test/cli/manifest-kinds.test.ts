import { describe, expect, it } from 'vitest'
import { kindByShape } from '../../src/cli/manifest-kinds.js'

/**
 * The kind an object without `kind` shows by its fields: only a pod has containers (or init
 * containers, tolerations, affinity, a node selector, or a pod's status fields), only a node
 * taints, a pod CIDR or a node's status fields. Keys match field names as Go's decoding
 * matches them, whatever their case.
 */
describe('kindByShape', () => {
  it.each([
    ['a spec with containers', { spec: { containers: [] } }, 'Pod'],
    ['a spec with init containers', { spec: { initContainers: [] } }, 'Pod'],
    [
      'a spec with Containers, in another casing, which the API server reads as no field,',
      { spec: { Containers: [] } },
      null,
    ],
    ['a Spec with containers, its part in another casing,', { Spec: { containers: [] } }, null],
    ['a status with a pod IP', { status: { podIP: '10.0.0.1' } }, 'Pod'],
    ['a spec with taints', { spec: { taints: [] } }, 'Node'],
    ['a status with node info', { status: { nodeInfo: {} } }, 'Node'],
    ['a status with node info in capitals', { status: { NODEINFO: {} } }, null],
    [
      'a spec with a pod CIDR beside other fields',
      { spec: { a: 1, podCIDR: '10.1.0.0/24' } },
      'Node',
    ],
    ['a spec with both pod and node fields', { spec: { containers: [], taints: [] } }, null],
    [
      'a pod spec beside a node status',
      { spec: { tolerations: [] }, status: { capacity: {} } },
      null,
    ],
    ['an empty spec', { spec: {} }, null],
    ['a key that only begins as a field name', { spec: { containersX: [], taint: [] } }, null],
    ['a spec that is not an object', { spec: ['containers'] }, null],
    ['no object at all', 'containers', null],
  ])('%s is judged %s', (_, object, kind) => {
    expect(kindByShape(object)).toBe(kind)
  })
})
