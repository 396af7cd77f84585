import { parser } from '@prometheus-io/lezer-promql'

/**
 * What a PromQL expression reads, by Prometheus's own grammar (the lezer parser of its web UI):
 * syntax errors, the series selectors with their label matchers, and the labels it groups or
 * matches by. Enough to hold alert rules and dashboard queries to the metrics the service
 * exports, without a Prometheus to run them.
 */

export interface LabelMatcher {
  readonly label: string
  /** `=`, `!=`, `=~` or `!~`. */
  readonly op: string
  /** The string literal's value, unquoted. */
  readonly value: string
}

export interface SeriesSelector {
  readonly metric: string
  readonly matchers: readonly LabelMatcher[]
}

export interface PromqlReading {
  /** Where the grammar could not go on, as `offset N: …text…`; empty for a valid expression. */
  readonly errors: readonly string[]
  readonly selectors: readonly SeriesSelector[]
  /** Labels of `by`, `without`, `on`, `ignoring` and `group_left/right` clauses. */
  readonly groupingLabels: readonly string[]
}

const MATCH_OPS: Readonly<Record<string, string>> = {
  EqlSingle: '=',
  Neq: '!=',
  EqlRegex: '=~',
  NeqRegex: '!~',
}

export function readPromql(expr: string): PromqlReading {
  const errors: string[] = []
  const selectors: { metric: string; matchers: LabelMatcher[] }[] = []
  const groupingLabels: string[] = []
  const text = (from: number, to: number): string => expr.slice(from, to)
  parser.parse(expr).iterate({
    enter(node) {
      if (node.type.isError) {
        errors.push(`offset ${node.from}: …${text(Math.max(0, node.from - 20), node.from + 20)}…`)
        return
      }
      switch (node.name) {
        case 'VectorSelector': {
          const name = node.node.getChild('Identifier')
          selectors.push({ metric: name === null ? '' : text(name.from, name.to), matchers: [] })
          break
        }
        case 'UnquotedLabelMatcher': {
          const label = node.node.getChild('LabelName')
          const op = node.node.getChild('MatchOp')?.firstChild
          const value = node.node.getChild('StringLiteral')
          const selector = selectors[selectors.length - 1]
          if (label === null || op == null || value === null || selector === undefined) break
          selector.matchers.push({
            label: text(label.from, label.to),
            op: MATCH_OPS[op.name] ?? op.name,
            value: JSON.parse(text(value.from, value.to)) as string,
          })
          break
        }
        case 'GroupingLabels':
          for (let label = node.node.firstChild; label !== null; label = label.nextSibling) {
            if (label.name === 'LabelName') groupingLabels.push(text(label.from, label.to))
          }
          break
      }
    },
  })
  return { errors, selectors, groupingLabels }
}

/**
 * A Grafana query as Prometheus would receive it: dashboard variables in label values and
 * `$__rate_interval` replaced, and `label_values(selector, label)` (a Grafana function) reduced
 * to its selector.
 */
export function grafanaQueryAsPromql(query: string): string {
  const labelValues = /^label_values\((.*),\s*\w+\)$/s.exec(query)
  const expr = labelValues?.[1] ?? query
  return expr.replaceAll('$__rate_interval', '1m').replace(/\$\{?(\w+)\}?/g, '.+')
}
