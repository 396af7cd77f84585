import {
  compileNode,
  CompiledTolerations,
  explainPlacement,
  formatTaint,
  type NodeExplanation,
  type PlacementExplanation,
} from '../core/index.js'
import { parseExplainOptions } from '../config/index.js'
import { readNodes, readOnePod } from './manifests.js'
import { renderTable } from './table.js'
import { nodesText, type ToolIo } from './tool-io.js'

/**
 * `taint-extender explain --pod FILE --nodes FILE [-o json]`: per node, the verdict, the taints
 * that decided it and the score, with the very rules the server runs. Exit 0 when the pod fits
 * somewhere, 1 when it fits nowhere (2 on bad input, set by the caller).
 */
export async function runExplain(
  argv: readonly string[],
  io: ToolIo,
  env: NodeJS.ProcessEnv
): Promise<number> {
  const options = parseExplainOptions(argv, env)
  const pod = readOnePod(options.pod.text, options.pod.origin)
  const source = await nodesText(options.nodes)
  const nodes = readNodes(source.text, source.origin)
  const rules = { comparisonOperators: options.gates.TaintTolerationComparisonOperators }
  const explanation = explainPlacement(
    new CompiledTolerations(pod.tolerations, rules),
    nodes.map((n) => compileNode(n)),
    rules
  )
  if (options.output === 'json') {
    io.stdout(
      JSON.stringify(
        { pod: { namespace: pod.namespace, name: pod.name }, ...explanation },
        null,
        2
      ) + '\n'
    )
  } else {
    io.stdout(renderExplanation(explanation))
  }
  return explanation.available > 0 ? 0 : 1
}

function decidedBy(node: NodeExplanation): string {
  if (node.decidingTaints.length === 0) return '-'
  return node.decidingTaints
    .map(({ taint, comparisons }) => {
      const detail = comparisons.map((c) => `${c.operator} ${c.threshold}: ${c.outcome}`).join('; ')
      return detail === '' ? formatTaint(taint) : `${formatTaint(taint)} (${detail})`
    })
    .join(', ')
}

export function renderExplanation(explanation: PlacementExplanation): string {
  const rows = explanation.nodes.map((node) => [
    node.name,
    node.verdict,
    String(node.untoleratedPreferNoSchedule),
    node.score === null ? '-' : String(node.score),
    decidedBy(node),
  ])
  const table = renderTable(['NODE', 'VERDICT', 'PREFER-NO-SCHEDULE', 'SCORE', 'DECIDED BY'], rows)
  return `${table}\n${explanation.summary}\n`
}
