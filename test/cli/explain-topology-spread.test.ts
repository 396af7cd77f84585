import { describe, expect, it } from 'vitest'
import { runTool, tempFile } from './run-tool.js'

/**
 * explain reads `spec.topologySpreadConstraints` of the pod it answers for, refused where the
 * API server refuses it (exit 2 naming the field), and `metadata.deletionTimestamp` of the
 * placed pods, which PodTopologySpread does not count.
 */

type Json = Record<string, unknown>

const list = (items: readonly Json[]) => JSON.stringify({ items })
const NODES = [
  { metadata: { name: 'a', labels: { zone: 'z1' } } },
  { metadata: { name: 'b', labels: { zone: 'z2' } } },
]
const WEB = { app: 'web' }

function spreadPod(constraint: Json): Json {
  return {
    metadata: { name: 'incoming', namespace: 'default', labels: WEB },
    spec: {
      containers: [{ name: 'c', image: 'i' }],
      topologySpreadConstraints: [
        {
          maxSkew: 1,
          topologyKey: 'zone',
          whenUnsatisfiable: 'DoNotSchedule',
          labelSelector: { matchLabels: WEB },
          ...constraint,
        },
      ],
    },
  }
}

function webOn(nodeName: string, i: number, metadata: Json = {}): Json {
  return {
    metadata: { name: `web-${i}`, namespace: 'default', labels: WEB, ...metadata },
    spec: { containers: [{ name: 'c', image: 'i' }], nodeName },
  }
}

async function explain(pod: Json, pods: readonly Json[]) {
  return runTool('explain', [
    '--pod',
    tempFile('pod.json', JSON.stringify(pod)),
    '--nodes',
    tempFile('nodes.json', list(NODES)),
    '--pods',
    tempFile('pods.json', list(pods)),
    '-o',
    'json',
  ])
}

interface Reply {
  readonly nodes: readonly { name: string; plugin: string | null; detail: string }[]
  readonly spreadIgnored: readonly string[]
}

const INVALID: readonly (readonly [string, Json, string])[] = [
  ['a maxSkew of zero', { maxSkew: 0 }, 'topologySpreadConstraints[0].maxSkew'],
  ['no topologyKey', { topologyKey: '' }, 'topologySpreadConstraints[0].topologyKey'],
  [
    'an unknown whenUnsatisfiable',
    { whenUnsatisfiable: 'Sometimes' },
    'topologySpreadConstraints[0].whenUnsatisfiable',
  ],
  ['a minDomains of zero', { minDomains: 0 }, 'topologySpreadConstraints[0].minDomains'],
  [
    'minDomains with ScheduleAnyway',
    { minDomains: 2, whenUnsatisfiable: 'ScheduleAnyway' },
    'topologySpreadConstraints[0].minDomains',
  ],
  [
    'an unknown nodeAffinityPolicy',
    { nodeAffinityPolicy: 'Maybe' },
    'topologySpreadConstraints[0].nodeAffinityPolicy',
  ],
  [
    'an unknown nodeTaintsPolicy',
    { nodeTaintsPolicy: 'Maybe' },
    'topologySpreadConstraints[0].nodeTaintsPolicy',
  ],
  [
    'a selector operator that does not exist',
    { labelSelector: { matchExpressions: [{ key: 'app', operator: 'Gt', values: ['1'] }] } },
    'topologySpreadConstraints[0].labelSelector.matchExpressions[0]',
  ],
  [
    'a matchLabelKeys entry that is not a string',
    { matchLabelKeys: [1] },
    'topologySpreadConstraints[0].matchLabelKeys[0]',
  ],
]

describe('explain with topology spread constraints', () => {
  it('turns away the node whose zone would exceed maxSkew, naming PodTopologySpread and the counts', async () => {
    const result = await explain(spreadPod({}), [webOn('a', 1), webOn('a', 2)])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    const reply = JSON.parse(result.stdout) as Reply
    expect(reply.nodes.map((n) => [n.name, n.plugin])).toEqual([
      ['a', 'PodTopologySpread'],
      ['b', null],
    ])
    expect(reply.nodes[0]?.detail).toBe(
      'zone: skew 3 > maxSkew 1 (zone=z1 has 2 matching pods + this pod, minimum 0 in zone=z2)'
    )
  })

  it('does not count a placed pod being deleted', async () => {
    const deleting = { deletionTimestamp: '2026-01-01T00:00:00Z' }
    // Counted, the two pods would make zone z1's skew 3, above maxSkew 2.
    const counted = await explain(spreadPod({ maxSkew: 2 }), [webOn('a', 1), webOn('a', 2)])
    expect((JSON.parse(counted.stdout) as Reply).nodes[0]?.plugin).toBe('PodTopologySpread')
    const result = await explain(spreadPod({ maxSkew: 2 }), [
      webOn('a', 1),
      webOn('a', 2, deleting),
    ])
    const reply = JSON.parse(result.stdout) as Reply
    expect(reply.nodes.map((n) => n.plugin)).toEqual([null, null])
  })

  it('says which constraints only score', async () => {
    const result = await runTool('explain', [
      '--pod',
      tempFile('pod.json', JSON.stringify(spreadPod({ whenUnsatisfiable: 'ScheduleAnyway' }))),
      '--nodes',
      tempFile('nodes.json', list(NODES)),
      '--pods',
      tempFile('pods.json', list([webOn('a', 1), webOn('a', 2)])),
    ])
    expect(result.stdout).toContain(
      'Topology spread, scored only, never filtering: topologySpreadConstraints[0] (zone): ScheduleAnyway: scored, never filters.'
    )
  })

  it.each(INVALID)(
    'refuses %s in the pod it answers for, naming the field (exit 2)',
    async (_n, c, at) => {
      const result = await explain(spreadPod(c), [])
      expect(result.code).toBe(2)
      expect(result.stderr).toContain(`spec.${at}`)
    }
  )

  it('refuses the same topologyKey and whenUnsatisfiable twice (exit 2)', async () => {
    const pod = spreadPod({})
    const spec = pod.spec as { topologySpreadConstraints: Json[] }
    spec.topologySpreadConstraints.push({ ...spec.topologySpreadConstraints[0] })
    const result = await explain(pod, [])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('spec.topologySpreadConstraints[1]: Duplicate value')
  })
})
