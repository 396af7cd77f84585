import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { CompiledNode, NodeTaintsAt, RuleOptions, Toleration } from '../../src/core/index.js'
import {
  boundsNoExecuteStay,
  compileNode,
  CompiledTolerations,
  referenceCountIntolerablePreferNoSchedule,
  referenceFilterNode,
  tolerationSetSignature,
  toleratesTaint,
  tolerationsTolerateTaint,
  UNSCHEDULABLE_TAINT,
} from '../../src/core/index.js'
import { filterNodes, scoreNodes } from '../support/node-list-rules.js'
import { StringInterner, TaintProfiles } from '../../src/node-index/index.js'
import { SEED } from './field-arbitraries.js'
import { compiledTaint, referenceFilterNodes, referenceScores } from './rule-outcomes.js'
import {
  nodeTaintsArb,
  pairArb,
  podAndNodesArb,
  rulesArb,
  taintArb,
  tolerationArb,
} from './taint-arbitraries.js'

/**
 * The compiled path the server runs (CompiledTolerations + compileNode, filterNodes, scoreNodes)
 * against the readable reference (toleratesTaint, referenceFilterNode, the raw PreferNoSchedule
 * count + normalizeReversedScores), on random tolerations and taints drawn from small alphabets
 * so that they collide, with every operator and effect (known, empty, unknown) and numeric
 * values on every edge of the int64 grammar, gate on and off.
 */

describe('compiled rules equal the reference rules', () => {
  it('for one toleration against one taint (2000 pairs)', () => {
    fc.assert(
      fc.property(pairArb, rulesArb, ([toleration, taint], options) => {
        const expected = toleratesTaint(toleration, taint, options)
        expect(new CompiledTolerations([toleration], options).tolerates(compiledTaint(taint))).toBe(
          expected
        )
        expect(tolerationsTolerateTaint([toleration], taint, options)).toBe(expected)
      }),
      { seed: SEED, numRuns: 2000 }
    )
  })

  it('for toleration lists against whole nodes: filter, raw counts, every taint (1500 cases)', () => {
    fc.assert(
      fc.property(podAndNodesArb(5, 8), rulesArb, ({ tolerations, nodes }, options) => {
        const pod = new CompiledTolerations(tolerations, options)
        // A tiny interner shared across nodes: it is cleared mid-list, which costs sharing only.
        const interner = new StringInterner(3)
        const compiled = nodes.map((n) => compileNode(n, interner))
        compiled.forEach((c, i) => {
          const n = nodes[i] as NodeTaintsAt
          expect(pod.filterNode(c)).toBe(referenceFilterNode(tolerations, n, options))
          expect(pod.countIntolerablePreferNoSchedule(c)).toBe(
            referenceCountIntolerablePreferNoSchedule(tolerations, n, options)
          )
          for (const t of c.taints) {
            expect(pod.tolerates(t)).toBe(tolerationsTolerateTaint(tolerations, t, options))
          }
        })
        expect(pod.tolerates(compiledTaint(UNSCHEDULABLE_TAINT))).toBe(
          tolerationsTolerateTaint(tolerations, UNSCHEDULABLE_TAINT, options)
        )
        expect(filterNodes(pod, compiled)).toEqual(
          referenceFilterNodes(tolerations, nodes, options)
        )
        expect(Array.from(scoreNodes(pod, compiled))).toEqual(
          referenceScores(tolerations, nodes, options)
        )
      }),
      { seed: SEED + 1, numRuns: 1500 }
    )
  })

  it('for several pods in turn over nodes that share taint profiles: every pass judges afresh (800 cases)', () => {
    const poolsArb = fc.array(nodeTaintsArb, { minLength: 1, maxLength: 4 })
    fc.assert(
      fc.property(
        poolsArb.chain((pools) =>
          fc.record({
            pools: fc.constant(pools),
            // Each node copies a pool's taints and cordon state: nodes of one pool share a profile.
            picks: fc.array(fc.nat(pools.length - 1), { minLength: 1, maxLength: 12 }),
            pods: fc.array(podAndNodesArb(1, 6), { minLength: 2, maxLength: 4 }),
          })
        ),
        rulesArb,
        fc.integer({ min: 1, max: 3 }),
        ({ pools, picks, pods }, options, bound) => {
          // A bound this small clears the profiles mid-list too: that must cost sharing only.
          const profiles = new TaintProfiles(bound)
          const nodes = picks.map((k, i) => ({ ...(pools[k] as NodeTaintsAt), name: `n${i}` }))
          const compiled = nodes.map((n) => compileNode(n, undefined, profiles))
          // Aim the pods' tolerations at the pools' taints, then ask twice in a row.
          for (const { tolerations } of [...pods, ...pods]) {
            const aimed: Toleration[] = [
              ...tolerations,
              ...pools.flatMap((n) =>
                n.taints
                  .slice(0, 1)
                  .map((t) => ({ ...t, operator: 'Equal', tolerationSeconds: null }))
              ),
            ]
            for (const list of [tolerations, aimed]) {
              const pod = new CompiledTolerations(list, options)
              expect(filterNodes(pod, compiled)).toEqual(referenceFilterNodes(list, nodes, options))
              expect(Array.from(scoreNodes(pod, compiled))).toEqual(
                referenceScores(list, nodes, options)
              )
            }
          }
        }
      ),
      { seed: SEED + 4, numRuns: 800 }
    )
  })

  it('whatever the order of the tolerations (signature and answers), 500 cases', () => {
    fc.assert(
      fc.property(
        fc.array(tolerationArb, { minLength: 1, maxLength: 6 }),
        nodeTaintsArb,
        rulesArb,
        fc.nat(),
        (tolerations, node, options, rotate) => {
          const k = rotate % tolerations.length
          const permuted = [...tolerations.slice(k), ...tolerations.slice(0, k)].reverse()
          // The eviction rule takes the first matching toleration: a set that bounds a
          // NoExecute stay is keyed, and may be answered, by its order.
          const ordered = tolerations.some(boundsNoExecuteStay)
          if (!ordered) {
            expect(tolerationSetSignature(permuted)).toBe(tolerationSetSignature(tolerations))
          }
          const a = new CompiledTolerations(tolerations, options)
          const b = new CompiledTolerations(permuted, options)
          const compiled: CompiledNode = compileNode(node)
          expect(b.filterNode(compiled)).toBe(referenceFilterNode(permuted, node, options))
          if (!ordered || options.evictingNodes !== 'reject') {
            expect(b.filterNode(compiled)).toBe(a.filterNode(compiled))
          }
          expect(b.countIntolerablePreferNoSchedule(compiled)).toBe(
            a.countIntolerablePreferNoSchedule(compiled)
          )
        }
      ),
      { seed: SEED + 2, numRuns: 500 }
    )
  })

  it('with the comparison gate off, Lt and Gt never tolerate anything (1000 pairs)', () => {
    const off: RuleOptions = { comparisonOperators: false }
    fc.assert(
      fc.property(
        tolerationArb.filter((t) => t.operator === 'Lt' || t.operator === 'Gt'),
        taintArb,
        (toleration, taint) => {
          expect(toleratesTaint(toleration, taint, off)).toBe(false)
          expect(new CompiledTolerations([toleration], off).tolerates(compiledTaint(taint))).toBe(
            false
          )
        }
      ),
      { seed: SEED + 3, numRuns: 1000 }
    )
  })
})
