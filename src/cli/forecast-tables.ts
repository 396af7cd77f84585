import type { EvictionFollowUp } from '../placement/index.js'
import { describeOutcome, type NodeForecast } from './forecast-nodes.js'
import { FOLLOW_HEADER, followRows } from './forecast-follow-output.js'
import { renderTable } from './table.js'
import { escapeTerminal } from './terminal-text.js'
import type { ToolIo } from './tool-exit.js'

/** How forecast prints its tables for people (-o table and -o wide). */

/** The running pods of the selected nodes, each one's outcome; the pending pods each turns away. */
export function printNodeTables(
  io: ToolIo,
  forecasts: readonly NodeForecast[],
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
  for (const f of forecasts)
    for (const [list, words] of PENDING_LINES)
      if (f[list].length > 0) line(`${f.node}: ${words}: ${f[list].join(', ')}`)
}

const UNGATED = 'once their scheduling gates are removed'
const ALIKE = 'if they judge taints as the default profile does'

/** The lists of pending pods under the table, each in its words. */
const PENDING_LINES: readonly (readonly [PendingList, string])[] = [
  ['pendingTurnedAway', 'pending pods turned away'],
  ['pendingScoreLower', 'pending pods that would rank it lower'],
  ['pendingTurnedAwayOnceUngated', `pending pods turned away ${UNGATED}`],
  ['pendingScoreLowerOnceUngated', `pending pods that would rank it lower ${UNGATED}`],
  ['pendingTurnedAwayForOtherSchedulers', `pending pods of other schedulers turned away ${ALIKE}`],
  [
    'pendingScoreLowerForOtherSchedulers',
    `pending pods of other schedulers that would rank it lower ${ALIKE}`,
  ],
]

type PendingList = Extract<keyof NodeForecast, `pending${string}`>

/** The pods evicted or preempted, each followed to where its replacement lands; none: nothing. */
export function printFollowTable(io: ToolIo, followUp: EvictionFollowUp): void {
  if (followUp.evictions.length > 0)
    io.stdout(`\n${renderTable(FOLLOW_HEADER, followRows(followUp))}`)
}
