import { describe, expect, it } from 'vitest'
import { Snapshot } from '../../src/placement/index.js'
import { applyPlacement, decidePlacement } from '../../src/placement/replacement-placement.js'
import { GATE_ON } from '../core/builders.js'
import { node, placementNodes, pod } from './builders.js'

/**
 * A replacement placed by preemption hands its victims to the caller, which deletes each: they
 * must be the snapshot's pods themselves, each once, even where two share a name, as a
 * StatefulSet's new pod and its old one still terminating on the node do.
 */

describe('a replacement that lands by preemption', () => {
  it('returns two victims of one name on one node as the two pods, each once, so that both are deleted', () => {
    const nodes = placementNodes([node('a', { allocatable: { cpu: '2', pods: '110' } })])
    const twin = () => pod({ name: 'low-0', nodeName: 'a', requests: { cpu: '1' }, priority: 0 })
    const [first, second] = [twin(), twin()]
    const snapshot = Snapshot.build(nodes, [first, second])
    const surroundings = { namespaces: new Map(), budgets: [], options: GATE_ON, workloads: null }
    const at = { snapshot, ...surroundings, storage: null, assumedVolumes: new Set<string>() }
    const high = pod({ name: 'high-0', requests: { cpu: '2' }, priority: 100 })
    const placed = applyPlacement(at, high, decidePlacement(at, high, []))
    expect([placed.node, placed.preempts]).toEqual(['a', ['default/low-0', 'default/low-0']])
    const [one, other] = placed.victims
    expect([one === first || one === second, other === first || other === second]).toEqual([
      true,
      true,
    ])
    expect(one).not.toBe(other)
  })
})
