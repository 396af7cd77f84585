import { compileNode, CompiledTolerations, formatTaint } from '../core/index.js'
import {
  diagnosePlacement,
  type AffinityPod,
  type DisruptionBudget,
  type NamespaceLabels,
  type NominatedPod,
  type NodeDiagnosis,
  type PlacementDiagnosis,
  type PlacementInput,
  type PlacementPod,
} from '../placement/index.js'
import { parseExplainOptions, type ExplainOptions, type ObjectSource } from '../config/index.js'
import { ProtocolError } from '../protocol/index.js'
import {
  readDisruptionBudgets,
  readNamespaces,
  readNodes,
  readOnePlacedPod,
  readPodList,
} from './manifests.js'
import { renderTable } from './table.js'
import { explainPodsText, namespacesText, nodesText, pdbsText, type ToolIo } from './tool-io.js'

/**
 * `taint-extender explain --pod FILE [--nodes FILE] [--pods FILE] [--namespaces FILE] [-o json]`:
 * per node, the verdict kube-scheduler's default profile reaches for the constraints judged here
 * (cordon, nodeName, taints, node affinity, inter-pod affinity), the constraint that decided it
 * and the scores. Exit 0 when the pod fits somewhere, 1 when it fits nowhere or the scheduling
 * cycle fails for it (2 on bad input, set by the caller).
 */
export async function runExplain(
  argv: readonly string[],
  io: ToolIo,
  env: NodeJS.ProcessEnv
): Promise<number> {
  const options = parseExplainOptions(argv, env)
  const { pod, placement } = readOnePlacedPod(options.pod.text, options.pod.origin)
  const source = await nodesText(options.nodes)
  const nodes = readNodes(source.text, source.origin)
  const pods = await readOtherPods(options, placement)
  const namespaces = await readNamespaceLabels(options, placement, pods)
  const rules = {
    comparisonOperators: options.gates.TaintTolerationComparisonOperators,
    evictingNodes: options.evictingNodes,
  }
  const input: PlacementInput = {
    pod: placement,
    tolerations: new CompiledTolerations(pod.tolerations, rules),
    nodes: nodes.map((n) => ({
      name: n.name,
      labels: n.labels,
      compiled: compileNode(n),
      allocatable: n.allocatable,
    })),
    placedPods: pods?.placed ?? null,
    nominatedPods: pods?.nominated ?? [],
    namespaces,
    nodeLabelsKnown: true,
    options: rules,
  }
  let diagnosis = diagnosePlacement(input)
  // PodDisruptionBudgets only choose among the victims: they are read when there are some.
  if (diagnosis.preemptionCandidates.length > 0 && options.pdbs !== null)
    diagnosis = diagnosePlacement({ ...input, disruptionBudgets: await readBudgets(options.pdbs) })
  if (options.output === 'json') {
    const podRef = { namespace: pod.namespace, name: pod.name }
    io.stdout(JSON.stringify({ pod: podRef, ...diagnosis }, null, 2) + '\n')
  } else {
    io.stdout(renderExplanation(diagnosis, placement))
  }
  return diagnosis.available > 0 && diagnosis.schedulingError === null ? 0 : 1
}

/** The other pods explain judges against: bound ones, and those nominated to a node. */
interface OtherPods {
  readonly placed: AffinityPod[]
  readonly nominated: NominatedPod[]
}

/**
 * The unfinished pods besides the incoming one (it may be listed while Pending; kube-scheduler
 * never counts a pod against itself): those bound to a node, and those not bound yet with
 * `status.nominatedNodeName` set, which the scheduling queue holds as nominated pods.
 */
async function readOtherPods(
  options: ExplainOptions,
  incoming: PlacementPod
): Promise<OtherPods | null> {
  if (options.pods === null) return null
  const source = await explainPodsText(options.pods)
  const others = readPodList(source.text, source.origin)
    .filter(({ pod }) => pod.phase !== 'Succeeded' && pod.phase !== 'Failed')
    .filter(({ pod }) => !(pod.namespace === incoming.namespace && pod.name === incoming.name))
    .map(({ placement }) => placement)
  return {
    placed: others.filter((p) => p.nodeName !== ''),
    nominated: others.filter((p) => p.nodeName === '' && p.nominatedNodeName !== ''),
  }
}

/** PodDisruptionBudgets, for the victims preemption picks; null when not given. */
async function readBudgets(pdbs: ObjectSource): Promise<DisruptionBudget[]> {
  const source = await pdbsText(pdbs)
  return readDisruptionBudgets(source.text, source.origin)
}

/** Namespace labels, read only when some term has a namespaceSelector to apply them to. */
async function readNamespaceLabels(
  options: ExplainOptions,
  incoming: PlacementPod,
  pods: OtherPods | null
): Promise<NamespaceLabels> {
  const owners = [incoming, ...(pods?.placed ?? []), ...(pods?.nominated ?? [])]
  const needer = owners.find((p) =>
    [...p.requiredAffinity, ...p.requiredAntiAffinity].some((t) => t.namespaceSelector !== null)
  )
  if (needer === undefined) return new Map()
  if (options.namespaces === null) {
    throw new ProtocolError(
      `--namespaces FILE is required: ${needer.namespace}/${needer.name} has a namespaceSelector`
    )
  }
  const source = await namespacesText(options.namespaces)
  return readNamespaces(source.text, source.origin)
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

/** What PodTopologySpread's Filter leaves to scoring. */
const SPREAD_NOTE =
  'Spread constraints with whenUnsatisfiable: ScheduleAnyway and the default constraints kube-scheduler adds only score nodes; they never filter.'

const score = (value: number | null): string => (value === null ? '-' : String(value))

export function renderExplanation(diagnosis: PlacementDiagnosis, pod: PlacementPod): string {
  const rows = diagnosis.nodes.map((node) => [
    node.name,
    node.verdict,
    String(node.untoleratedPreferNoSchedule),
    score(node.score),
    score(node.nodeAffinityScore),
    decidedBy(node),
  ])
  const table = renderTable(
    ['NODE', 'VERDICT', 'PREFER-NO-SCHEDULE', 'SCORE', 'NODE-AFFINITY', 'DECIDED BY'],
    rows
  )
  const notes = [diagnosis.summary, ...evictionNotes(diagnosis), ...preemptionNotes(diagnosis)]
  notes.push(`Not judged: ${diagnosis.notJudged.join(', ')}.`, SPREAD_NOTE)
  if (pod.nodeName !== '')
    notes.push(
      `spec.nodeName is set: kube-scheduler does not schedule this pod; the kubelet of ${pod.nodeName} admits it or not.`
    )
  return `${table}\n${notes.join('\n')}\n`
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
