import type { PlacementPod } from '../../src/placement/index.js'
import { node, pod, req, term, type TestNode } from './builders.js'

/**
 * A preferred node affinity term the scheduler cannot parse (one the API server admits: a `Gt`
 * bound that is not an integer, an `In` value that is not a label value). NodeAffinity PreScore
 * (nodeaffinity/node_affinity.go, over component-helpers `NewPreferredSchedulingTerms`) returns
 * the parse error, which ends the cycle, but PreScore runs only when two or more nodes pass the
 * filters (schedule_one.go `schedulePod`), and terms of weight 0 or empty ones are never parsed.
 * The error is the FailedScheduling message: `RunPreScorePlugins`' wrapping of the aggregate
 * `NewPreferredSchedulingTerms` returns, its terms named `[i]` (no root path).
 */

export interface PreScoreCase {
  readonly name: string
  readonly pod: PlacementPod
  readonly nodes: readonly TestNode[]
  /** The cycle's error, which is also the summary; null when there is none. */
  readonly error: string | null
  readonly summary: string
}

const ERROR_PREFIX = 'running PreScore plugin "NodeAffinity": '
const NOT_INTEGER = `[0].matchExpressions[0].values[0]: Invalid value: "abc": for 'Gt', 'Lt' operators, the value must be an integer`
const LABEL_VALUE =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"
const GT_ABC = { weight: 3, preference: term(req('rank', 'Gt', 'abc')) }
const TWO_CLEAN = [node('n1'), node('n2')]

export const PRESCORE_CASES: readonly PreScoreCase[] = [
  {
    name: 'a Gt bound that is not an integer fails the cycle when two nodes pass the filters',
    pod: pod({ preferred: [GT_ABC] }),
    nodes: TWO_CLEAN,
    error: `${ERROR_PREFIX}${NOT_INTEGER}`,
    summary: `${ERROR_PREFIX}${NOT_INTEGER}`,
  },
  {
    name: 'an In value that is not a label value fails the cycle, naming the term after a valid one',
    pod: pod({
      preferred: [
        { weight: 1, preference: term(req('disk', 'In', 'ssd')) },
        { weight: 2, preference: term(req('disk', 'Exists'), req('pool', 'In', 'a b')) },
      ],
    }),
    nodes: TWO_CLEAN,
    error: `${ERROR_PREFIX}[1].matchExpressions[1].values[0][pool]: Invalid value: "a b": ${LABEL_VALUE}`,
    summary: `${ERROR_PREFIX}[1].matchExpressions[1].values[0][pool]: Invalid value: "a b": ${LABEL_VALUE}`,
  },
  {
    name: 'two unparsable terms give the aggregate of both errors in brackets',
    pod: pod({ preferred: [GT_ABC, { weight: 1, preference: term(req('rank', 'Lt', 'abc')) }] }),
    nodes: TWO_CLEAN,
    error: `${ERROR_PREFIX}[${NOT_INTEGER}, ${NOT_INTEGER.replace('[0]', '[1]')}]`,
    summary: `${ERROR_PREFIX}[${NOT_INTEGER}, ${NOT_INTEGER.replace('[0]', '[1]')}]`,
  },
  {
    name: 'with one feasible node PreScore never runs and the pod goes there',
    pod: pod({ preferred: [GT_ABC] }),
    nodes: [node('n1'), node('n2', { taints: ['x=y:NoSchedule'] })],
    error: null,
    summary: '1/2 nodes are available: 1 node(s) had untolerated taint(s).',
  },
  {
    name: 'with no feasible node the FitError stands and PreScore never runs',
    pod: pod({ preferred: [GT_ABC], nodeSelector: { disk: 'ssd' } }),
    nodes: TWO_CLEAN,
    error: null,
    summary:
      "0/2 nodes are available: 2 node(s) didn't match Pod's node affinity/selector. no new claims to deallocate, preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.",
  },
  {
    name: 'an unparsable term of weight 0 is skipped unparsed, so the nodes are scored',
    pod: pod({ preferred: [{ ...GT_ABC, weight: 0 }] }),
    nodes: TWO_CLEAN,
    error: null,
    summary: '2/2 nodes are available.',
  },
]
