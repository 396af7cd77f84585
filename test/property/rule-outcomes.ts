import type {
  CompiledTaint,
  NodeTaintsAt,
  RuleOptions,
  Taint,
  Toleration,
} from '../../src/core/index.js'
import {
  compileNode,
  normalizeReversedScores,
  referenceCountIntolerablePreferNoSchedule,
  referenceEvicts,
  referenceFilterNode,
} from '../../src/core/index.js'

/** One taint compiled as a node carrying it would be, so the compiled path can judge it alone. */
export function compiledTaint(taint: Taint): CompiledTaint {
  const node = compileNode({
    name: 'probe',
    resourceVersion: '1',
    unschedulable: false,
    taints: [taint],
  })
  return node.taints[0] as CompiledTaint
}

/** What the reference says a filterNodes call must return. */
export function referenceFilterNodes(
  tolerations: readonly Toleration[],
  nodes: readonly NodeTaintsAt[],
  options: RuleOptions
) {
  const passingIndices: number[] = []
  const rejectedIndices: number[] = []
  const rejectedReasons: string[] = []
  nodes.forEach((n, i) => {
    const reason = referenceFilterNode(tolerations, n, options)
    if (reason === null) passingIndices.push(i)
    else {
      rejectedIndices.push(i)
      rejectedReasons.push(reason)
    }
  })
  return { passingIndices, rejectedIndices, rejectedReasons }
}

export function referenceScores(
  tolerations: readonly Toleration[],
  nodes: readonly NodeTaintsAt[],
  options: RuleOptions
): number[] {
  const counts = nodes.map((n) =>
    referenceCountIntolerablePreferNoSchedule(tolerations, n, options)
  )
  normalizeReversedScores(counts)
  if (options.evictingNodes !== 'avoid') return counts
  // The extender's own rule: a node that would evict the pod 0, every other one at least 1.
  return counts.map((score, i) =>
    referenceEvicts(tolerations, nodes[i] as NodeTaintsAt, options) ? 0 : Math.max(1, score)
  )
}
