import { describe, expect, it } from 'vitest'
import { INFRA_AND_PLAIN_NODES, explainPodItem, pendingPodYaml } from './pending-pod-yaml.js'
import { runTool, tempFile } from './run-tool.js'

/**
 * `explain` on a pod with scheduling gates: kube-scheduler never tries it (SchedulingGates, at
 * PreEnqueue) until the last gate is removed, so its status, `waiting for scheduling gates:
 * [a b]`, leads, the exit is 1 whatever the nodes say, and the verdicts are the pod's once the
 * gates are gone. `--pending` groups gated pods by their gates.
 */

/** A pending pod asking `cpu`, with the gates named (none when empty). */
function podYaml(name: string, gates: readonly string[], cpu = '1'): string {
  const gateList = gates.map((gate) => `{ name: ${gate} }`).join(', ')
  return pendingPodYaml(name, cpu, gates.length === 0 ? [] : [`schedulingGates: [${gateList}]`])
}

function explainPod(gates: readonly string[], cpu = '1', flags: string[] = []) {
  return explainPodItem(podYaml('web-0', gates, cpu), flags)
}

interface Document {
  summary: string
  schedulingGates?: string[]
  summaryOnceUngated?: string
  available: number
  choice: { nodes: string[] } | null
}

describe('explain on a pod with scheduling gates', () => {
  it.each([
    [
      'one gate: its name in brackets, and the pod judged as it will be once the gate is gone',
      ['example.com/hold'],
      '1',
      'waiting for scheduling gates: [example.com/hold]',
      'fits on 1 of 2 node(s); the other 1: 1 node(s) had untolerated taint(s).',
    ],
    [
      'two gates: both, in order, space-separated as Go prints a list of strings',
      ['example.com/quota', 'example.com/hold'],
      '1',
      'waiting for scheduling gates: [example.com/quota example.com/hold]',
      'fits on 1 of 2 node(s); the other 1: 1 node(s) had untolerated taint(s).',
    ],
    [
      'gates on a pod that would fit nowhere: the gates still lead, the nodes follow',
      ['example.com/hold'],
      '8',
      'waiting for scheduling gates: [example.com/hold]',
      '0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s). no new claims to deallocate, preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.',
    ],
  ])('%s', async (_name, gates, cpu, summary, onceUngated) => {
    const result = await explainPod(gates, cpu, ['-o', 'json'])
    expect(result.code).toBe(1)
    const got = JSON.parse(result.stdout) as Document
    expect(got.summary).toBe(summary)
    expect(got.schedulingGates).toEqual(gates)
    expect(got.summaryOnceUngated).toBe(onceUngated)
  })

  it('refuses, exit 2, a pod whose gates the API server would refuse, before any judging', async () => {
    const result = await explainPod(['example.com/hold', 'example.com/hold'])
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(
      /: the API server would refuse this pod: spec\.schedulingGates\[1\]: Duplicate value: "example\.com\/hold"$/
    )
  })

  it('adds no gate fields for a pod without gates, and exits 0 when it fits', async () => {
    const result = await explainPod([], '1', ['-o', 'json'])
    expect(result.code).toBe(0)
    const got = JSON.parse(result.stdout) as Document
    expect(got.summary).toMatch(/^fits on 1 of 2 node\(s\)/)
    expect(got).not.toHaveProperty('schedulingGates')
    expect(got).not.toHaveProperty('summaryOnceUngated')
  })

  it('prints the gates first under the table, then what they mean, then the choice once they are removed', async () => {
    const result = await explainPod(['example.com/hold'])
    expect(result.code).toBe(1)
    const notes = result.stdout.split('\n').filter((line) => !/^(NODE|infra-1|plain-1) /.test(line))
    expect(notes.slice(1, 3)).toEqual([
      'waiting for scheduling gates: [example.com/hold]',
      'Scheduling gated (SchedulingGates, at PreEnqueue): kube-scheduler does not try the pod until every gate is removed from spec.schedulingGates. Once they are: fits on 1 of 2 node(s); the other 1: 1 node(s) had untolerated taint(s).',
    ])
    expect(result.stdout).toContain(
      'Once the gates are removed: placed on plain-1: the only node it fits, chosen without scoring.\n'
    )
  })
})

describe('explain --pending with gated pods', () => {
  it('groups gated pods by their gates apart from those the nodes decide, FITS counting the nodes once the gates are gone', async () => {
    const pods = tempFile(
      'pods.yaml',
      [
        'items:',
        podYaml('held-a', ['example.com/hold']),
        podYaml('held-b', ['example.com/hold']),
        podYaml('queued', ['example.com/quota', 'example.com/hold']),
        podYaml('free', []),
      ].join('\n')
    )
    const result = await runTool('explain', [
      '--pending',
      '-A',
      '--nodes',
      INFRA_AND_PLAIN_NODES,
      '--pods',
      pods,
      '-o',
      'json',
    ])
    expect(result.code).toBe(0)
    const { groups } = JSON.parse(result.stdout) as {
      groups: { reason: string; pods: { name: string; summary: string; available: number }[] }[]
    }
    expect(
      groups.map((g) => [g.reason, g.pods.map((p) => [p.name, p.summary, p.available])])
    ).toEqual([
      [
        'waiting for scheduling gates: [example.com/hold]',
        [
          ['held-a', 'waiting for scheduling gates: [example.com/hold]', 1],
          ['held-b', 'waiting for scheduling gates: [example.com/hold]', 1],
        ],
      ],
      [
        'fits by the constraints judged here',
        [['free', 'fits on 1 of 2 node(s); the other 1: 1 node(s) had untolerated taint(s).', 1]],
      ],
      [
        'waiting for scheduling gates: [example.com/quota example.com/hold]',
        [['queued', 'waiting for scheduling gates: [example.com/quota example.com/hold]', 1]],
      ],
    ])
  })
})
