import type { NodeScore, PlacementChoice } from '../placement/index.js'
import { renderTable } from './table.js'

/**
 * "Why here?": the nodes kube-scheduler would most likely place the pod on, with each Score
 * plugin's normalised score, and how -o json/yaml gives them. Printed after the explanation's
 * table and notes, which stay as they were.
 */

/** How many nodes beyond the tied best the ranking shows. */
const NEXT_BEST = 3

/** The table's column for each plugin of the default profile; another plugin keeps its name. */
const COLUMNS: Readonly<Record<string, string>> = {
  TaintToleration: 'TAINTS',
  NodeAffinity: 'NODE-AFFINITY',
  NodeResourcesFit: 'LEAST-ALLOCATED',
  PodTopologySpread: 'SPREAD',
  InterPodAffinity: 'POD-AFFINITY',
  NodeResourcesBalancedAllocation: 'BALANCED',
  ImageLocality: 'IMAGES',
}

/** The nodes by total, highest first; equal totals in node order. */
function ranked(scores: readonly NodeScore[]): NodeScore[] {
  return scores
    .map((score, at) => ({ score, at }))
    .sort((a, b) => b.score.total - a.score.total || a.at - b.at)
    .map(({ score }) => score)
}

/** The tied best and the next few, and `alsoShow` (a bound pod's node) wherever it ranks. */
function shown(placement: PlacementChoice, alsoShow: string | null): NodeScore[] {
  const best = new Set(placement.choice?.nodes ?? [])
  const order = ranked(placement.scores)
  const keep = best.size + NEXT_BEST
  return order.filter((s, i) => i < keep || best.has(s.name) || s.name === alsoShow)
}

function rankingTable(rows: readonly NodeScore[]): string {
  const plugins = rows[0]?.plugins ?? []
  const extender = rows.some((r) => r.extender !== null)
  const headers = [
    'NODE',
    'TOTAL',
    ...plugins.map((p) => `${COLUMNS[p.plugin] ?? p.plugin}(x${p.weight})`),
    ...(extender ? ['EXTENDER'] : []),
  ]
  const cells = rows.map((r) => [
    r.name,
    String(r.total),
    ...r.plugins.map((p) => String(p.score)),
    ...(extender ? [String(r.extender ?? 0)] : []),
  ])
  return renderTable(headers, cells)
}

function choiceLine(placement: PlacementChoice): string {
  const choice = placement.choice
  if (choice === null) return ''
  const [only] = choice.nodes
  if (choice.nominated)
    return `Placed on ${only ?? ''}: its nominated node (status.nominatedNodeName), which kube-scheduler tries first and the pod fits, chosen without scoring the others.`
  if (choice.score === null)
    return `Placed on ${only ?? ''}: the only node it fits, chosen without scoring.`
  if (choice.nodes.length === 1)
    return `Most likely placed on ${only ?? ''} (total ${choice.score}).`
  return `Most likely placed on one of ${choice.nodes.join(', ')} (tied at total ${choice.score}; kube-scheduler picks one of them at random).`
}

function sampleLine(placement: PlacementChoice): string[] {
  const sample = placement.sample
  if (sample === null) return []
  return [
    `kube-scheduler scores only the first ${sample.scored} of the ${sample.feasible} nodes the pod fits that it finds, starting where the previous pod's search stopped: its pick may be another node than these.`,
  ]
}

/**
 * The ranking under the explanation: the choice, then the scores of the tied best and the next
 * nodes (and of `boundTo`, the node a bound pod runs on), weights in the headers; the plugins not
 * scored. Nothing when no node fits. `when`: what the choice waits for (a gated pod's gates).
 */
export function renderRanking(
  placement: PlacementChoice,
  boundTo: string | null = null,
  when: string | null = null
): string {
  if (placement.choice === null) return ''
  const choice = choiceLine(placement)
  const lead =
    when === null ? choice : `${when}: ${choice.charAt(0).toLowerCase()}${choice.slice(1)}`
  const lines = [lead, ...sampleLine(placement)]
  if (boundTo !== null && !placement.scores.some((s) => s.name === boundTo))
    lines.push(`${boundTo}, where it is bound, is not among the nodes that would take it today.`)
  if (placement.notScored.length > 0) lines.push(`Not scored: ${placement.notScored.join(', ')}.`)
  const rows = shown(placement, boundTo)
  const table = rows.length === 0 ? '' : rankingTable(rows)
  return `\n${table}${lines.join('\n')}\n`
}

/** What -o json/yaml adds: the choice, every feasible node's scores, and what was not scored. */
export function choiceFields(placement: PlacementChoice): Record<string, unknown> {
  return {
    choice: placement.choice,
    scores: placement.scores.map((s) => ({
      node: s.name,
      total: s.total,
      plugins: Object.fromEntries(s.plugins.map((p) => [p.plugin, p.score])),
      extender: s.extender,
    })),
    notScored: placement.notScored,
    sample: placement.sample,
  }
}
