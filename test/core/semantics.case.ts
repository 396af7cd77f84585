import { describe, expect, it } from 'vitest'
import type { EvictingNodes, NodeTaintsAt } from '../../src/core/index.js'
import { EVICTING_NODES_MODES } from '../../src/core/index.js'
import { node } from './builders.js'
import { runEvictionLevel } from './semantics/eviction-level.js'
import { expandRuns, filterWithEvictionRule, scoresWithEvictionRule } from './semantics/runs.js'
import { OUR_EVICTIONS } from './semantics/evictions.ours.js'
import { UPSTREAM_EVICTIONS } from './semantics/evictions.upstream.js'
import { CORDON_FILTERS } from './semantics/filters.cordon.js'
import { HONOURED_TAINT_FILTERS } from './semantics/filters.honoured-taints.js'
import { UPSTREAM_FILTERS } from './semantics/filters.upstream.js'
import { EFFECT_AND_SECONDS_PAIRS } from './semantics/pairs.effects-and-seconds.js'
import { INT64_RANGE_PAIRS } from './semantics/pairs.int64-range.js'
import { INVALID_NUMBER_PAIRS } from './semantics/pairs.invalid-numbers.js'
import { NUMERIC_COMPARISON_PAIRS } from './semantics/pairs.numeric-comparisons.js'
import { OPERATOR_AND_GATE_PAIRS } from './semantics/pairs.operators-and-gate.js'
import { UPSTREAM_PAIRS } from './semantics/pairs.upstream.js'
import { WILDCARD_KEY_AND_EXISTS_VALUE_PAIRS } from './semantics/pairs.wildcard-key-and-exists-value.js'
import { UNTOLERATED } from './semantics/rows.js'
import { UPSTREAM_SCORES } from './semantics/scores.upstream.js'
import { WHAT_COUNTS_SCORES } from './semantics/scores.what-counts.js'
import type { EvictionCase, FilterCase, PairCase, RuleSet, ScoreCase } from './semantics/types.js'

/**
 * The one semantics table every implementation of the taint rules must pass, written from
 * upstream-semantics.md (§1 ToleratesTaint, §2 helpers, §3 TaintToleration and NodeUnschedulable,
 * §7 upstream test tables), never from the code under test. Expected values are worked out by
 * hand; the score level uses the extender's 0–10 scale: `10 - floor(10 * count / max)`, and 10
 * for every node when no node has an untolerated PreferNoSchedule taint.
 *
 * Every row runs in each `--evicting-nodes` mode. The hand-worked values are upstream's, which
 * `allow` must give bit for bit; `reject` and `avoid` must give them as the extender's own rule
 * changes them (withEvictionRule), the rule itself being checked row by row at level d.
 */

export type {
  EvictionCase,
  EvictionText,
  FilterCase,
  Gate,
  PairCase,
  RuleSet,
  ScoreCase,
} from './semantics/types.js'

// The sections live in ./semantics/ by topic; the order below is the order rows are registered.

// ---------------------------------------------------------------------------------------------
// Level a: one toleration against one taint.
// ---------------------------------------------------------------------------------------------

export const PAIR_CASES: readonly PairCase[] = [
  ...UPSTREAM_PAIRS,
  ...NUMERIC_COMPARISON_PAIRS,
  ...INT64_RANGE_PAIRS,
  ...INVALID_NUMBER_PAIRS,
  ...OPERATOR_AND_GATE_PAIRS,
  ...WILDCARD_KEY_AND_EXISTS_VALUE_PAIRS,
  ...EFFECT_AND_SECONDS_PAIRS,
]

// ---------------------------------------------------------------------------------------------
// Level b: a pod's tolerations against one node (NodeUnschedulable, then TaintToleration Filter).
// ---------------------------------------------------------------------------------------------

export const FILTER_CASES: readonly FilterCase[] = [
  ...UPSTREAM_FILTERS,
  ...CORDON_FILTERS,
  ...HONOURED_TAINT_FILTERS,
]

// ---------------------------------------------------------------------------------------------
// Level c: a pod's tolerations against a list of nodes, scored 0–10.
// ---------------------------------------------------------------------------------------------

export const SCORE_CASES: readonly ScoreCase[] = [...UPSTREAM_SCORES, ...WHAT_COUNTS_SCORES]

// ---------------------------------------------------------------------------------------------
// Level d: the taint-eviction controller's decision for a pod on one node (the eviction rule).
// ---------------------------------------------------------------------------------------------

export const EVICTION_CASES: readonly EvictionCase[] = [...UPSTREAM_EVICTIONS, ...OUR_EVICTIONS]

/**
 * The nodes each pair row is also seen through: one carrying just that taint (filtered alone,
 * and scored after the untainted one). Built once per row here rather than while registering,
 * so an implementation that must know every node before the table runs (a cluster) can list
 * them.
 */
export interface PairNodes {
  readonly tainted: NodeTaintsAt
  readonly untainted: NodeTaintsAt
}

export const PAIR_NODES: ReadonlyMap<PairCase, PairNodes> = new Map(
  PAIR_CASES.map((c) => [
    c,
    { tainted: node('tainted', { taints: [c.taint] }), untainted: node('untainted') },
  ])
)

function pairNodes(c: PairCase): PairNodes {
  const nodes = PAIR_NODES.get(c)
  if (nodes === undefined) throw new Error(`pair row ${c.name} is not in PAIR_CASES`)
  return nodes
}

// ---------------------------------------------------------------------------------------------
// Registration.
// ---------------------------------------------------------------------------------------------

const HARD_EFFECTS = new Set(['NoSchedule', 'NoExecute'])

/**
 * Options for one run of the table. `knownFailures` maps a case name (without the gate suffix)
 * to the reason a given implementation is known to get it wrong: such rows are registered with
 * `it.fails`, so the suite stays green while the discrepancy is on record, and turns red the
 * day the implementation is fixed.
 */
export interface TableOptions {
  readonly knownFailures?: Readonly<Record<string, string>>
  /** The `--evicting-nodes` modes to run every row in; all three unless given. */
  readonly modes?: readonly EvictingNodes[]
}

/**
 * Registers describe/it blocks for every row of the table against one implementation, which may
 * answer synchronously or with promises. The bare pair level is registered only when the
 * implementation has `tolerates` (see RuleSet).
 */
export function runSemanticsTable(name: string, rules: RuleSet, table: TableOptions = {}): void {
  const knownFailures = table.knownFailures ?? {}
  const modes = table.modes ?? EVICTING_NODES_MODES
  const row = (caseName: string, gateName: string, fn: () => Promise<void>) => {
    const title = `${caseName} (${gateName})`
    if (Object.hasOwn(knownFailures, caseName)) it.fails(title, fn)
    else it(title, fn)
  }

  const tolerates = rules.tolerates?.bind(rules)
  if (tolerates !== undefined) {
    describe(`${name}: one toleration against one taint`, () => {
      for (const c of PAIR_CASES) {
        for (const [gateName, options] of expandRuns(c.gate, modes)) {
          row(c.name, gateName, async () => {
            expect(await tolerates([c.toleration], c.taint, options)).toBe(c.tolerated)
          })
        }
      }
    })
  }

  // The same pairs seen through the two other entry points: a node carrying just that taint is
  // rejected by Filter iff the taint is NoSchedule/NoExecute and not tolerated, and scores below
  // an untainted node iff the taint is PreferNoSchedule and not tolerated.
  describe(`${name}: one toleration against one taint, through the node filter`, () => {
    for (const c of PAIR_CASES) {
      const upstream = HARD_EFFECTS.has(c.taint.effect) && !c.tolerated ? UNTOLERATED : null
      const target = pairNodes(c).tainted
      for (const [gateName, options] of expandRuns(c.gate, modes)) {
        const expected = filterWithEvictionRule(upstream, [c.toleration], target, options)
        row(c.name, gateName, async () => {
          expect(await rules.filterNode([c.toleration], target, options)).toBe(expected)
        })
      }
    }
  })

  describe(`${name}: one toleration against one taint, through scoring`, () => {
    for (const c of PAIR_CASES) {
      const upstream = c.taint.effect === 'PreferNoSchedule' && !c.tolerated ? [10, 0] : [10, 10]
      const nodes = [pairNodes(c).untainted, pairNodes(c).tainted]
      for (const [gateName, options] of expandRuns(c.gate, modes)) {
        const expected = scoresWithEvictionRule(upstream, [c.toleration], nodes, options)
        row(c.name, gateName, async () => {
          expect([...(await rules.scores([c.toleration], nodes, options))]).toEqual(expected)
        })
      }
    }
  })

  describe(`${name}: node filter`, () => {
    for (const c of FILTER_CASES) {
      for (const [gateName, options] of expandRuns(c.gate, modes)) {
        const expected = filterWithEvictionRule(c.reason, c.tolerations, c.node, options)
        row(c.name, gateName, async () => {
          expect(await rules.filterNode(c.tolerations, c.node, options)).toBe(expected)
        })
      }
    }
  })

  describe(`${name}: scores`, () => {
    for (const c of SCORE_CASES) {
      for (const [gateName, options] of expandRuns(c.gate, modes)) {
        const expected = scoresWithEvictionRule(c.scores, c.tolerations, c.nodes, options)
        row(c.name, gateName, async () => {
          expect([...(await rules.scores(c.tolerations, c.nodes, options))]).toEqual(expected)
        })
      }
    }
  })

  runEvictionLevel({ name, rules, modes, row, cases: EVICTION_CASES })
}

export { EVICTION_PLAIN_NODE } from './semantics/eviction-level.js'
