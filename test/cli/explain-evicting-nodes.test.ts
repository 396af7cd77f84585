import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { REASON_EVICTING_TAINT } from '../../src/core/index.js'
import { runTool, tempFile } from './run-tool.js'

/**
 * explain's --evicting-nodes, which mirrors the server's: a pod tolerating
 * maintenance=planned:NoExecute for 600 s, a node with that taint and one without.
 */

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url))

const POD = tempFile(
  'pod.yaml',
  `apiVersion: v1
kind: Pod
metadata: {name: web-1, namespace: default}
spec:
  containers: [{name: c, image: registry.k8s.io/pause:3.9}]
  tolerations:
  - {key: maintenance, operator: Equal, value: planned, effect: NoExecute, tolerationSeconds: 600}
`
)

const NODES = tempFile(
  'nodes.yaml',
  `apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Node
  metadata: {name: maintained}
  spec:
    taints: [{key: maintenance, value: planned, effect: NoExecute}]
- apiVersion: v1
  kind: Node
  metadata: {name: plain}
`
)

describe('taint-extender explain --evicting-nodes', () => {
  it('rejects, by default as with reject, the node that would evict the pod, with the server’s words, after every in-tree plugin', async () => {
    for (const flags of [[], ['--evicting-nodes', 'reject']]) {
      const result = await runTool('explain', ['--pod', POD, '--nodes', NODES, ...flags])
      expect(result.code).toBe(0)
      const lines = result.stdout.split('\n')
      expect(lines[1]).toMatch(
        /^maintained +rejected .* taint-extender: evicted after 600s: maintenance=planned:NoExecute is tolerated for 600s$/
      )
      expect(lines[2]).toMatch(/^plain +fits /)
      expect(result.stdout).toContain(
        `fits on 1 of 2 node(s); the other 1: 1 ${REASON_EVICTING_TAINT}.`
      )
      expect(result.stdout).not.toContain('Evicted if placed')
    }
  })

  it.each(['avoid', 'allow'])(
    '%s: the node fits, and a note says when the pod would be evicted from it',
    async (mode) => {
      const result = await runTool('explain', [
        '--pod',
        POD,
        '--nodes',
        NODES,
        '--evicting-nodes',
        mode,
      ])
      expect(result.code).toBe(0)
      expect(result.stdout.split('\n')[1]).toMatch(/^maintained +fits /)
      expect(result.stdout).toContain('fits on 2 of 2 node(s).')
      expect(result.stdout).toContain(
        'Evicted if placed: the taint-eviction controller would evict the pod from maintained (after 600s: maintenance=planned:NoExecute is tolerated for 600s).'
      )
    }
  )

  it('avoid adds the extender’s score: 0 where the pod would be evicted, TaintToleration’s raised to at least 1 elsewhere', async () => {
    const nodes = tempFile(
      'nodes-with-soft-taint.yaml',
      `apiVersion: v1
kind: List
items:
- {apiVersion: v1, kind: Node, metadata: {name: maintained}, spec: {taints: [{key: maintenance, value: planned, effect: NoExecute}]}}
- {apiVersion: v1, kind: Node, metadata: {name: plain}}
- {apiVersion: v1, kind: Node, metadata: {name: soft}, spec: {taints: [{key: spot, effect: PreferNoSchedule}]}}
`
    )
    const cells = (stdout: string): string[][] =>
      stdout
        .split('\n')
        .slice(0, 4)
        .map((line) => line.split(/ {2,}/).slice(0, 5))
    const explain = (mode: string, ...flags: string[]): ReturnType<typeof runTool> =>
      runTool('explain', ['--pod', POD, '--nodes', nodes, '--evicting-nodes', mode, ...flags])
    const avoid = await explain('avoid')
    expect(cells(avoid.stdout)).toEqual([
      ['NODE', 'VERDICT', 'PREFER-NO-SCHEDULE', 'SCORE', 'EXTENDER-SCORE'],
      ['maintained', 'fits', '0', '10', '0'],
      ['plain', 'fits', '0', '10', '10'],
      ['soft', 'fits', '1', '0', '1'],
    ])
    const json = await explain('avoid', '-o', 'json')
    const body = JSON.parse(json.stdout) as { nodes: { name: string; extenderScore: unknown }[] }
    expect(body.nodes.map((n) => [n.name, n.extenderScore])).toEqual([
      ['maintained', 0],
      ['plain', 10],
      ['soft', 1],
    ])
    const allow = await explain('allow')
    expect(allow.stdout.split('\n')[0]).not.toContain('EXTENDER-SCORE')
  })

  it('json output carries the eviction of each node', async () => {
    const result = await runTool('explain', ['--pod', POD, '--nodes', NODES, '-o', 'json'])
    const body = JSON.parse(result.stdout) as { nodes: { name: string; eviction: unknown }[] }
    expect(body.nodes.map((n) => [n.name, n.eviction])).toEqual([
      [
        'maintained',
        { afterSeconds: 600, detail: 'maintenance=planned:NoExecute is tolerated for 600s' },
      ],
      ['plain', null],
    ])
  })

  it('the built executable exits 2 naming the flag for a mode it does not know', () => {
    const result = spawnSync(
      process.execPath,
      [CLI, 'explain', '--pod', POD, '--nodes', NODES, '--evicting-nodes', 'sometimes'],
      { encoding: 'utf8', env: {} }
    )
    expect(result.status).toBe(2)
    expect(result.stderr).toContain(
      '--evicting-nodes: "sometimes" is not one of reject, avoid, allow'
    )
  })
})
