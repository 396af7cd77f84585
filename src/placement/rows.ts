import type { TaintVerdict } from './taint-toleration.js'
import { normalizeNodeAffinityScores, preferredNodeAffinityWeight } from './node-affinity.js'
import { truncateEventMessage } from './field-errors.js'
import { preferredTermsParseError } from './preferred-terms-parse.js'
import { MAX_EXTENDER_PRIORITY, normalizeReversedScores } from '../core/index.js'
import { PLUGIN_NODE_UNSCHEDULABLE } from './node-unschedulable.js'
import {
  PLUGIN_NODE_AFFINITY,
  PLUGIN_TAINT_TOLERATION,
  type NodeDiagnosis,
  type PlacementNode,
  type Rejection,
  type SnapshotInput,
} from './types.js'

/** The diagnosis' node rows and the scores they show (diagnosis.ts). */

/** The feasible nodes' scores, in feasible order, and every node's preferred-term weight. */
export interface FeasibleScores {
  readonly taint: Int32Array
  readonly weights: readonly number[]
  readonly nodeAffinity: readonly number[] | null
  /** PreScore's error, which ends the cycle; null when there is none. */
  readonly error: string | null
}

/**
 * The scores over the feasible nodes. schedule_one.go `schedulePod` runs PreScore and Score
 * only when two or more nodes are feasible; there NodeAffinity PreScore's parse of the preferred
 * terms (preferred-terms-parse.ts) fails the cycle. `RunPreScorePlugins` wraps the error as
 * `running PreScore plugin "NodeAffinity": …`; `schedulingCycle` turns it into an Error status
 * whose message `handleSchedulingFailure` records, truncated, as the FailedScheduling event.
 */
export function scoreFeasible(
  input: SnapshotInput,
  feasible: readonly PlacementNode[],
  feasibleAt: readonly number[]
): FeasibleScores {
  // Loops rather than Int32Array.from and map with a callback: this runs over every node for
  // every pod judged.
  const taint = new Int32Array(feasible.length)
  for (let i = 0; i < feasible.length; i++)
    taint[i] = input.tolerations.countIntolerablePreferNoSchedule(
      (feasible[i] as PlacementNode).compiled
    )
  normalizeReversedScores(taint, MAX_EXTENDER_PRIORITY)
  const spec = input.pod.nodeAffinity
  const nodes = input.snapshot.nodes
  const weights = new Array<number>(nodes.length).fill(0)
  if (input.nodeLabelsKnown && spec.preferred.length > 0)
    for (let i = 0; i < nodes.length; i++)
      weights[i] = preferredNodeAffinityWeight(spec, nodes[i] as PlacementNode)
  const problem = input.nodeLabelsKnown ? preferredTermsParseError(spec.preferred) : null
  if (problem !== null && feasible.length >= 2) {
    const error = truncateEventMessage(
      `running PreScore plugin "${PLUGIN_NODE_AFFINITY}": ${problem}`
    )
    return { taint, weights, nodeAffinity: null, error }
  }
  const feasibleWeights: number[] = []
  for (let i = 0; i < weights.length; i++)
    if ((feasibleAt[i] ?? -1) >= 0) feasibleWeights.push(weights[i] as number)
  return { taint, weights, nodeAffinity: normalizeNodeAffinityScores(feasibleWeights), error: null }
}

/** One node's row: its verdict, what decided it, and its scores when it is feasible (`at` ≥ 0). */
export function nodeRow(
  node: PlacementNode,
  rejection: Rejection | null,
  taintRow: TaintVerdict | undefined,
  scores: FeasibleScores,
  { weight, at, avoidsEvicting }: { weight: number; at: number; avoidsEvicting: boolean }
): NodeDiagnosis {
  const score = at < 0 ? null : (scores.taint[at] as number)
  return {
    name: node.name,
    verdict:
      rejection === null
        ? 'fits'
        : rejection.plugin === PLUGIN_NODE_UNSCHEDULABLE
          ? 'cordoned'
          : 'rejected',
    plugin: rejection?.plugin ?? null,
    reason: rejection === null ? null : rejection.reasons.join(', '),
    reasons: rejection?.reasons ?? [],
    unresolvable: rejection?.unresolvable ?? false,
    detail: rejection?.detail ?? '',
    decidingTaints:
      rejection?.plugin === PLUGIN_TAINT_TOLERATION ||
      rejection?.plugin === PLUGIN_NODE_UNSCHEDULABLE
        ? (taintRow?.decidingTaints ?? [])
        : [],
    eviction: taintRow?.eviction ?? null,
    untoleratedPreferNoSchedule: taintRow?.untoleratedPreferNoSchedule ?? 0,
    score,
    extenderScore: score === null || !avoidsEvicting ? null : extenderScore(score, taintRow),
    nodeAffinityWeight: weight,
    nodeAffinityScore: at < 0 ? null : (scores.nodeAffinity?.[at] ?? null),
  }
}

/** The extender's score in avoid mode: an evicting node ranks below every node the pod stays on. */
function extenderScore(taintScore: number, taintRow: TaintVerdict | undefined): number {
  return (taintRow?.eviction ?? null) !== null ? 0 : Math.max(1, taintScore)
}
