import type { DrainForecastOptions } from '../config/index.js'
import type { KubeVersion } from '../core/index.js'
import { planDrain, type DrainFlags, type DrainPlan, type Labels } from '../placement/index.js'
import { ProtocolError } from '../protocol/index.js'
import { readChosenNodes } from './forecast-nodes.js'
import { describeDrainedPod, drainSummary, kubectlDrainLines } from './drain-words.js'
import { parseSelector } from './label-selector.js'
import { readDisruptionBudgets } from './manifests.js'
import {
  isDocumentFormat,
  printDocument,
  releaseField,
  releaseLine,
  type SpokenRelease,
} from './output.js'
import { showingProgress } from './progress-line.js'
import { renderTable } from './table.js'
import { escapeTerminal } from './terminal-text.js'
import type { ToolIo } from './tool-exit.js'
import { WorkloadCollector } from './workload-kinds.js'
import { readWorkloads } from './workload-manifests.js'
import { pdbsSource } from './tool-io.js'

/**
 * `taint-extender forecast --drain --node NAME|--selector LABELS`: what `kubectl drain` with the
 * same flags would do (src/placement/drain-plan.ts): each node cordoned, each pod evicted, left,
 * refused by the filters or by a PodDisruptionBudget, and where drain stops or waits. Exit 1
 * when kubectl drain would not complete (a node refused, an eviction failing, or a budget it
 * would wait on), as kubectl drain exits 1 when it ends in error.
 */

/** kubectl's words for a selector it cannot parse (`Complete`), with the parser's reason. */
function podSelectorOf(given: string | null): ((labels: Labels) => boolean) | null {
  if (given === null) return null
  try {
    return parseSelector(given)
  } catch (err) {
    if (!(err instanceof ProtocolError)) throw err
    const reason = err.message.replace(/^--selector "[^]*?": /, '')
    throw new ProtocolError(
      `--pod-selector=<pod_selector> must be a valid label selector: "${given}": ${reason}`
    )
  }
}

async function readPlan(options: DrainForecastOptions): Promise<{
  plan: DrainPlan
  release: SpokenRelease
  budgetsRead: boolean
  notes: readonly string[]
}> {
  const flags: DrainFlags = {
    ...options.drain,
    podSelector: podSelectorOf(options.drain.podSelector),
  }
  const collector = new WorkloadCollector()
  const { nodes, pods, release } = await readChosenNodes(options, collector)
  if (options.workloads !== null) await readWorkloads(options.workloads, collector)
  const index = collector.index()
  // Not read at all: a DaemonSet's pods are taken to have theirs (drain-filters.ts).
  const workloads = options.workloads === null && index.size === 0 ? null : index
  const budgets =
    options.pdbs === null ? [] : await readDisruptionBudgets(await pdbsSource(options.pdbs))
  const plan = planDrain({
    nodes: nodes.map((n) => ({ name: n.name, unschedulable: n.unschedulable })),
    pods: pods.map((p) => p.placement),
    budgets,
    workloads,
    flags,
    release: release.version,
  })
  return { plan, release, budgetsRead: options.pdbs !== null, notes: collector.notes }
}

/** -o json|yaml: per node its state and kubectl's groups, per pod its state and `blockedBy`. */
function drainDocument(plan: DrainPlan, release: KubeVersion): unknown {
  return {
    nodes: plan.nodes.map((n) => ({
      node: n.node,
      alreadyCordoned: n.alreadyCordoned,
      state: n.state,
      warnings: n.warnings,
      errors: n.errors,
    })),
    pods: plan.nodes.flatMap((n) =>
      n.pods.map((p) => ({
        namespace: p.pod.namespace,
        name: p.pod.name,
        node: n.node,
        state: p.state,
        evictedAfterSeconds: p.state === 'evicted' || p.state === 'deleted' ? 0 : null,
        blockedBy: p.blockedBy,
        message: p.message,
      }))
    ),
    kubectl: kubectlDrainLines(plan, release),
    failed: plan.failed,
    waits: plan.waits,
  }
}

function printTable(io: ToolIo, plan: DrainPlan): void {
  const waitingAt = plan.nodes.find((n) => n.state === 'waiting')?.node ?? null
  const rows = plan.nodes.flatMap((n) =>
    n.pods.map((p) => [
      n.node,
      `${p.pod.namespace}/${p.pod.name}`,
      describeDrainedPod(p, waitingAt),
      p.blockedBy ?? '',
    ])
  )
  io.stdout(
    rows.length > 0
      ? renderTable(['NODE', 'POD', 'DRAIN', 'BLOCKED BY'], rows)
      : 'no pods on the selected node(s)\n'
  )
}

export async function runDrainForecast(given: DrainForecastOptions, io: ToolIo): Promise<number> {
  const options = showingProgress(given, io)
  const { plan, release, budgetsRead, notes } = await readPlan(options)
  const summary = drainSummary(plan)
  const status = plan.failed || plan.waits ? 1 : 0
  if (isDocumentFormat(options.output)) {
    printDocument(io, options.output, {
      drain: drainDocument(plan, release.version),
      ...releaseField(release),
      summary,
      notes,
    })
    return status
  }
  printTable(io, plan)
  // Names come from files or the cluster: each line escaped for the terminal.
  const line = (text: string): void => io.stdout(`${escapeTerminal(text)}\n`)
  io.stdout("\nkubectl drain's cordon, warning and error lines:\n")
  for (const text of kubectlDrainLines(plan, release.version)) line(`  ${text}`)
  io.stdout('\n')
  for (const note of notes) line(note)
  if (!budgetsRead)
    line('No PodDisruptionBudgets read (--pdbs FILE): every eviction is taken as allowed.')
  line(summary)
  io.stdout(`${releaseLine(release)}\n`)
  return status
}
