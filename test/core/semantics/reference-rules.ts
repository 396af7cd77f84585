import { expect } from 'vitest'
import {
  evictsOnceBound,
  normalizeReversedScores,
  referenceEvicts,
  referenceCountIntolerablePreferNoSchedule,
  referenceFilterNode,
  taintEviction,
  toleratesTaint,
  tolerationsTolerateTaint,
  type EvictionOutcome,
} from '../../../src/core/index.js'
import type { EvictionText, RuleSet } from './types.js'

/** An outcome of the one eviction rule as the table's word for it. */
export function evictionText(outcome: EvictionOutcome): EvictionText {
  switch (outcome.kind) {
    case 'stays':
      return 'stays'
    case 'evicted-now':
      return outcome.toleration === null ? 'untolerated' : 'at once'
    case 'evicted-after':
      return `after ${Number(outcome.seconds)}s`
  }
}

/**
 * The readable one-pair-at-a-time rules: upstream's functions, transcribed. Synchronous (the
 * `satisfies` keeps its plain return types for callers outside the table).
 */
export const referenceRules = {
  tolerates(tolerations, taint, options) {
    const viaList = tolerationsTolerateTaint(tolerations, taint, options)
    // The list helper must agree with asking each toleration on its own.
    expect(tolerations.some((t) => toleratesTaint(t, taint, options))).toBe(viaList)
    return viaList
  },
  filterNode(tolerations, target, options) {
    return referenceFilterNode(tolerations, target, options)
  },
  eviction(tolerations, target, options) {
    const outcome = taintEviction(tolerations, target.taints, options)
    expect(evictsOnceBound(outcome)).toBe(referenceEvicts(tolerations, target, options))
    return evictionText(outcome)
  },
  scores(tolerations, nodes, options) {
    const counts = nodes.map((n) =>
      referenceCountIntolerablePreferNoSchedule(tolerations, n, options)
    )
    normalizeReversedScores(counts)
    if (options.evictingNodes !== 'avoid') return counts
    // The extender's own rule: a node that would evict the pod 0, every other one at least 1.
    return counts.map((score, i) =>
      referenceEvicts(tolerations, nodes[i] as (typeof nodes)[number], options)
        ? 0
        : Math.max(1, score)
    )
  },
} satisfies RuleSet
