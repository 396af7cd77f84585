import { describe, expect, it } from 'vitest'
import {
  REASON_EXISTING_ANTI_AFFINITY,
  REASON_POD_AFFINITY,
  REASON_POD_ANTI_AFFINITY,
} from '../../src/placement/index.js'
import { runTool, tempFile } from './run-tool.js'

/**
 * How explain reads pod affinity terms from files, as the scheduler reads them:
 * - a placed pod with a required (anti-)affinity term that cannot be parsed loses every term of
 *   that kind (framework/types.go `GetAffinityTerms` returns none on the first error, and
 *   `PodInfo.Update` keeps that), while the pod explain answers for is refused, naming the place;
 * - `matchLabelKeys` and `mismatchLabelKeys` are merged into `labelSelector` by the API server
 *   at creation, never by the scheduler (`newAffinityTerm` reads `labelSelector` alone), so only
 *   the selector as given decides.
 */

type Json = Record<string, unknown>

const NODE = { metadata: { name: 'a', labels: { zone: 'z', hostname: 'a' } } }

function podObject(name: string, labels: Json, affinity: Json, nodeName = ''): Json {
  return {
    metadata: { name, namespace: 'default', labels },
    spec: { containers: [{ name: 'c', image: 'i' }], nodeName, affinity },
  }
}

const required = (kind: string, ...terms: Json[]): Json => ({
  [kind]: { requiredDuringSchedulingIgnoredDuringExecution: terms },
})
const byLabels = (matchLabels: Json, topologyKey = 'zone', more: Json = {}): Json => ({
  labelSelector: { matchLabels },
  topologyKey,
  ...more,
})
/** A LabelSelector operator the API server would refuse today but an old pod may still hold. */
const UNPARSABLE = {
  labelSelector: { matchExpressions: [{ key: 'tier', operator: 'Gt', values: ['1'] }] },
  topologyKey: 'zone',
}
const NO_VALUES_NAMESPACE_SELECTOR = {
  ...byLabels({ app: 'other' }),
  namespaceSelector: { matchExpressions: [{ key: 'team', operator: 'In', values: [] }] },
}

interface ParsingCase {
  readonly name: string
  readonly incoming: Json
  readonly placed: readonly Json[]
  /** Node a's reason, null when the pod fits there. */
  readonly reason: string | null
}

const NEW = { app: 'new' }
const REPELS_NEW = byLabels(NEW, 'hostname')

const CASES: readonly ParsingCase[] = [
  {
    name: "a placed pod's valid anti-affinity term repels the pod",
    incoming: podObject('incoming', NEW, {}),
    placed: [podObject('old', {}, required('podAntiAffinity', REPELS_NEW), 'a')],
    reason: REASON_EXISTING_ANTI_AFFINITY,
  },
  {
    name: 'an unparsable anti-affinity term of a placed pod drops its valid one too, so the pod fits',
    incoming: podObject('incoming', NEW, {}),
    placed: [podObject('old', {}, required('podAntiAffinity', REPELS_NEW, UNPARSABLE), 'a')],
    reason: null,
  },
  {
    name: 'an unparsable namespaceSelector drops the terms of its kind as well',
    incoming: podObject('incoming', NEW, {}),
    placed: [
      podObject(
        'old',
        {},
        required('podAntiAffinity', NO_VALUES_NAMESPACE_SELECTOR, REPELS_NEW),
        'a'
      ),
    ],
    reason: null,
  },
  {
    name: "the drop is per pod: another placed pod's valid term still repels",
    incoming: podObject('incoming', NEW, {}),
    placed: [
      podObject('old', {}, required('podAntiAffinity', REPELS_NEW, UNPARSABLE), 'a'),
      podObject('older', {}, required('podAntiAffinity', REPELS_NEW), 'a'),
    ],
    reason: REASON_EXISTING_ANTI_AFFINITY,
  },
  {
    name: 'matchLabelKeys is not merged by the scheduler, so a pod of another version still repels',
    incoming: podObject(
      'incoming',
      { app: 'web', version: 'v2' },
      required('podAntiAffinity', byLabels({ app: 'web' }, 'zone', { matchLabelKeys: ['version'] }))
    ),
    placed: [podObject('old', { app: 'web', version: 'v1' }, {}, 'a')],
    reason: REASON_POD_ANTI_AFFINITY,
  },
  {
    name: 'the selector the API server merged matchLabelKeys into at creation decides',
    incoming: podObject(
      'incoming',
      { app: 'web', version: 'v2' },
      required('podAntiAffinity', {
        labelSelector: {
          matchLabels: { app: 'web' },
          matchExpressions: [{ key: 'version', operator: 'In', values: ['v2'] }],
        },
        matchLabelKeys: ['version'],
        topologyKey: 'zone',
      })
    ),
    placed: [podObject('old', { app: 'web', version: 'v1' }, {}, 'a')],
    reason: null,
  },
  {
    name: 'mismatchLabelKeys is not merged by the scheduler either, so a same-tenant pod meets the affinity',
    incoming: podObject(
      'incoming',
      { tenant: 't1' },
      required('podAffinity', byLabels({ app: 'db' }, 'zone', { mismatchLabelKeys: ['tenant'] }))
    ),
    placed: [podObject('db', { app: 'db', tenant: 't1' }, {}, 'a')],
    reason: null,
  },
  {
    name: 'without the placed pod the same affinity is unmet, so the previous row was decided by it',
    incoming: podObject(
      'incoming',
      { tenant: 't1' },
      required('podAffinity', byLabels({ app: 'db' }, 'zone', { mismatchLabelKeys: ['tenant'] }))
    ),
    placed: [],
    reason: REASON_POD_AFFINITY,
  },
]

const list = (items: readonly unknown[]): string => JSON.stringify({ kind: 'List', items })

function explain(incoming: Json, placed: readonly Json[]) {
  return runTool('explain', [
    '--pod',
    tempFile('pod.json', JSON.stringify(incoming)),
    '--nodes',
    tempFile('nodes.json', list([NODE])),
    '--pods',
    tempFile('pods.json', list(placed)),
    '--namespaces',
    tempFile('namespaces.json', list([{ metadata: { name: 'default' } }])),
    '-o',
    'json',
  ])
}

describe('explain reads pod affinity terms as the scheduler parses them', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const result = await explain(c.incoming, c.placed)
    expect(result.stderr).toBe('')
    const diagnosis = JSON.parse(result.stdout) as { nodes: { reason: string | null }[] }
    expect(diagnosis.nodes[0]?.reason).toBe(c.reason)
    expect(result.code).toBe(c.reason === null ? 0 : 1)
  })

  it('refuses an unparsable term in the pod it answers for, naming the place (exit 2)', async () => {
    const result = await explain(
      podObject('incoming', {}, required('podAntiAffinity', UNPARSABLE)),
      []
    )
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(
      'spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].labelSelector.matchExpressions[0]'
    )
  })
})
