import { TAINT_EFFECT_NO_EXECUTE, type Taint } from '../core/index.js'
import { parseDrainForecastOptions, parseForecastOptions } from '../config/index.js'
import { runDrainForecast } from './forecast-drain.js'
import {
  readFollowed,
  readForecastPodsAndRules,
  readSelectedNodes,
  storageFor,
} from './forecast-reading.js'
import { runReliefForecast } from './forecast-relief.js'
import { printFollowTable, printNodeTables } from './forecast-tables.js'
import { isDocumentFormat, printDocument, releaseField, releaseLine } from './output.js'
import { escapeTerminal } from './terminal-text.js'
import { parseTaintChange } from './taint-spec.js'
import type { ToolIo } from './tool-exit.js'
import { showingProgress } from './progress-line.js'
import { forecastNode, summarize } from './forecast-nodes.js'
import { followTaint } from './forecast-follow.js'
import { everyReplacementLands, followDocument, followSummary } from './forecast-follow-output.js'

/**
 * `taint-extender forecast --taint key=value:Effect --node NAME|--selector LABELS`: what the
 * taint would do to the pods running on those nodes (forecast-nodes.ts) and, for NoExecute,
 * what follows the evictions: each evicted pod's replacement, where it lands or why it stays
 * Pending, and the budgets broken (forecast-follow.ts). Exit status 1 when a replacement stays
 * Pending, as explain's for a pod that fits nowhere.
 */

export const EXIT_REPLACEMENT_PENDING = 1

export async function runForecast(
  argv: readonly string[],
  io: ToolIo,
  env: NodeJS.ProcessEnv
): Promise<number> {
  const drain = parseDrainForecastOptions(argv, env)
  if (drain !== null) return runDrainForecast(drain, io)
  const options = showingProgress(parseForecastOptions(argv, env), io)
  if (options.taint === null) return runReliefForecast(options, { kind: 'uncordon' }, io)
  const change = parseTaintChange(options.taint)
  if (change.kind === 'remove')
    return runReliefForecast(
      options,
      { kind: 'removal', removal: change.removal, spec: options.taint },
      io
    )
  const taint: Taint = change.taint
  const follows = taint.effect === TAINT_EFFECT_NO_EXECUTE
  const { allNodes, nodes } = await readSelectedNodes(options)
  const names = nodes.map((n) => n.name)
  const { pods, collector, release, rules } = await readForecastPodsAndRules(
    options,
    names,
    follows
  )
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
  printNodeTables(io, forecasts, options.output === 'wide')
  if (followUp !== null) printFollowTable(io, followUp)
  io.stdout('\n')
  io.stdout(`${escapeTerminal(summary)}\n`)
  if (followed !== null) io.stdout(`${escapeTerminal(followed)}\n`)
  for (const note of followUp === null ? [] : collector.notes)
    io.stdout(`${escapeTerminal(`Note: ${note}`)}\n`)
  io.stdout(`${releaseLine(release)}\n`)
  return exit
}
