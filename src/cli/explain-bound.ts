import { taintEviction, type EvictionOutcome, type Toleration } from '../core/index.js'
import type { NodeDiagnosis, PlacementDiagnosis, PlacementPod } from '../placement/index.js'
import type { ExplainOptions } from '../config/index.js'
import type { ExplainContext } from './explain-context.js'
import { describeOutcome } from './forecast-nodes.js'

/**
 * A pod bound to a node (`spec.nodeName` set) is not scheduled: kube-scheduler's queue skips it
 * (scheduler eventhandlers.go `assignedPod`) and nothing moves it. So it is explained as bound:
 * where it runs, whether that node would take it today (the default profile's Filter on that
 * node alone, the pod not counted against itself, as NodeResourcesFit and the rest would judge
 * it were it pending now) and what the taint-eviction controller does with it there, which
 * decides whether it keeps running.
 */
export interface BoundExplanation {
  readonly node: string
  /** Whether the nodes read hold the node it is bound to. */
  readonly nodeFound: boolean
  /** Whether the node would take the pod today; null when the node is not among those read. */
  readonly wouldTakeToday: boolean | null
  /** The node's row of the diagnosis, as for a pending pod; null when the node is not found. */
  readonly diagnosis: NodeDiagnosis | null
  /** The taint-eviction controller's decision for the pod there; null when the node is not found. */
  readonly eviction: EvictionOutcome | null
  readonly summary: string
}

export function explainBound(
  pod: PlacementPod,
  tolerations: readonly Toleration[],
  diagnosis: PlacementDiagnosis,
  context: ExplainContext,
  options: ExplainOptions
): BoundExplanation {
  const name = pod.nodeName
  const row = diagnosis.nodes.find((n) => n.name === name) ?? null
  const node = context.nodes.find((n) => n.name === name)
  if (row === null || node === undefined)
    return {
      node: name,
      nodeFound: false,
      wouldTakeToday: null,
      diagnosis: null,
      eviction: null,
      summary: `bound to node ${name}, which is not among the ${context.nodes.length} node(s) read.`,
    }
  const rules = {
    comparisonOperators: options.gates.TaintTolerationComparisonOperators,
    evictingNodes: options.evictingNodes,
  }
  const eviction = taintEviction(tolerations, node.taints, rules)
  const today =
    row.verdict === 'fits'
      ? 'which would take it today'
      : `which would not take it today (${row.plugin ?? ''}: ${row.reason ?? ''})`
  return {
    node: name,
    nodeFound: true,
    wouldTakeToday: row.verdict === 'fits',
    diagnosis: row,
    eviction,
    summary: `bound to node ${name}, ${today}; the taint-eviction controller: ${describeOutcome(eviction)}.`,
  }
}

/** The note under the table: a bound pod is not placed again, whatever its node says today. */
export const BOUND_NOTE =
  'kube-scheduler does not place a bound pod again: it runs where it is bound until it ends or is evicted.'
