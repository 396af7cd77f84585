import { expect } from 'vitest'
import {
  normalizeReversedScores,
  referenceCountIntolerablePreferNoSchedule,
  referenceFilterNode,
  toleratesTaint,
  tolerationsTolerateTaint,
} from '../../../src/core/index.js'
import type { RuleSet } from './types.js'

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
  scores(tolerations, nodes, options) {
    const counts = nodes.map((n) =>
      referenceCountIntolerablePreferNoSchedule(tolerations, n, options)
    )
    normalizeReversedScores(counts)
    return counts
  },
} satisfies RuleSet
