import type { PreScore, ScorePlugin } from './score-framework.js'
import type { NodeInfo } from './node-info.js'
import { MAX_NODE_SCORE } from './normalize-score.js'
import { DEFAULT_SCORE_PLUGINS } from './score-plugins.js'
import type { SnapshotInput } from './types.js'

/**
 * The scoring of one pod over its feasible nodes, as kube-scheduler's scheduling cycle does it
 * (schedule_one.go `prioritizeNodes`, `selectHost`, `numFeasibleNodesToFind`; runtime
 * framework.go `RunPreScorePlugins`, `RunScorePlugins`): each PreScore in the profile's order,
 * a plugin that skips left out of Score and NormalizeScore; each plugin's raw score per node,
 * normalised over the scored nodes, weighted and summed; then an extender's score times its
 * weight times 10; the highest total wins, a tie broken at random.
 */

/** kube-scheduler's extender score range (extender/v1 `MaxExtenderPriority`). */
const MAX_EXTENDER_PRIORITY = 10

/**
 * The weight the project's scheduler configurations give the extender where it is called with
 * `prioritizeVerb` (scheduler-config/full-node.yaml, compatibility.md's three-verb shape), which
 * `--evicting-nodes=avoid` needs.
 */
export const EXTENDER_WEIGHT = 1

/** One plugin's normalised score (0–100) on a node, and its weight in the profile. */
export interface PluginScore {
  readonly plugin: string
  readonly weight: number
  readonly score: number
}

export interface NodeScore {
  readonly name: string
  /** The plugins that scored, in the profile's order. */
  readonly plugins: readonly PluginScore[]
  /** What the extender adds (its 0–10 score × weight × 10); null when it is not asked. */
  readonly extender: number | null
  /** Σ weight × normalised score, plus the extender's part. */
  readonly total: number
}

export interface Prioritized {
  /** The feasible nodes' scores, in the order given. */
  readonly nodes: readonly NodeScore[]
  /** The plugins not scored, with why. */
  readonly notJudged: readonly string[]
  /** The error a PreScore ends the cycle with; null when none. */
  readonly error: string | null
}

interface Ran {
  readonly plugin: ScorePlugin
  readonly scores: number[]
}

/** Runs each PreScore, then Score and NormalizeScore of those that did not skip. */
function runPlugins(
  input: SnapshotInput,
  feasible: readonly NodeInfo[],
  preScores: readonly PreScore[]
): { ran: Ran[]; notJudged: string[]; error: string | null } {
  const ran: Ran[] = []
  const notJudged: string[] = []
  for (const preScore of preScores) {
    const result = preScore(input, feasible)
    if (result === null) continue
    if ('notJudged' in result) {
      notJudged.push(result.notJudged)
      continue
    }
    if ('error' in result) return { ran, notJudged, error: result.error }
    const scores = feasible.map((node) => result.score(node))
    result.normalize?.(scores)
    ran.push({ plugin: result, scores })
  }
  return { ran, notJudged, error: null }
}

/**
 * `prioritizeNodes` over the feasible nodes. `extenderScores`: the extender's 0–10 score per
 * feasible node, or null when it is not asked to prioritize.
 */
export function prioritizeNodes(
  input: SnapshotInput,
  feasible: readonly NodeInfo[],
  extenderScores: readonly number[] | null,
  preScores: readonly PreScore[] = DEFAULT_SCORE_PLUGINS
): Prioritized {
  const { ran, notJudged, error } = runPlugins(input, feasible, preScores)
  if (error !== null) return { nodes: [], notJudged, error }
  const nodes = feasible.map((node, i): NodeScore => {
    const plugins = ran.map(({ plugin, scores }) => ({
      plugin: plugin.name,
      weight: plugin.weight,
      score: scores[i] as number,
    }))
    const own = extenderScores?.[i]
    const extender =
      own === undefined ? null : own * EXTENDER_WEIGHT * (MAX_NODE_SCORE / MAX_EXTENDER_PRIORITY)
    const weighted = plugins.reduce((sum, p) => sum + p.weight * p.score, 0)
    return { name: node.name, plugins, extender, total: weighted + (extender ?? 0) }
  })
  return { nodes, notJudged, error: null }
}

/** The nodes kube-scheduler's `selectHost` picks among: every one with the highest total. */
export function tiedBest(nodes: readonly NodeScore[]): { names: string[]; total: number } | null {
  let best: number | null = null
  let names: string[] = []
  for (const node of nodes) {
    if (best === null || node.total > best) {
      best = node.total
      names = [node.name]
    } else if (node.total === best) names.push(node.name)
  }
  return best === null ? null : { names, total: best }
}

const MIN_FEASIBLE_NODES_TO_FIND = 100
const MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND = 5

/**
 * `numFeasibleNodesToFind`: how many feasible nodes kube-scheduler looks for before it stops
 * filtering, and so scores at most. Every node below 100; else `percentageOfNodesToScore`
 * (default 0: adaptive, 50 − nodes/125 and at least 5) of them, and at least 100.
 */
export function numFeasibleNodesToFind(allNodes: number, percentage = 0): number {
  if (allNodes < MIN_FEASIBLE_NODES_TO_FIND) return allNodes
  let share = percentage
  if (share === 0)
    share = Math.max(50 - Math.trunc(allNodes / 125), MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND)
  return Math.max(Math.trunc((allNodes * share) / 100), MIN_FEASIBLE_NODES_TO_FIND)
}
