import { describe, expect, it } from 'vitest'
import { runTool, tempFile } from './run-tool.js'

/**
 * forecast of a taint beside pending pods held by scheduling gates: kube-scheduler does not try
 * such a pod until its gates are removed (SchedulingGates, at PreEnqueue), so the pods the taint
 * turns away, or for which it ranks the node lower, are told apart from the gated ones, which
 * it does so once their gates are gone.
 */

const NODES = tempFile(
  'forecast-gated-nodes.yaml',
  `apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Node
  metadata: {name: n1}
  status: {allocatable: {cpu: '4', memory: 8Gi, pods: '110'}}
`
)

const PODS = tempFile(
  'forecast-gated-pods.yaml',
  `apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Pod
  metadata: {name: waits, namespace: shop}
  spec:
    containers: [{name: c, image: i}]
  status: {phase: Pending}
- apiVersion: v1
  kind: Pod
  metadata: {name: gated, namespace: shop}
  spec:
    containers: [{name: c, image: i}]
    schedulingGates: [{name: example.com/hold}]
  status: {phase: Pending}
- apiVersion: v1
  kind: Pod
  metadata: {name: gated-twice, namespace: shop}
  spec:
    containers: [{name: c, image: i}]
    schedulingGates: [{name: example.com/quota}, {name: example.com/hold}]
  status: {phase: Pending}
`
)

interface NodeDocument {
  pendingTurnedAway: string[]
  pendingScoreLower: string[]
  pendingTurnedAwayOnceUngated: string[]
  pendingScoreLowerOnceUngated: string[]
}

const ARGV = ['--node', 'n1', '--nodes', NODES, '--pods', PODS]

describe('taint-extender forecast beside pods held by scheduling gates', () => {
  it.each<[string, string, string[], string]>([
    [
      'a NoSchedule taint turns the ungated pod away now and the gated ones once their gates are removed',
      'maintenance=planned:NoSchedule',
      [
        'n1: pending pods turned away: shop/waits',
        'n1: pending pods turned away once their scheduling gates are removed: shop/gated, shop/gated-twice',
      ],
      '1 pending pod(s) turned away, 2 more once their scheduling gates are removed.',
    ],
    [
      'a PreferNoSchedule taint ranks the node lower for the ungated pod now and the gated ones later',
      'maintenance=planned:PreferNoSchedule',
      [
        'n1: pending pods that would rank it lower: shop/waits',
        'n1: pending pods that would rank it lower once their scheduling gates are removed: shop/gated, shop/gated-twice',
      ],
      '0 pending pod(s) turned away.',
    ],
  ])('%s', async (_, taint, pendingLines, summaryEnd) => {
    const result = await runTool('forecast', ['--taint', taint, ...ARGV])
    expect(result.code).toBe(0)
    const lines = result.stdout.split('\n')
    expect(lines.filter((l) => l.startsWith('n1: pending'))).toEqual(pendingLines)
    expect(lines.at(-3)?.endsWith(summaryEnd)).toBe(true)
  })

  it('gives the gated pods apart in -o json, the ungated one alone in the lists of the pods tried now', async () => {
    const result = await runTool('forecast', [
      ...['--taint', 'maintenance=planned:NoSchedule', ...ARGV, '-o', 'json'],
    ])
    expect(result.code).toBe(0)
    const { nodes, summary } = JSON.parse(result.stdout) as {
      nodes: NodeDocument[]
      summary: string
    }
    expect(nodes[0]).toMatchObject({
      pendingTurnedAway: ['shop/waits'],
      pendingScoreLower: [],
      pendingTurnedAwayOnceUngated: ['shop/gated', 'shop/gated-twice'],
      pendingScoreLowerOnceUngated: [],
    })
    expect(summary).toContain('1 pending pod(s) turned away, 2 more once')
  })
})
