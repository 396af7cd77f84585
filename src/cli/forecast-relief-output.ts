import type { TaintRemoval } from '../core/index.js'
import type { EvictionFollowUp, PendingPlacement } from '../placement/index.js'
import { followDocument, landsOn } from './forecast-follow-output.js'
import type { NodeForecast } from './forecast-nodes.js'
import { printFollowTable, printNodeTables } from './forecast-tables.js'
import {
  isDocumentFormat,
  printDocument,
  releaseField,
  releaseLine,
  type SpokenRelease,
} from './output.js'
import type { OutputFormat } from '../config/index.js'
import { renderTable } from './table.js'
import { escapeTerminal } from './terminal-text.js'
import type { ToolIo } from './tool-exit.js'

/**
 * How forecast words a taint's removal or an uncordon (forecast-relief.ts): the running pods of
 * the selected nodes as for a taint added, then each pending pod tried and where it lands or why
 * it stays Pending, the pending pods the default profile does not try, the pods preemption
 * deletes followed as a taint's evictions are, and the summary; or one document for -o json|yaml.
 */

/** What is done to the selected nodes: a taint removed (`spec` as given), or their cordon lifted. */
export type Relief =
  | { readonly kind: 'removal'; readonly removal: TaintRemoval; readonly spec: string }
  | { readonly kind: 'uncordon' }

export interface ReliefForecast {
  readonly relief: Relief
  readonly nodes: readonly NodeForecast[]
  /** The pending pods not tried: `namespace/name` and why. */
  readonly notTried: readonly { readonly pod: string; readonly reason: string }[]
  readonly followUp: EvictionFollowUp
  readonly summary: string
  /** The follow-up's line, when a pending pod preempts; null otherwise. */
  readonly followSummary: string | null
  /** What the reading of workloads and storage could not tell. */
  readonly notes: readonly string[]
}

const PENDING_HEADER = ['PENDING POD', 'LANDS ON'] as const

function pendingRows(pending: readonly PendingPlacement[]): string[][] {
  return pending.map((p) => [`${p.pod.namespace}/${p.pod.name}`, landsOn(p)])
}

/** What -o json|yaml gives for each pending pod tried. */
function pendingDocument({ pod, ...decision }: PendingPlacement) {
  return { namespace: pod.namespace, name: pod.name, ...decision }
}

function reliefDocument(forecast: ReliefForecast, release: SpokenRelease) {
  const { followUp } = forecast
  const followed =
    followUp.evictions.length === 0
      ? {}
      : {
          ...followDocument(followUp),
          followSummary: forecast.followSummary,
          workloadNotes: forecast.notes,
        }
  const { relief } = forecast
  return {
    ...(relief.kind === 'removal' ? { removal: relief.removal } : { uncordon: true }),
    ...releaseField(release),
    nodes: forecast.nodes.map(({ node, running }) => ({ node, running })),
    pending: followUp.pending.map(pendingDocument),
    notTried: forecast.notTried,
    summary: forecast.summary,
    ...followed,
  }
}

export function printRelief(
  io: ToolIo,
  output: OutputFormat,
  forecast: ReliefForecast,
  release: SpokenRelease
): void {
  if (isDocumentFormat(output)) {
    printDocument(io, output, reliefDocument(forecast, release))
    return
  }
  const { followUp } = forecast
  printNodeTables(io, forecast.nodes, output === 'wide')
  const pending = followUp.pending
  io.stdout(
    pending.length === 0
      ? '\nno pending pods to try\n'
      : `\n${renderTable(PENDING_HEADER, pendingRows(pending))}`
  )
  // Pod names come from files or the cluster: each line escaped for the terminal.
  const line = (text: string): void => io.stdout(`${escapeTerminal(text)}\n`)
  if (forecast.notTried.length > 0) {
    const pods = forecast.notTried.map((p) => `${p.pod} (${p.reason})`)
    line(`pending pods the default profile does not try: ${pods.join(', ')}`)
  }
  printFollowTable(io, followUp)
  io.stdout('\n')
  line(forecast.summary)
  if (forecast.followSummary !== null) line(forecast.followSummary)
  for (const note of followUp.evictions.length === 0 ? [] : forecast.notes) line(`Note: ${note}`)
  io.stdout(`${releaseLine(release)}\n`)
}
