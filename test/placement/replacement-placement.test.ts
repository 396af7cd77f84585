import { describe, expect, it } from 'vitest'
import { Snapshot } from '../../src/placement/index.js'
import { placeReplacement } from '../../src/placement/replacement-placement.js'
import { GATE_ON } from '../core/builders.js'
import { node, placementNodes, pod } from './builders.js'

/**
 * A replacement placed by preemption hands its victims to the caller, which deletes each: they
 * must be the snapshot's pods themselves, each once, even where two share a name, as the
 * replacements one controller makes do (`<owner>-<new>`).
 */

describe('a replacement that lands by preemption', () => {
  it('returns two victims of one name on one node as the two pods, each once, so that both are deleted', () => {
    const nodes = placementNodes([node('a', { allocatable: { cpu: '2', pods: '110' } })])
    const twin = () =>
      pod({ name: 'low-rs-<new>', nodeName: 'a', requests: { cpu: '1' }, priority: 0 })
    const [first, second] = [twin(), twin()]
    const snapshot = Snapshot.build(nodes, [first, second])
    const at = { snapshot, namespaces: new Map(), budgets: [], options: GATE_ON, workloads: null }
    const high = pod({ name: 'high-rs-<new>', requests: { cpu: '2' }, priority: 100 })
    const placed = placeReplacement(at, high, [])
    expect([placed.node, placed.preempts]).toEqual([
      'a',
      ['default/low-rs-<new>', 'default/low-rs-<new>'],
    ])
    const [one, other] = placed.victims
    expect([one === first || one === second, other === first || other === second]).toEqual([
      true,
      true,
    ])
    expect(one).not.toBe(other)
  })
})
