import type { DrainForecastOptions } from '../config/index.js'
import type { KubeVersion } from '../core/index.js'
import type { DrainPlan, NodeDrain } from '../placement/index.js'
import { readDrainForecast } from './forecast-drain-read.js'
import { describeDrainedPod, drainSummary, kubectlDrainLines } from './drain-words.js'
import {
  everyReplacementLands,
  FOLLOW_HEADER,
  followDocument,
  followRows,
  followSummary,
} from './forecast-follow-output.js'
import { isDocumentFormat, printDocument, releaseField, releaseLine } from './output.js'
import { showingProgress } from './progress-line.js'
import { renderTable } from './table.js'
import { escapeTerminal } from './terminal-text.js'
import type { ToolIo } from './tool-exit.js'

/**
 * `taint-extender forecast --drain --node NAME|--selector LABELS`: what `kubectl drain` with the
 * same flags would do (src/placement/drain-plan.ts): each node cordoned, each pod evicted, left,
 * refused by the filters or by a PodDisruptionBudget, and where drain stops or waits. Exit 1
 * when kubectl drain would not complete (a node refused, an eviction failing, or a budget it
 * would wait on), as kubectl drain exits 1 when it ends in error, or when an evicted pod's
 * replacement would stay Pending, as forecast of a taint exits.
 */

/** -o json|yaml: per node its state and kubectl's groups, per pod its state and `blockedBy`. */
function drainDocument(plan: DrainPlan, release: KubeVersion): unknown {
  return {
    nodes: plan.nodes.map((n) => ({
      node: n.node,
      alreadyCordoned: n.alreadyCordoned,
      state: n.state,
      startsAfterSeconds: n.startsAfterSeconds,
      endsAfterSeconds: n.endsAfterSeconds,
      warnings: n.warnings,
      errors: n.errors,
    })),
    pods: plan.nodes.flatMap((n) =>
      n.pods.map((p) => ({
        namespace: p.pod.namespace,
        name: p.pod.name,
        node: n.node,
        state: p.state,
        evictedAfterSeconds: p.evictedAfterSeconds,
        goneAfterSeconds: p.goneAfterSeconds,
        refusals: p.refusals,
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
  io.stdout('\nNode by node (kubectl drains one after another):\n')
  for (const n of plan.nodes) io.stdout(`  ${escapeTerminal(nodeSpan(n))}\n`)
}

/** When a node's drain starts and ends, in seconds after the drain's start. */
function nodeSpan(n: NodeDrain): string {
  if (n.startsAfterSeconds === null) return `${n.node}: not reached`
  const ends = n.endsAfterSeconds === null ? 'never ends' : `ends at +${n.endsAfterSeconds} s`
  return `${n.node}: starts at +${n.startsAfterSeconds} s, ${ends} (${n.state})`
}

export async function runDrainForecast(given: DrainForecastOptions, io: ToolIo): Promise<number> {
  const options = showingProgress(given, io)
  const { plan, followUp, release, budgetsRead, notes } = await readDrainForecast(options)
  const summary = drainSummary(plan)
  const followed = followUp.evictions.length === 0 ? null : followSummary(followUp)
  const status = plan.failed || plan.waits || !everyReplacementLands(followUp) ? 1 : 0
  if (isDocumentFormat(options.output)) {
    printDocument(io, options.output, {
      drain: drainDocument(plan, release.version),
      ...releaseField(release),
      summary,
      notes,
      ...followDocument(followUp),
      followSummary: followed,
    })
    return status
  }
  printTable(io, plan)
  if (followUp.evictions.length > 0)
    io.stdout(`\n${renderTable(FOLLOW_HEADER, followRows(followUp))}`)
  // Names come from files or the cluster: each line escaped for the terminal.
  const line = (text: string): void => io.stdout(`${escapeTerminal(text)}\n`)
  io.stdout("\nkubectl drain's cordon, warning and error lines:\n")
  for (const text of kubectlDrainLines(plan, release.version)) line(`  ${text}`)
  io.stdout('\n')
  for (const note of notes) line(note)
  if (!budgetsRead)
    line('No PodDisruptionBudgets read (--pdbs FILE): every eviction is taken as allowed.')
  line(summary)
  if (followed !== null) line(followed)
  io.stdout(`${releaseLine(release)}\n`)
  return status
}
