import {
  isFinishedPod,
  schedulingGatesRejection,
  UNJUDGED_CONSTRAINTS,
  type PlacementDiagnosis,
  type PlacementPod,
} from '../placement/index.js'
import type { ManifestPod } from '../protocol/index.js'
import type { ExplainOptions } from '../config/index.js'
import { readExplainContext, warnOfUnreadKinds, type PodsRead } from './explain-context.js'
import { diagnose } from './explain-judge.js'
import { groupOfScheduler } from './explain-scheduler.js'
import { readPodList, type PlacedPod } from './manifests.js'
import { isDocumentFormat, printDocument, releaseField, releaseLine, summaryOf } from './output.js'
import { renderTable } from './table.js'
import { escapeTerminal } from './terminal-text.js'
import { namespaceOf, pendingPodsSource, speakingRelease } from './tool-io.js'
import { WorkloadCollector } from './workload-kinds.js'
import type { ToolIo } from './tool-exit.js'

/**
 * `taint-extender explain --pending [-n NAMESPACE | -A]`: every pod kube-scheduler still has to
 * place (bound to no node, not finished), each with the one-line summary `explain` gives it,
 * grouped by what decides it, so a hundred pending pods read as a few causes. Every pod is
 * judged against one reading of the nodes and pods, by the same diagnosis as `explain POD`; a
 * pod with scheduling gates is grouped by them (`waiting for scheduling gates: [a b]`), which
 * hold it back whatever the nodes say (FITS, with -o wide, counts the nodes once they are gone);
 * a pod naming another scheduler, apart, under that name (explain-scheduler.ts).
 */

interface PendingRow {
  readonly namespace: string
  readonly name: string
  readonly summary: string
  readonly available: number
  readonly total: number
}

interface PendingGroup {
  readonly reason: string
  readonly pods: PendingRow[]
}

/**
 * Rows in one group share this: the error, the PreFilter refusal, or each distinct reason. A pod
 * that fits is grouped with the Filter plugins left unjudged for it (its claims or volumes), the
 * likeliest cause of its wait, apart from the pods every Filter plugin judged.
 */
function decidingReason(d: PlacementDiagnosis): string {
  if (d.schedulingError !== null) return `scheduling error: ${d.schedulingError}`
  if (d.total === 0) return d.summary
  if (d.preFilterRejection !== null) return d.preFilterRejection
  if (d.available > 0) return fitsByWhatIsJudged(d.notJudged)
  const reasons = new Set(d.nodes.flatMap((n) => (n.reason === null ? [] : [n.reason])))
  return reasons.size === 0 ? 'no nodes' : [...reasons].sort().join(' + ')
}

/** The volume plugins' entry, whichever of them it names, and DRA's. */
const isUnjudgedFilter = (entry: string): boolean =>
  entry.startsWith('volumes (') || entry === UNJUDGED_CONSTRAINTS[1]

function fitsByWhatIsJudged(notJudged: readonly string[]): string {
  const unjudged = notJudged.filter(isUnjudgedFilter)
  const fits = 'fits by the constraints judged here'
  return unjudged.length === 0 ? fits : `${fits}; not judged: ${unjudged.join(', ')}`
}

/** A pod of the pods read: pending, or only one of the unfinished pods judged against. */
type ReadPod = PlacedPod | PlacementPod

interface PendingReading {
  readonly pending: PlacedPod[]
  /** The unfinished pods (and workloads) when read with the pending ones; undefined when apart. */
  readonly others: PodsRead | undefined
}

/**
 * The pending pods: bound to no node, not finished, in the namespace asked for. From a file they
 * are read in the same pass as the unfinished pods explain judges against (the file read once);
 * from a cluster each comes from its own list, by field selector.
 */
async function readPending(
  options: ExplainOptions,
  namespace: string | null
): Promise<PendingReading> {
  const collector = new WorkloadCollector()
  if (options.pods === null) return { pending: [], others: { pods: null, collector } }
  const isPending = (pod: ManifestPod) =>
    pod.nodeName === '' &&
    !isFinishedPod(pod) &&
    (namespace === null || pod.namespace === namespace)
  const source = await pendingPodsSource(options.pods, namespace)
  if (options.pods.kind !== 'file') {
    const pending = await readPodList(source, (p) => (isPending(p.pod) ? p : undefined))
    return { pending, others: undefined }
  }
  const read = await readPodList(
    source,
    (p): ReadPod | undefined =>
      isPending(p.pod) ? p : !isFinishedPod(p.pod) ? p.placement : undefined,
    collector.side(source.origin)
  )
  const placed = (p: ReadPod): p is PlacedPod => 'placement' in p
  return {
    pending: read.filter(placed),
    others: { pods: read.map((p) => (placed(p) ? p.placement : p)), collector },
  }
}

function grouped(rows: readonly (PendingRow & { reason: string })[]): PendingGroup[] {
  const groups = new Map<string, PendingRow[]>()
  for (const { reason, ...row } of rows) groups.set(reason, [...(groups.get(reason) ?? []), row])
  // The largest group first: the cause that holds back the most pods.
  return [...groups]
    .map(([reason, pods]) => ({ reason, pods }))
    .sort((a, b) => b.pods.length - a.pods.length || a.reason.localeCompare(b.reason))
}

function renderGroups(groups: readonly PendingGroup[], wide: boolean, where: string): string {
  if (groups.length === 0) return `No pending pods ${where}.\n`
  return groups
    .map((g) => {
      const header = wide
        ? ['NAMESPACE', 'POD', 'FITS', 'SUMMARY']
        : ['NAMESPACE', 'POD', 'SUMMARY']
      const rows = g.pods.map((p) =>
        wide
          ? [p.namespace, p.name, `${p.available}/${p.total}`, p.summary]
          : [p.namespace, p.name, p.summary]
      )
      return `${escapeTerminal(g.reason)} (${g.pods.length} pod(s)):\n${renderTable(header, rows)}`
    })
    .join('\n')
}

export async function runPending(parsed: ExplainOptions, io: ToolIo): Promise<number> {
  const namespace = await namespaceOf(parsed.namespace, parsed.cluster)
  const { pending, others } = await readPending(parsed, namespace)
  const context = await readExplainContext(
    parsed,
    pending.map((p) => p.placement),
    others
  )
  warnOfUnreadKinds(io, context)
  const release = await speakingRelease(parsed.kubeVersion, parsed.cluster)
  const options = { ...parsed, kubeVersion: release.version }
  const rows = pending.map(({ pod, placement }) => {
    const diagnosis = diagnose(placement, pod.tolerations, context, options)
    const { available, total } = diagnosis
    // A gated pod is never tried: its gates hold it back, whatever the nodes say.
    const gated = schedulingGatesRejection(pod.schedulingGates)
    return {
      namespace: pod.namespace,
      name: pod.name,
      summary: gated ?? summaryOf(diagnosis),
      available,
      total,
      reason: groupOfScheduler(pod, gated ?? decidingReason(diagnosis)),
    }
  })
  const groups = grouped(rows)
  if (isDocumentFormat(options.output))
    printDocument(io, options.output, { namespace, ...releaseField(release), groups })
  else {
    const where = namespace === null ? 'in any namespace' : `in namespace ${namespace}`
    io.stdout(renderGroups(groups, options.output === 'wide', where))
    io.stdout(`${releaseLine(release)}\n`)
  }
  return 0
}
