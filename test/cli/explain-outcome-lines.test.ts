import { describe, expect, it } from 'vitest'
import type { Cluster } from '../placement/builders.js'
import { node, placed, pod, podTerm, req, selector, term } from '../placement/builders.js'
import { wireNode, wirePod } from '../placement/wire.js'
import type { PlacementPod } from '../../src/placement/index.js'
import { runTool, tempFile } from './run-tool.js'

/**
 * The lines the table output adds for what ends a scheduling attempt beyond the Filter counts:
 * the nodes preemption can make room on, and the error of a cycle that fails at PreScore.
 */

const list = (items: unknown[]): string => JSON.stringify({ kind: 'List', items })

function explainTable(incoming: PlacementPod, cluster: Cluster) {
  return runTool('explain', [
    '--pod',
    tempFile('pod.json', JSON.stringify(wirePod(incoming))),
    '--nodes',
    tempFile('nodes.json', list(cluster.nodes.map(wireNode))),
    '--pods',
    tempFile('pods.json', list((cluster.pods ?? []).map((p) => wirePod(p as PlacementPod)))),
  ])
}

describe('explain table output', () => {
  it('names the nodes preemption can make room on and their lower-priority pods, and exits 1', async () => {
    const result = await explainTable(
      pod({ antiAffinity: [podTerm('zone', selector({ app: 'web' }))], priority: 100 }),
      {
        nodes: [node('a', { labels: { zone: 'z' } })],
        pods: [placed('a', { name: 'old-web', labels: { app: 'web' }, priority: 0 })],
      }
    )
    expect(result.code).toBe(1)
    const lines = result.stdout.trimEnd().split('\n')
    expect(lines.at(-5)).toBe(
      "0/1 nodes are available: 1 node(s) didn't match pod anti-affinity rules."
    )
    expect(lines.at(-4)).toBe(
      'Preemption: evicting lower-priority pods makes room on a (lower priority: default/old-web); kube-scheduler nominates one of these nodes and adds no preemption part to the message.'
    )
  })

  it('prints the PreScore error as the summary when two nodes fit, and exits 1', async () => {
    const result = await explainTable(
      pod({ preferred: [{ weight: 1, preference: term(req('rank', 'Lt', 'x')) }] }),
      { nodes: [node('a'), node('b')] }
    )
    expect(result.code).toBe(1)
    expect(result.stdout).toContain(
      '\nrunning PreScore plugin "NodeAffinity": [0].matchExpressions[0].values[0]: Invalid value: "x": for \'Gt\', \'Lt\' operators, the value must be an integer\n'
    )
  })
})
