import { describe, expect, it } from 'vitest'
import { runTool, tempFile } from './run-tool.js'

/**
 * forecast of a taint beside pending pods kube-scheduler's default profile does not try now:
 * held by scheduling gates, which it tries once they are removed (SchedulingGates, at
 * PreEnqueue), and naming another scheduler, which it never tries (a gated one too). The pods
 * the taint turns away, or for which it ranks the node lower, are told apart from each of those.
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

/** A pending pod asking nothing, with `spec` lines (YAML, under spec) beside its container. */
function pendingPod(name: string, ...spec: string[]): string {
  return `- apiVersion: v1
  kind: Pod
  metadata: {name: ${name}, namespace: shop}
  spec:
    containers: [{name: c, image: i}]
${spec.map((line) => `    ${line}\n`).join('')}  status: {phase: Pending}
`
}

const HOLD = 'schedulingGates: [{name: example.com/hold}]'
const BATCH = 'schedulerName: batch-scheduler'

const PODS = tempFile(
  'forecast-gated-pods.yaml',
  `apiVersion: v1
kind: List
items:
${[
  pendingPod('waits'),
  pendingPod('gated', HOLD),
  pendingPod(
    'gated-twice',
    'schedulingGates: [{name: example.com/quota}, {name: example.com/hold}]'
  ),
  pendingPod('batch', BATCH),
  pendingPod('batch-gated', BATCH, HOLD),
  pendingPod('named-default', 'schedulerName: default-scheduler'),
].join('')}`
)

interface NodeDocument {
  pendingTurnedAway: string[]
  pendingScoreLower: string[]
  pendingTurnedAwayOnceUngated: string[]
  pendingScoreLowerOnceUngated: string[]
  pendingTurnedAwayForOtherSchedulers: string[]
  pendingScoreLowerForOtherSchedulers: string[]
}

const ARGV = ['--node', 'n1', '--nodes', NODES, '--pods', PODS]

const ALIKE = 'if they judge taints as the default profile does'

describe('taint-extender forecast beside pods the default profile does not try now', () => {
  it.each<[string, string, string[], string]>([
    [
      'a NoSchedule taint turns the default profile pods away now, the gated ones once their gates are removed, and those of another scheduler apart',
      'maintenance=planned:NoSchedule',
      [
        'n1: pending pods turned away: shop/waits, shop/named-default',
        'n1: pending pods turned away once their scheduling gates are removed: shop/gated, shop/gated-twice',
        `n1: pending pods of other schedulers turned away ${ALIKE}: shop/batch, shop/batch-gated`,
      ],
      '2 pending pod(s) turned away, 2 more once their scheduling gates are removed, 2 more of other schedulers.',
    ],
    [
      'a PreferNoSchedule taint ranks the node lower for the default profile pods now, the gated ones later, and those of another scheduler apart',
      'maintenance=planned:PreferNoSchedule',
      [
        'n1: pending pods that would rank it lower: shop/waits, shop/named-default',
        'n1: pending pods that would rank it lower once their scheduling gates are removed: shop/gated, shop/gated-twice',
        `n1: pending pods of other schedulers that would rank it lower ${ALIKE}: shop/batch, shop/batch-gated`,
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

  it('gives the gated pods and those of another scheduler apart in -o json, the others alone in the lists of the pods tried now', async () => {
    const result = await runTool('forecast', [
      ...['--taint', 'maintenance=planned:NoSchedule', ...ARGV, '-o', 'json'],
    ])
    expect(result.code).toBe(0)
    const { nodes, summary } = JSON.parse(result.stdout) as {
      nodes: NodeDocument[]
      summary: string
    }
    expect(nodes[0]).toMatchObject({
      pendingTurnedAway: ['shop/waits', 'shop/named-default'],
      pendingScoreLower: [],
      pendingTurnedAwayOnceUngated: ['shop/gated', 'shop/gated-twice'],
      pendingScoreLowerOnceUngated: [],
      pendingTurnedAwayForOtherSchedulers: ['shop/batch', 'shop/batch-gated'],
      pendingScoreLowerForOtherSchedulers: [],
    })
    expect(summary).toContain('2 pending pod(s) turned away, 2 more once')
  })
})
