import fc from 'fast-check'
import type { NodeTaintsAt, RuleOptions, Taint, Toleration } from '../../src/core/index.js'
import { EVICTING_NODES_MODES, UNSCHEDULABLE_TAINT } from '../../src/core/index.js'
import { effectArb, keyArb, operatorArb, taintEffectArb, valueArb } from './field-arbitraries.js'

/**
 * Generators of whole tolerations, taints and nodes, built from field-arbitraries.ts: at random,
 * or aimed at each other so that matches and near misses are common.
 */

export const tolerationArb: fc.Arbitrary<Toleration> = fc.record({
  key: keyArb,
  operator: operatorArb,
  value: valueArb,
  effect: effectArb,
  tolerationSeconds: fc.option(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n })),
})

export const taintArb: fc.Arbitrary<Taint> = fc.record({
  key: keyArb,
  value: valueArb,
  effect: taintEffectArb,
})

export const nodeTaintsArb: fc.Arbitrary<NodeTaintsAt> = fc.record({
  name: fc.constantFrom('n0', 'n1', 'n2', '__proto__', 'constructor'),
  resourceVersion: fc.constantFrom('1', '2'),
  unschedulable: fc.oneof(
    { weight: 3, arbitrary: fc.constant(false) },
    { weight: 1, arbitrary: fc.constant(true) }
  ),
  taints: fc.array(taintArb, { maxLength: 6 }),
})

/** The operators that can match, weighted up; unknown ones still come, less often. */
const matchingOperatorArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('', 'Equal') },
  { weight: 2, arbitrary: fc.constant('Exists') },
  { weight: 4, arbitrary: fc.constantFrom('Lt', 'Gt') },
  { weight: 2, arbitrary: operatorArb }
)

/** The value itself, or, when it reads as an integer, one of its neighbours (off by 0 to 2). */
export function neighbourOf(value: string): fc.Arbitrary<string> {
  if (!/^-?[0-9]+$/.test(value)) return fc.constant(value)
  return fc.integer({ min: -2, max: 2 }).map((d) => (BigInt(value) + BigInt(d)).toString())
}

/**
 * A toleration aimed at `taint`: each field is mostly the taint's own (or the wildcard ''), the
 * value mostly the taint's value or a numeric neighbour, so matches and near misses are common.
 */
export function tolerationNear(taint: Taint): fc.Arbitrary<Toleration> {
  return fc.record({
    key: fc.oneof(
      { weight: 6, arbitrary: fc.constant(taint.key) },
      { weight: 1, arbitrary: fc.constant('') },
      { weight: 2, arbitrary: keyArb }
    ),
    operator: matchingOperatorArb,
    value: fc.oneof(
      { weight: 3, arbitrary: fc.constant(taint.value) },
      { weight: 3, arbitrary: neighbourOf(taint.value) },
      { weight: 2, arbitrary: valueArb }
    ),
    effect: fc.oneof(
      { weight: 5, arbitrary: fc.constant(taint.effect) },
      { weight: 2, arbitrary: fc.constant('') },
      { weight: 2, arbitrary: effectArb }
    ),
    tolerationSeconds: fc.option(fc.bigInt({ min: -5n, max: 3600n })),
  })
}

/** A taint and a toleration aimed at it. */
export const pairArb: fc.Arbitrary<[Toleration, Taint]> = taintArb.chain((taint) =>
  fc.tuple(
    fc.oneof(
      { weight: 5, arbitrary: tolerationNear(taint) },
      { weight: 1, arbitrary: tolerationArb }
    ),
    fc.constant(taint)
  )
)

/** Nodes, and tolerations mostly aimed at their taints (the cordon taint included). */
export function podAndNodesArb(
  maxNodes: number,
  maxTolerations: number
): fc.Arbitrary<{ tolerations: Toleration[]; nodes: NodeTaintsAt[] }> {
  return fc.array(nodeTaintsArb, { minLength: 1, maxLength: maxNodes }).chain((nodes) => {
    const targets: Taint[] = [UNSCHEDULABLE_TAINT, ...nodes.flatMap((n) => n.taints)]
    const aimed = fc.constantFrom(...targets).chain(tolerationNear)
    return fc.record({
      tolerations: fc.array(
        fc.oneof({ weight: 4, arbitrary: aimed }, { weight: 1, arbitrary: tolerationArb }),
        { maxLength: maxTolerations }
      ),
      nodes: fc.constant(nodes),
    })
  })
}

export const rulesArb: fc.Arbitrary<RuleOptions> = fc
  .tuple(fc.boolean(), fc.constantFrom(...EVICTING_NODES_MODES))
  .map(([on, evictingNodes]) => ({ comparisonOperators: on, evictingNodes }))
