import { describe, expect } from 'vitest'
import type { EvictingNodes, NodeTaintsAt } from '../../../src/core/index.js'
import { node } from '../builders.js'
import { EVICTING } from './rows.js'
import { expandRuns } from './runs.js'
import type { EvictionCase, RuleSet } from './types.js'

/** What level d runs: the implementation, the modes, how a row is registered, and the rows. */
export interface EvictionLevel {
  readonly name: string
  readonly rules: RuleSet
  readonly modes: readonly EvictingNodes[]
  readonly row: (caseName: string, gateName: string, fn: () => Promise<void>) => void
  readonly cases: readonly EvictionCase[]
}

/** The node every eviction row's node is scored against: no taints, so the pod stays there. */
export const EVICTION_PLAIN_NODE: NodeTaintsAt = node('plain')

/**
 * Level d: the rule itself where the implementation exposes it, then as each mode shows it:
 * Filter (`reject` turns the node away with its own reason, the others answer as upstream),
 * and prioritize beside a plain node (`avoid` scores the node 0 when the pod would be evicted).
 */
export function runEvictionLevel({ name, rules, modes, row, cases }: EvictionLevel): void {
  const eviction = rules.eviction?.bind(rules)
  describe(`${name}: the eviction rule`, () => {
    for (const c of cases) {
      for (const [gateName, options] of expandRuns(c.gate, modes)) {
        if (eviction !== undefined) {
          row(`${c.name}, as decided`, gateName, async () => {
            expect(await eviction(c.tolerations, c.node, options)).toBe(c.eviction)
          })
        }
        const rejects = options.evictingNodes === 'reject' || c.rejectReason !== EVICTING
        row(`${c.name}, through the node filter`, gateName, async () => {
          expect(await rules.filterNode(c.tolerations, c.node, options)).toBe(
            rejects ? c.rejectReason : null
          )
        })
        // No row tolerates the PreferNoSchedule taint it carries.
        const soft = c.node.taints.some((t) => t.effect === 'PreferNoSchedule')
        const evicts = c.eviction === 'at once' || c.eviction.startsWith('after')
        const avoided = options.evictingNodes === 'avoid'
        const upstream = soft ? 0 : 10
        const expected = [10, avoided ? (evicts ? 0 : Math.max(1, upstream)) : upstream]
        const nodes = [EVICTION_PLAIN_NODE, c.node]
        row(`${c.name}, through scoring`, gateName, async () => {
          expect([...(await rules.scores(c.tolerations, nodes, options))]).toEqual(expected)
        })
      }
    }
  })
}
