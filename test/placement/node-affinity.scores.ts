import type { PlacementPod } from '../../src/placement/index.js'
import { node, pod, req, term, type TestNode } from './builders.js'

export interface PreferredCase {
  readonly name: string
  readonly pod: PlacementPod
  readonly nodes: readonly TestNode[]
  /** NodeAffinity's normalised 0–100 scores, in node order. */
  readonly scores: readonly number[]
}

const N1 = node('node1', { labels: { foo: 'bar' } })
const N2 = node('node2', { labels: { key: 'value' } })
const N3 = node('node3', { labels: { az: 'az1' } })
const N5 = node('node5', { labels: { foo: 'bar', key: 'value', az: 'az1' } })

/** TestNodeAffinityPriority's facts, and ours after them. */
export const PREFERRED_CASES: readonly PreferredCase[] = [
  {
    name: 'all nodes score 0 when the pod has no preferred terms',
    pod: pod(),
    nodes: [N1, N2, N3],
    scores: [0, 0, 0],
  },
  {
    name: 'all nodes score 0 when no node matches a preferred term',
    pod: pod({ preferred: [{ weight: 2, preference: term(req('foo', 'In', 'baz')) }] }),
    nodes: [N1, N2, N3],
    scores: [0, 0, 0],
  },
  {
    name: 'only the matching node gets the top score',
    pod: pod({ preferred: [{ weight: 2, preference: term(req('foo', 'In', 'bar')) }] }),
    nodes: [N1, N2, N3],
    scores: [100, 0, 0],
  },
  {
    name: 'weights add up per node and normalise to floor(100 * sum / max)',
    pod: pod({
      preferred: [
        { weight: 2, preference: term(req('foo', 'In', 'bar')) },
        { weight: 4, preference: term(req('key', 'In', 'value')) },
        {
          weight: 5,
          preference: term(
            req('foo', 'In', 'bar'),
            req('key', 'In', 'value'),
            req('az', 'In', 'az1')
          ),
        },
      ],
    }),
    nodes: [N1, N5, N2],
    scores: [18, 100, 36],
  },
  {
    name: 'a preferred term of weight 0 is skipped',
    pod: pod({ preferred: [{ weight: 0, preference: term(req('foo', 'In', 'bar')) }] }),
    nodes: [N1, N2],
    scores: [0, 0],
  },
  {
    name: 'an empty preferred term is skipped',
    pod: pod({ preferred: [{ weight: 7, preference: term() }] }),
    nodes: [N1, N2],
    scores: [0, 0],
  },
]
