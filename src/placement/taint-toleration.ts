import {
  formatTaint,
  MAX_EXTENDER_PRIORITY,
  normalizeReversedScores,
  parseInt64,
  REASON_UNSCHEDULABLE,
  TOLERATION_OP_GT,
  TOLERATION_OP_LT,
  UNSCHEDULABLE_TAINT,
  type CompiledNode,
  type CompiledTaint,
  type CompiledTolerations,
  type EvictionOutcome,
  type RejectionReason,
  type RuleOptions,
  type Taint,
  type TaintProfile,
  type Toleration,
} from '../core/index.js'
import { summarizeAvailability } from './fit-error.js'

/**
 * "Why is my pod Pending?" answered per node with the very rules that serve filter and
 * prioritize (CompiledTolerations), plus the detail upstream no longer reports since v1.35:
 * which taints decided, and how a `Gt`/`Lt` comparison came out.
 */

export type Verdict = 'fits' | 'rejected' | 'cordoned'

/** A `Gt`/`Lt` toleration that could have tolerated a taint, and why it did not. */
export interface Comparison {
  readonly operator: 'Gt' | 'Lt'
  readonly threshold: string
  /** e.g. `800 > 950 is false`, or why no comparison could be made. */
  readonly outcome: string
}

export interface DecidingTaint {
  readonly taint: Taint
  readonly comparisons: readonly Comparison[]
}

/**
 * The taint-eviction controller would evict the pod from a node it fits: the eviction rule's
 * answer (taint-eviction.ts) for explain's readers.
 */
export interface NodeEviction {
  /** Seconds after the controller sees the pod bound there; 0 for at once. */
  readonly afterSeconds: number
  /** What decides, e.g. `maintenance=planned:NoExecute is tolerated for 600s`. */
  readonly detail: string
}

export interface NodeExplanation {
  readonly name: string
  readonly verdict: Verdict
  /** kube-scheduler's own Filter (NodeUnschedulable, TaintToleration); null when it fits. */
  readonly reason: RejectionReason | null
  /** When it fits: whether, and when, the pod would be evicted from it; null when it stays. */
  readonly eviction: NodeEviction | null
  /** Rejected: every untolerated NoSchedule/NoExecute taint. Cordoned: the unschedulable taint. */
  readonly decidingTaints: readonly DecidingTaint[]
  readonly untoleratedPreferNoSchedule: number
  /** 0–10 over the nodes that fit, as prioritize would score them; null when it does not fit. */
  readonly score: number | null
}

export interface PlacementExplanation {
  readonly nodes: readonly NodeExplanation[]
  readonly available: number
  readonly total: number
  /** kube-scheduler's own wording: `0/3 nodes are available: 1 node(s) had …, 2 node(s) were ….` */
  readonly summary: string
}

function describeComparison(toleration: Toleration, taint: Taint, options: RuleOptions): string {
  if (!options.comparisonOperators) return 'comparison operators are disabled'
  const threshold = parseInt64(toleration.value)
  if (threshold === null) return `toleration value "${toleration.value}" is not an int64 integer`
  const observed = parseInt64(taint.value)
  if (observed === null) return `taint value "${taint.value}" is not an int64 integer`
  const symbol = toleration.operator === TOLERATION_OP_GT ? '>' : '<'
  const holds = symbol === '>' ? observed > threshold : observed < threshold
  return `${taint.value} ${symbol} ${toleration.value} is ${holds}`
}

/** The `Gt`/`Lt` tolerations whose effect and key reach this taint. */
function comparisonsFor(
  tolerations: readonly Toleration[],
  taint: Taint,
  options: RuleOptions
): Comparison[] {
  const comparisons: Comparison[] = []
  for (const t of tolerations) {
    if (t.operator !== TOLERATION_OP_GT && t.operator !== TOLERATION_OP_LT) continue
    if (t.effect !== '' && t.effect !== taint.effect) continue
    if (t.key !== '' && t.key !== taint.key) continue
    comparisons.push({
      operator: t.operator,
      threshold: t.value,
      outcome: describeComparison(t, taint, options),
    })
  }
  return comparisons
}

function decidingTaintsOf(
  pod: CompiledTolerations,
  profile: TaintProfile,
  options: RuleOptions
): DecidingTaint[] {
  const deciding: DecidingTaint[] = []
  for (const taint of profile.hardTaints) {
    if (!pod.tolerates(taint)) {
      deciding.push({
        taint: plainTaint(taint),
        comparisons: comparisonsFor(pod.tolerations, taint, options),
      })
    }
  }
  return deciding
}

function plainTaint(taint: CompiledTaint | Taint): Taint {
  return { key: taint.key, value: taint.value, effect: taint.effect }
}

/** The eviction outcome of a pod on a node it fits, as explain shows it; null when it stays. */
export function nodeEviction(outcome: EvictionOutcome): NodeEviction | null {
  switch (outcome.kind) {
    case 'evicted-after':
      return {
        afterSeconds: Number(outcome.seconds),
        detail: `${formatTaint(outcome.taint)} is tolerated for ${outcome.seconds}s`,
      }
    case 'evicted-now':
      if (outcome.toleration === null) return null
      return {
        afterSeconds: 0,
        detail: `a toleration it uses has tolerationSeconds ${outcome.toleration.tolerationSeconds}`,
      }
    case 'stays':
      return null
  }
}

/**
 * What the taint rules decide for a pod on a node, as kube-scheduler's NodeUnschedulable and
 * TaintToleration and this extender's rule read it: the node's explanation without its name and
 * its score, which depend on the node's place among the others.
 */
export type TaintVerdict = Omit<NodeExplanation, 'name' | 'score'>

/** A node not cordoned and without taints: every pod fits it, stays on it and scores it 0. */
const BARE: TaintVerdict = Object.freeze({
  verdict: 'fits',
  reason: null,
  eviction: null,
  decidingTaints: Object.freeze([]),
  untoleratedPreferNoSchedule: 0,
})

function verdictIn(
  pod: CompiledTolerations,
  profile: TaintProfile,
  options: RuleOptions
): TaintVerdict {
  const reason = pod.inTreeFilter(profile)
  const cordoned = reason === REASON_UNSCHEDULABLE
  return {
    verdict: reason === null ? 'fits' : cordoned ? 'cordoned' : 'rejected',
    reason,
    eviction:
      reason === null && pod.evictsIn(profile) ? nodeEviction(pod.evictionIn(profile)) : null,
    decidingTaints: cordoned
      ? [{ taint: plainTaint(UNSCHEDULABLE_TAINT), comparisons: [] }]
      : reason === null
        ? []
        : decidingTaintsOf(pod, profile, options),
    untoleratedPreferNoSchedule: pod.countIntolerableIn(profile),
  }
}

/**
 * The taint rules' verdict for the pod on each node, in `nodes` order. It depends on nothing but
 * the node's taint profile, so each profile is judged once and its nodes share the answer, and a
 * node with neither taint nor cordon shares one answer with every such node.
 */
export function taintVerdicts(
  pod: CompiledTolerations,
  nodes: readonly CompiledNode[],
  options: RuleOptions
): TaintVerdict[] {
  const byProfile = new Map<TaintProfile, TaintVerdict>()
  return nodes.map(({ profile }) => {
    if (
      !profile.unschedulable &&
      profile.hardTaints.length === 0 &&
      profile.softTaints.length === 0
    )
      return BARE
    let verdict = byProfile.get(profile)
    if (verdict === undefined) {
      verdict = verdictIn(pod, profile, options)
      byProfile.set(profile, verdict)
    }
    return verdict
  })
}

/**
 * Explains, node by node, what kube-scheduler's own Filter and Score decide for this pod, and
 * where the pod fits, whether the taint-eviction controller would evict it (the extender's rule
 * acts on that in the diagnosis, after every in-tree plugin, as kube-scheduler calls extenders).
 */
export function explainPlacement(
  pod: CompiledTolerations,
  nodes: readonly CompiledNode[],
  options: RuleOptions
): PlacementExplanation {
  const verdicts = taintVerdicts(pod, nodes, options)
  const fitting = nodes.filter((_, i) => verdicts[i]?.reason === null)
  const scores = Int32Array.from(fitting, (node) => pod.countIntolerablePreferNoSchedule(node))
  normalizeReversedScores(scores, MAX_EXTENDER_PRIORITY)
  const scoreByName = new Map(fitting.map((node, i) => [node.name, scores[i] as number]))
  const explained = nodes.map((node, i): NodeExplanation => ({
    name: node.name,
    ...(verdicts[i] as TaintVerdict),
    score: scoreByName.get(node.name) ?? null,
  }))
  const rejected = verdicts.flatMap((v) => (v.reason === null ? [] : [v.reason]))
  return {
    nodes: explained,
    available: fitting.length,
    total: nodes.length,
    summary: summarizeAvailability(nodes.length, fitting.length, rejected),
  }
}
