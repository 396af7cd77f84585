import { describe, expect, it } from 'vitest'
import { runTool, tempFile } from './run-tool.js'

/**
 * forecast's --evicting-nodes, which mirrors the server's: what a new NoExecute taint does to a
 * pending pod that would tolerate it only for tolerationSeconds, and to one that tolerates it
 * for ever.
 */

const NODES = tempFile(
  'forecast-evicting-nodes.yaml',
  `apiVersion: v1
kind: List
items:
- {apiVersion: v1, kind: Node, metadata: {name: n1}}
`
)

const PODS = tempFile(
  'forecast-evicting-pods.yaml',
  `apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Pod
  metadata: {name: waits-600s, namespace: shop}
  spec:
    containers: [{name: c, image: i}]
    tolerations: [{key: maintenance, operator: Exists, effect: NoExecute, tolerationSeconds: 600}]
  status: {phase: Pending}
- apiVersion: v1
  kind: Pod
  metadata: {name: waits-for-ever, namespace: shop}
  spec:
    containers: [{name: c, image: i}]
    tolerations: [{key: maintenance, operator: Exists, effect: NoExecute}]
  status: {phase: Pending}
`
)

const ARGV = ['--taint', 'maintenance=planned:NoExecute', '--node', 'n1', '--nodes', NODES]

describe('taint-extender forecast --evicting-nodes', () => {
  it.each<[string, string[], string[], string]>([
    [
      'by default, as with reject, the pod tolerating the taint for 600 s is turned away and the other is not',
      [],
      ['n1: pending pods turned away: shop/waits-600s'],
      '1 pending pod(s) turned away.',
    ],
    [
      'reject turns the pod tolerating the taint for 600 s away, as the server would',
      ['--evicting-nodes', 'reject'],
      ['n1: pending pods turned away: shop/waits-600s'],
      '1 pending pod(s) turned away.',
    ],
    [
      'avoid keeps it and says the node would rank lower for it',
      ['--evicting-nodes', 'avoid'],
      ['n1: pending pods that would rank it lower: shop/waits-600s'],
      '0 pending pod(s) turned away.',
    ],
    [
      'allow answers as upstream: neither pod is turned away nor ranks the node lower',
      ['--evicting-nodes', 'allow'],
      [],
      '0 pending pod(s) turned away.',
    ],
  ])('%s', async (_, flags, pendingLines, summaryEnd) => {
    const result = await runTool('forecast', [...ARGV, '--pods', PODS, ...flags])
    expect(result.code).toBe(0)
    const lines = result.stdout.split('\n')
    expect(lines.filter((l) => l.startsWith('n1: pending'))).toEqual(pendingLines)
    // The summary, then the line naming the release forecast speaks for.
    expect(lines.at(-3)?.endsWith(summaryEnd)).toBe(true)
  })

  it('lists no pending pod as ranking the node lower when the node refuses it already, here by its nodeSelector', async () => {
    const pods = tempFile(
      'forecast-elsewhere-pods.yaml',
      `apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Pod
  metadata: {name: wants-gpu, namespace: shop}
  spec: {containers: [{name: c, image: i}], nodeSelector: {pool: gpu}}
  status: {phase: Pending}
- apiVersion: v1
  kind: Pod
  metadata: {name: fits-anywhere, namespace: shop}
  spec: {containers: [{name: c, image: i}]}
  status: {phase: Pending}
`
    )
    const result = await runTool('forecast', [
      '--taint',
      'spot:PreferNoSchedule',
      '--node',
      'n1',
      '--nodes',
      NODES,
      '--pods',
      pods,
    ])
    expect(result.stdout.split('\n').filter((l) => l.startsWith('n1: pending'))).toEqual([
      'n1: pending pods that would rank it lower: shop/fits-anywhere',
    ])
  })
})
