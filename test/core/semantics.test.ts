import { describe, expect, it } from 'vitest'
import type { Taint } from '../../src/core/index.js'
import { compileNode, CompiledTolerations } from '../../src/core/index.js'
import { filterNodes, scoreNodes } from '../support/node-list-rules.js'
import { StringInterner, TaintProfiles } from '../../src/node-index/index.js'
import { node, only } from './builders.js'
import {
  FILTER_CASES,
  PAIR_CASES,
  runSemanticsTable,
  SCORE_CASES,
  type RuleSet,
} from './semantics.case.js'
import { evictionText, referenceRules } from './semantics/reference-rules.js'

function compiledTaint(taint: Taint) {
  return only(compileNode(node('probe', { taints: [taint] })).taints)
}

/**
 * Taint profiles shared by every row, as the index shares them across requests: a row finds
 * profiles that earlier rows (other pods) judged, and must judge them afresh.
 */
const sharedProfiles = new TaintProfiles()

/**
 * The compiled path the server uses: tolerations compiled once per row, nodes through
 * compileNode (sharing a deliberately tiny interner, so it is cleared mid-row, and the table's
 * taint profiles), then filterNodes/scoreNodes.
 */
const compiledRules: RuleSet = {
  tolerates(tolerations, taint, options) {
    return new CompiledTolerations(tolerations, options).tolerates(compiledTaint(taint))
  },
  filterNode(tolerations, target, options) {
    const pod = new CompiledTolerations(tolerations, options)
    const interner = new StringInterner(2)
    const compiled = compileNode(target, interner, sharedProfiles)
    const twin = compileNode({ ...target, name: `${target.name}-twin` }, interner, sharedProfiles)
    expect(twin.profile).toBe(compiled.profile)
    const outcome = filterNodes(pod, [compiled, twin])
    const reason = pod.filterNode(compiled)
    if (reason === null) {
      expect(outcome).toEqual({ passingIndices: [0, 1], rejectedIndices: [], rejectedReasons: [] })
    } else {
      expect(outcome).toEqual({
        passingIndices: [],
        rejectedIndices: [0, 1],
        rejectedReasons: [reason, reason],
      })
    }
    return reason
  },
  eviction(tolerations, target, options) {
    const pod = new CompiledTolerations(tolerations, options)
    const profile = compileNode(target, new StringInterner(2), sharedProfiles).profile
    const outcome = pod.evictionIn(profile)
    // The verbs' shortcut (no bounded toleration, or no NoExecute taint) never hides an eviction.
    expect(profile.evictsOnce(pod)).toBe(outcome.kind !== 'stays' && outcome.toleration !== null)
    return evictionText(outcome)
  },
  scores(tolerations, nodes, options) {
    const pod = new CompiledTolerations(tolerations, options)
    const interner = new StringInterner(2)
    return Array.from(
      scoreNodes(
        pod,
        nodes.map((n) => compileNode(n, interner, sharedProfiles))
      )
    )
  },
}

runSemanticsTable('reference rules', referenceRules)
runSemanticsTable('compiled rules', compiledRules)

describe('the semantics table', () => {
  it('has a unique name for every row of each level', () => {
    for (const rows of [PAIR_CASES, FILTER_CASES, SCORE_CASES]) {
      const names = rows.map((r) => r.name)
      expect(new Set(names).size).toBe(names.length)
    }
  })

  it('gives one expected score per node in every score row', () => {
    for (const c of SCORE_CASES) expect(c.scores.length).toBe(c.nodes.length)
  })
})
