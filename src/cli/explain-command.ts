import { formatTaint } from '../core/index.js'
import {
  type NodeDiagnosis,
  type PlacementChoice,
  type PlacementDiagnosis,
  type PlacementPod,
} from '../placement/index.js'
import { parseExplainOptions, type ExplainOptions } from '../config/index.js'
import type { ManifestNode } from '../protocol/index.js'
import { BOUND_NOTE, explainBound, type BoundExplanation } from './explain-bound.js'
import { explainGated } from './explain-gated.js'
import { otherSchedulerNote } from './explain-scheduler.js'
import { readExplainContext, warnOfUnreadKinds, type ExplainContext } from './explain-context.js'
import { choose, chooseWithBudgets, diagnose } from './explain-judge.js'
import { choiceFields, renderRanking } from './explain-scores.js'
import { runPending } from './explain-pending.js'
import { readOnePlacedPod } from './manifests.js'
import {
  isDocumentFormat,
  printDocument,
  releaseField,
  releaseLine,
  summaryOf,
  type SpokenRelease,
} from './output.js'
import { renderTable } from './table.js'
import { escapeTerminal } from './terminal-text.js'
import { namedPodText, namespaceOf, speakingRelease } from './tool-io.js'
import type { ToolIo } from './tool-exit.js'
import { showingProgress } from './progress-line.js'

/**
 * `taint-extender explain POD | --pod FILE | --pending`: per node, the verdict kube-scheduler's
 * default profile reaches for the constraints judged here (cordon, nodeName, taints, node
 * affinity, inter-pod affinity), the constraint that decided it and the scores. Exit 0 when the
 * pod fits somewhere or is bound (explain-bound.ts), 1 when it fits nowhere, the scheduling
 * cycle fails for it or scheduling gates hold it back (explain-gated.ts; 2 on bad input, set by
 * the caller); --pending exits 0 once listed.
 */
export async function runExplain(
  argv: readonly string[],
  io: ToolIo,
  env: NodeJS.ProcessEnv
): Promise<number> {
  const parsed = showingProgress(parseExplainOptions(argv, env), io)
  if (parsed.target.kind === 'pending') return runPending(parsed, io)
  const input = await podInput(parsed)
  const { pod, placement } = readOnePlacedPod(input.text, input.origin)
  const context = await readExplainContext(parsed, [placement])
  warnOfUnreadKinds(io, context)
  // Asked once the objects are read: a cluster that cannot be read fails on them first.
  const release = await speakingRelease(parsed.kubeVersion, parsed.cluster)
  const options = { ...parsed, kubeVersion: release.version }
  const podRef = { namespace: pod.namespace, name: pod.name }
  if (placement.nodeName !== '') {
    // Bound: no preemption to weigh, so no PodDisruptionBudget is read.
    const diagnosis = diagnose(placement, pod.tolerations, context, options)
    const bound = explainBound(placement, pod.tolerations, diagnosis, context, options)
    // Where it would go were it Pending now: its node's scores beside the others'.
    const chosen = choose({ ...placement, nodeName: '' }, pod.tolerations, context, options)
    const parts = { podRef, bound, diagnosis, chosen, placement, context, release }
    printBound(io, options, parts)
    return 0
  }
  const chosen = await chooseWithBudgets(placement, pod.tolerations, context, options)
  const diagnosis = chosen.diagnosis
  const summary = summaryOf(diagnosis)
  const gated = explainGated(pod, summary)
  const other = otherSchedulerNote(pod)
  const summarized = { ...diagnosis, summary: gated?.summary ?? summary }
  if (isDocumentFormat(options.output)) {
    const fields = { ...other?.fields, ...gated?.fields }
    const document = { pod: podRef, ...releaseField(release), ...fields, ...summarized }
    printDocument(io, options.output, { ...document, ...choiceFields(chosen) })
  } else {
    const taints = options.output === 'wide' ? context.nodes : null
    const notes = [other?.note, gated?.note].filter((n) => n !== undefined)
    io.stdout(renderExplanation(summarized, placement, taints, notes))
    io.stdout(renderRanking(chosen, null, gated === null ? null : 'Once the gates are removed'))
    io.stdout(`${releaseLine(release)}\n`)
  }
  const fits = diagnosis.available > 0 && diagnosis.schedulingError === null
  return fits && gated === null ? 0 : 1
}

/**
 * A bound pod: -o json/yaml gives `bound` (the node, whether it would take the pod today, its
 * row of the diagnosis, the taint-eviction controller's decision), the summary and the scores
 * the pod would get were it Pending now; the table shows that node's row alone, then its scores
 * beside the nodes the pod would most likely go to.
 */
function printBound(
  io: ToolIo,
  options: ExplainOptions,
  parts: {
    podRef: { namespace: string; name: string }
    bound: BoundExplanation
    diagnosis: PlacementDiagnosis
    chosen: PlacementChoice
    placement: PlacementPod
    context: ExplainContext
    release: SpokenRelease
  }
): void {
  const { summary, ...bound } = parts.bound
  const { chosen } = parts
  if (isDocumentFormat(options.output)) {
    const release = releaseField(parts.release)
    const document = { pod: parts.podRef, ...release, bound, summary }
    printDocument(io, options.output, { ...document, ...choiceFields(chosen) })
    return
  }
  if (bound.diagnosis === null) {
    io.stdout(`${escapeTerminal(summary)}\n${BOUND_NOTE}\n${releaseLine(parts.release)}\n`)
    return
  }
  // The row's eviction is said by the summary, from the controller's view of a running pod.
  const nodes = [{ ...bound.diagnosis, eviction: null }]
  const only = { ...parts.diagnosis, nodes, summary, preemptionCandidates: [] }
  const taints = options.output === 'wide' ? parts.context.nodes : null
  io.stdout(renderExplanation(only, parts.placement, taints))
  io.stdout(renderRanking(chosen, bound.node))
  io.stdout(`${releaseLine(parts.release)}\n`)
}

/** The pod's text: its file's, or the cluster's for `explain POD [-n NAMESPACE]`. */
async function podInput(options: ExplainOptions): Promise<{ text: string; origin: string }> {
  const { target, cluster } = options
  if (target.kind === 'file') return target
  if (target.kind !== 'named' || cluster === null) throw new Error('explain: no pod to read')
  const namespace = (await namespaceOf(options.namespace, cluster)) ?? 'default'
  return namedPodText(cluster, namespace, target.name)
}

function decidedBy(node: NodeDiagnosis): string {
  if (node.plugin === null) return '-'
  if (node.decidingTaints.length === 0) return `${node.plugin}: ${node.detail || node.reason}`
  const taints = node.decidingTaints
    .map(({ taint, comparisons }) => {
      const detail = comparisons.map((c) => `${c.operator} ${c.threshold}: ${c.outcome}`).join('; ')
      return detail === '' ? formatTaint(taint) : `${formatTaint(taint)} (${detail})`
    })
    .join(', ')
  return `${node.plugin}: ${taints}`
}

const score = (value: number | null): string => (value === null ? '-' : String(value))

function taintsOf(node: ManifestNode | undefined): string {
  if (node === undefined) return '-'
  const taints = node.taints.map(formatTaint)
  if (node.unschedulable) taints.unshift('(cordoned)')
  return taints.length === 0 ? '-' : taints.join(',')
}

const HEADERS = ['NODE', 'VERDICT', 'PREFER-NO-SCHEDULE', 'SCORE', 'NODE-AFFINITY', 'DECIDED BY']

/**
 * The table; `wideNodes` (-o wide) adds each node's taints and cordon as the last column;
 * `podNotes` follow the summary (a pod's of another scheduler, explain-scheduler.ts; a gated
 * pod's, explain-gated.ts).
 */
export function renderExplanation(
  diagnosis: PlacementDiagnosis,
  pod: PlacementPod,
  wideNodes: readonly ManifestNode[] | null = null,
  podNotes: readonly string[] = []
): string {
  const byName = new Map(wideNodes?.map((n) => [n.name, n]) ?? [])
  // --evicting-nodes=avoid: the extender's own score stands beside TaintToleration's.
  const avoiding = diagnosis.nodes.some((n) => n.extenderScore !== null)
  const rows = diagnosis.nodes.map((node) => {
    const row = [
      node.name,
      node.verdict,
      String(node.untoleratedPreferNoSchedule),
      score(node.score),
      ...(avoiding ? [score(node.extenderScore)] : []),
      score(node.nodeAffinityScore),
      decidedBy(node),
    ]
    return wideNodes === null ? row : [...row, taintsOf(byName.get(node.name))]
  })
  const headers = avoiding
    ? [...HEADERS.slice(0, 4), 'EXTENDER-SCORE', ...HEADERS.slice(4)]
    : HEADERS
  // No node read: kube-scheduler's message alone, no table of nothing.
  const table =
    rows.length === 0
      ? ''
      : renderTable(wideNodes === null ? headers : [...headers, 'TAINTS'], rows)
  const notes = [
    diagnosis.summary,
    ...podNotes,
    ...evictionNotes(diagnosis),
    ...preemptionNotes(diagnosis),
  ]
  if (diagnosis.notJudged.length > 0) notes.push(`Not judged: ${diagnosis.notJudged.join(', ')}.`)
  // What PodTopologySpread's Filter leaves to scoring, constraint by constraint.
  if (diagnosis.spreadIgnored.length > 0)
    notes.push(
      `Topology spread, scored only, never filtering: ${diagnosis.spreadIgnored.join('; ')}.`
    )
  if (pod.nodeName !== '') notes.push(BOUND_NOTE)
  return `${table === '' ? '' : `${table}\n`}${notes.map(escapeTerminal).join('\n')}\n`
}

function violations(count: number | null): string {
  return count === null || count === 0 ? '' : `; ${count} violating a PodDisruptionBudget`
}

/**
 * Nodes the pod fits but would be evicted from: kube-scheduler may place it there, and the
 * taint-eviction controller evicts it when the time runs out (its clock starts when it sees the
 * pod bound there). Only in `--evicting-nodes` avoid and allow: reject turns them away.
 */
function evictionNotes(diagnosis: PlacementDiagnosis): string[] {
  const evicting = diagnosis.nodes.filter((n) => n.verdict === 'fits' && n.eviction !== null)
  if (evicting.length === 0) return []
  const nodes = evicting.map(({ name, eviction }) => {
    const seconds = eviction?.afterSeconds ?? 0
    return `${name} (${seconds === 0 ? 'at once' : `after ${seconds}s`}: ${eviction?.detail ?? ''})`
  })
  return [
    `Evicted if placed: the taint-eviction controller would evict the pod from ${nodes.join('; ')}.`,
  ]
}

/** Where DefaultPreemption can make room: it then nominates one of these nodes. */
function preemptionNotes(diagnosis: PlacementDiagnosis): string[] {
  if (diagnosis.preemptionCandidates.length === 0) return []
  const nodes = diagnosis.preemptionCandidates.map((c) =>
    c.victims === null
      ? `${c.node} (lower priority: ${c.lowerPriorityPods.join(', ')})`
      : `${c.node} (evicts ${c.victims.join(', ')}${violations(c.budgetViolations)})`
  )
  return [
    `Preemption: evicting lower-priority pods makes room on ${nodes.join('; ')}; kube-scheduler nominates one of these nodes and adds no preemption part to the message.`,
  ]
}
