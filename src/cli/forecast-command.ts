import { TAINT_EFFECT_NO_EXECUTE, type RuleOptions, type Taint } from '../core/index.js'
import type { EvictionFollowUp } from '../placement/index.js'
import {
  parseDrainForecastOptions,
  parseForecastOptions,
  type ForecastOptions,
} from '../config/index.js'
import { runDrainForecast } from './forecast-drain.js'
import { readDisruptionBudgets, readNodes } from './manifests.js'
import { readForecastPods, type ForecastPod } from './forecast-pods.js'
import { isDocumentFormat, printDocument, releaseField, releaseLine } from './output.js'
import { renderTable } from './table.js'
import { escapeTerminal } from './terminal-text.js'
import { parseTaint } from './taint-spec.js'
import { podsSource, nodesSource, pdbsSource, speakingRelease } from './tool-io.js'
import type { ToolIo } from './tool-exit.js'
import { showingProgress } from './progress-line.js'
import {
  describeOutcome,
  forecastNode,
  selectNodes,
  summarize,
  type NodeForecast,
} from './forecast-nodes.js'
import { followTaint, namespaceLabels, type FollowReading } from './forecast-follow.js'
import {
  everyReplacementLands,
  FOLLOW_HEADER,
  followDocument,
  followRows,
  followSummary,
} from './forecast-follow-output.js'
import { storageForPods } from './storage-manifests.js'
import { readWorkloads } from './workload-manifests.js'
import { WorkloadCollector } from './workload-kinds.js'

/**
 * `taint-extender forecast --taint key=value:Effect --node NAME|--selector LABELS`: what the
 * taint would do to the pods running on those nodes (forecast-nodes.ts) and, for NoExecute,
 * what follows the evictions: each evicted pod's replacement, where it lands or why it stays
 * Pending, and the budgets broken (forecast-follow.ts). Exit status 1 when a replacement stays
 * Pending, as explain's for a pod that fits nowhere.
 */

export const EXIT_REPLACEMENT_PENDING = 1

/**
 * What following the evictions reads beyond the nodes, the pods and the storage objects:
 * budgets, workloads and namespaces.
 */
async function readFollowed(
  options: ForecastOptions,
  reading: Pick<FollowReading, 'nodes' | 'pods' | 'storage'>,
  collector: WorkloadCollector
): Promise<FollowReading> {
  const budgets =
    options.pdbs === null ? [] : await readDisruptionBudgets(await pdbsSource(options.pdbs))
  if (options.workloads !== null) await readWorkloads(options.workloads, collector)
  const namespaces = await namespaceLabels(
    options,
    reading.pods.map((p) => p.placement)
  )
  return { ...reading, budgets, namespaces, workloads: collector.index() }
}

/**
 * The claims and the rest, when a pod judged names one: following the evictions, any pod's
 * (its replacement is judged), else a pending pod's (whether the taint turns it away is judged).
 */
function storageFor(options: ForecastOptions, pods: readonly ForecastPod[], follows: boolean) {
  const judged = follows ? pods : pods.filter((p) => p.placement.nodeName === '')
  return storageForPods(
    options.storage,
    judged.map((p) => p.placement)
  )
}

function printTables(
  io: ToolIo,
  forecasts: readonly NodeForecast[],
  followUp: EvictionFollowUp | null,
  wide: boolean
): void {
  const rows = forecasts.flatMap((f) =>
    f.running.map((p) => {
      const row = [f.node, `${p.namespace}/${p.name}`, describeOutcome(p.after)]
      row.push(p.before.kind === p.after.kind ? 'no' : 'yes')
      return wide ? [...row, describeOutcome(p.before)] : row
    })
  )
  const header = ['NODE', 'POD', 'OUTCOME', 'CHANGED', ...(wide ? ['BEFORE'] : [])]
  io.stdout(
    rows.length > 0 ? renderTable(header, rows) : 'no running pods on the selected node(s)\n'
  )
  // Node and pod names come from files or the cluster: each line escaped for the terminal.
  const line = (text: string): void => io.stdout(`${escapeTerminal(text)}\n`)
  for (const f of forecasts) {
    if (f.pendingTurnedAway.length > 0)
      line(`${f.node}: pending pods turned away: ${f.pendingTurnedAway.join(', ')}`)
    if (f.pendingScoreLower.length > 0)
      line(`${f.node}: pending pods that would rank it lower: ${f.pendingScoreLower.join(', ')}`)
    const ungated = 'once their scheduling gates are removed'
    if (f.pendingTurnedAwayOnceUngated.length > 0)
      line(
        `${f.node}: pending pods turned away ${ungated}: ${f.pendingTurnedAwayOnceUngated.join(', ')}`
      )
    if (f.pendingScoreLowerOnceUngated.length > 0)
      line(
        `${f.node}: pending pods that would rank it lower ${ungated}: ${f.pendingScoreLowerOnceUngated.join(', ')}`
      )
  }
  if (followUp !== null && followUp.evictions.length > 0)
    io.stdout(`\n${renderTable(FOLLOW_HEADER, followRows(followUp))}`)
}

function rulesOf(options: ForecastOptions, version: RuleOptions['kubeVersion']): RuleOptions {
  return {
    comparisonOperators: options.gates.TaintTolerationComparisonOperators,
    evictingNodes: options.evictingNodes,
    kubeVersion: version,
  }
}

export async function runForecast(
  argv: readonly string[],
  io: ToolIo,
  env: NodeJS.ProcessEnv
): Promise<number> {
  const drain = parseDrainForecastOptions(argv, env)
  if (drain !== null) return runDrainForecast(drain, io)
  const options = showingProgress(parseForecastOptions(argv, env), io)
  const taint: Taint = parseTaint(options.taint)
  const follows = taint.effect === TAINT_EFFECT_NO_EXECUTE
  const nodeSource = await nodesSource(options.nodes)
  const allNodes = await readNodes(nodeSource)
  const nodes = selectNodes(
    allNodes,
    options.nodeNames,
    options.selector,
    nodeSource.origin,
    options.nodes.kind === 'cluster'
  )
  const names = nodes.map((n) => n.name)
  const podSource = await podsSource(options.pods, names, follows)
  // A pods file may hold the controllers and Services beside the pods, as kubectl prints them.
  const collector = new WorkloadCollector()
  const pods = await readForecastPods(podSource, collector.side(podSource.origin))
  const cluster = [options.nodes, options.pods].find((s) => s.kind === 'cluster')?.cluster ?? null
  const release = await speakingRelease(options.kubeVersion, cluster)
  const rules = rulesOf(options, release.version)
  const { storage, notes } = await storageFor(options, pods, follows)
  const forecasts = nodes.map((node) => forecastNode(node, taint, pods, rules, storage))
  collector.notes.push(...notes)
  const followUp = follows
    ? followTaint(
        taint,
        names,
        await readFollowed(options, { nodes: allNodes, pods, storage }, collector),
        rules
      )
    : null
  // Without a follow-up, whose notes say it, a storage note is a warning, as explain gives it.
  if (followUp === null) for (const note of notes) io.stderr(`Warning: ${escapeTerminal(note)}\n`)
  const summary = summarize(taint, forecasts)
  const exit = followUp === null || everyReplacementLands(followUp) ? 0 : EXIT_REPLACEMENT_PENDING
  const followed =
    followUp === null || followUp.evictions.length === 0 ? null : followSummary(followUp)
  if (isDocumentFormat(options.output)) {
    printDocument(io, options.output, {
      taint,
      ...releaseField(release),
      nodes: forecasts,
      summary,
      ...(followUp === null
        ? {}
        : { ...followDocument(followUp), followSummary: followed, workloadNotes: collector.notes }),
    })
    return exit
  }
  printTables(io, forecasts, followUp, options.output === 'wide')
  io.stdout('\n')
  io.stdout(`${escapeTerminal(summary)}\n`)
  if (followed !== null) io.stdout(`${escapeTerminal(followed)}\n`)
  for (const note of followUp === null ? [] : collector.notes)
    io.stdout(`${escapeTerminal(`Note: ${note}`)}\n`)
  io.stdout(`${releaseLine(release)}\n`)
  return exit
}
