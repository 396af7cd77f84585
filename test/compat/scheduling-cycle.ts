import {
  compileNode,
  CompiledTolerations,
  referenceFilterNode,
  type NodeTaintsAt,
  type RuleOptions,
  type Toleration,
} from '../../src/core/index.js'
import { explainPlacement } from '../../src/placement/index.js'

/**
 * One kube-scheduler filtering pass, as far as it decides which nodes reach a filter extender:
 * the in-tree filters walk the node list from a rotating start and stop once they have found
 * numFeasibleNodesToFind nodes; only those are sent to the extender. Mirrors
 * pkg/scheduler/schedule_one.go (v1.35): findNodesThatPassFilters, numFeasibleNodesToFind and
 * nextStartNodeIndex; the in-tree taint filters are the reference rules (upstream's
 * TaintToleration and NodeUnschedulable), the extender's answer is the rules the server runs.
 */

/** minFeasibleNodesToFind and minFeasibleNodesPercentageToFind in schedule_one.go. */
const MIN_FEASIBLE_NODES_TO_FIND = 100
const MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND = 5

/** numFeasibleNodesToFind: how many feasible nodes the in-tree filters look for; 0 is adaptive. */
export function numFeasibleNodesToFind(numAllNodes: number, percentageOfNodesToScore = 0): number {
  if (numAllNodes < MIN_FEASIBLE_NODES_TO_FIND) return numAllNodes
  let percentage = percentageOfNodesToScore
  if (percentage === 0) {
    // Go's int32 division truncates.
    percentage = Math.max(50 - Math.trunc(numAllNodes / 125), MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND)
  }
  const numNodes = Math.trunc((numAllNodes * percentage) / 100)
  return Math.max(numNodes, MIN_FEASIBLE_NODES_TO_FIND)
}

export interface Cycle {
  /** The nodes sent to the extender's filter. */
  readonly sent: readonly NodeTaintsAt[]
  /** Those the extender let through: the pod's candidates for scoring. */
  readonly candidates: readonly NodeTaintsAt[]
  /** Where the next cycle's walk starts. */
  readonly nextStart: number
}

export interface CycleOptions {
  /** TaintToleration and NodeUnschedulable enabled in the profile (the default). */
  readonly inTreeTaintFilters: boolean
  readonly percentageOfNodesToScore?: number
  readonly rules: RuleOptions
}

export function schedulingCycle(
  nodes: readonly NodeTaintsAt[],
  tolerations: readonly Toleration[],
  start: number,
  options: CycleOptions
): Cycle {
  const toFind = numFeasibleNodesToFind(nodes.length, options.percentageOfNodesToScore)
  const feasible: NodeTaintsAt[] = []
  let failed = 0
  for (let i = 0; i < nodes.length && feasible.length < toFind; i++) {
    const node = nodes[(start + i) % nodes.length] as NodeTaintsAt
    const rejected =
      options.inTreeTaintFilters && referenceFilterNode(tolerations, node, options.rules) !== null
    if (rejected) failed++
    else feasible.push(node)
  }
  // processedNodes = feasible + those with a failure status.
  const nextStart = (start + feasible.length + failed) % nodes.length
  const pod = new CompiledTolerations(tolerations, options.rules)
  const verdicts = explainPlacement(
    pod,
    feasible.map((n) => compileNode(n)),
    options.rules
  ).nodes
  const candidates = feasible.filter((_, i) => verdicts[i]?.verdict === 'fits')
  return { sent: feasible, candidates, nextStart }
}

/** Runs `cycles` cycles in a row for pods alike, as a stream of pending pods would. */
export function successiveCycles(
  nodes: readonly NodeTaintsAt[],
  tolerations: readonly Toleration[],
  cycles: number,
  options: CycleOptions
): Cycle[] {
  const out: Cycle[] = []
  let start = 0
  for (let i = 0; i < cycles; i++) {
    const cycle = schedulingCycle(nodes, tolerations, start, options)
    out.push(cycle)
    start = cycle.nextStart
  }
  return out
}
