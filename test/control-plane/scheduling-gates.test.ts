import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { runTool } from '../cli/run-tool.js'
import { describeWithControlPlane, KUBE_VERSION } from '../support/control-plane/index.js'
import type { SchedulerHandle } from '../support/control-plane/index.js'
import { waitForOutcomes } from '../support/control-plane/scheduling.js'
import { explainJson } from './explain-json.js'
import { kubectl } from './kubectl-run.js'
import {
  expectNoFailedScheduling,
  forecastMaintenance,
  MAINTENANCE,
  NAMESPACE,
  podAsking,
  PODS,
  startWithPods,
} from './untried-pods.js'

/**
 * A pod with scheduling gates against the real kube-apiserver and kube-scheduler v1.28.7: the API
 * server marks it SchedulingGated, kube-scheduler leaves it unbound and writes no FailedScheduling
 * event while a pod beside it, created after it, is bound; explain says the gate holds it and
 * judges the nodes as they will be once it is gone; once the gate is removed, the pod is bound
 * to the node explain chose. Gates the API server refuses, explain refuses in its words. A
 * taint's forecast lists the gated pods apart, as turned away once ungated: after kubectl taint,
 * the one whose gate is then removed stays Pending for that taint.
 */

type Obj = Record<string, unknown>

function pod(name: string, gates: readonly string[]): Obj {
  const spec = gates.length === 0 ? {} : { schedulingGates: gates.map((gate) => ({ name: gate })) }
  return podAsking(name, '1', spec)
}

interface Condition {
  type: string
  status: string
  reason?: string
  message?: string
}

describeWithControlPlane('scheduling gates against the real kube-scheduler', (plane) => {
  let dir: string
  let scheduler: SchedulerHandle
  let held: Obj

  beforeAll(async () => {
    // The gated pods first: once the last is bound, kube-scheduler has had them too.
    const pods = [
      pod('held', ['example.com/hold']),
      pod('waits', ['example.com/hold']),
      pod('free', []),
    ]
    ;({ scheduler, dir } = await startWithPods(plane(), pods, 'taint-extender-scheduling-gates-'))
    held = await plane().api.get(`${PODS}/held`)
  }, 120_000)

  afterAll(async () => {
    await scheduler.stop()
  })

  it('leaves the gated pod unbound, marked SchedulingGated by the API server, with no FailedScheduling event', async () => {
    expect((held.spec as { nodeName?: string }).nodeName ?? '').toBe('')
    const conditions = (held.status as { conditions?: Condition[] }).conditions ?? []
    expect(conditions.find((c) => c.type === 'PodScheduled')).toMatchObject({
      status: 'False',
      reason: 'SchedulingGated',
      message: 'Scheduling is blocked due to non-empty scheduling gates',
    })
    await expectNoFailedScheduling(plane().api, 'held')
  })

  it('is explained as held by its gate, exit 1, the nodes judged as they will be once it is gone', async () => {
    const reply = (await explainJson(dir, held)) as {
      summary: string
      schedulingGates: string[]
      nodes: { name: string; verdict: string }[]
      choice: { nodes: string[] } | null
    }
    expect(reply.summary).toBe('waiting for scheduling gates: [example.com/hold]')
    expect(reply.schedulingGates).toEqual(['example.com/hold'])
    expect(reply.nodes.map((n) => [n.name, n.verdict])).toEqual([
      ['gpu-1', 'rejected'],
      ['plain-1', 'fits'],
    ])
    expect(reply.choice?.nodes).toEqual(['plain-1'])
    const run = await runTool('explain', [
      ...['--pending', '-A', '--nodes', join(dir, 'nodes.json'), '--pods', join(dir, 'pods.json')],
      ...['--kube-version', KUBE_VERSION, '-o', 'json'],
    ])
    const { groups } = JSON.parse(run.stdout) as {
      groups: { reason: string; pods: { name: string }[] }[]
    }
    expect(groups.map((g) => [g.reason, g.pods.map((p) => p.name)])).toEqual([
      ['waiting for scheduling gates: [example.com/hold]', ['held', 'waits']],
    ])
  })

  it('refuses, as explain does, gates that are not qualified names or come twice, in the same words', async () => {
    const bad = pod('bad', ['example.com/hold', '-x', 'example.com/hold', ''])
    const reply = await plane().api.request('POST', PODS, bad)
    expect(reply.status).toBe(422)
    const refusal = (reply.body as { message: string }).message
    expect(refusal).toMatch(/^Pod "bad" is invalid: \[spec\.schedulingGates\[1\]: Invalid value/)
    const podFile = join(dir, 'bad.json')
    writeFileSync(podFile, JSON.stringify(bad))
    const run = await runTool('explain', [
      ...['--pod', podFile, '--nodes', join(dir, 'nodes.json'), '--pods', join(dir, 'pods.json')],
      ...['--kube-version', KUBE_VERSION],
    ])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(
      `the API server would refuse this pod: ${refusal.replace('Pod "bad" is invalid: ', '')}`
    )
  })

  it('is bound to the node explain chose once the gate is removed', async () => {
    const api = plane().api
    await api.patch(`${PODS}/held`, { spec: { schedulingGates: null } })
    const outcome = (await waitForOutcomes(api, NAMESPACE, ['held'])).get('held')
    expect(outcome).toEqual({ bound: true, node: 'plain-1' })
  })

  it('is forecast as turned away by a taint once its gate is removed, and is, by kubectl taint then the gate removed', async () => {
    expect(await forecastMaintenance(dir)).toMatchObject({
      pendingTurnedAway: [],
      pendingTurnedAwayOnceUngated: [`${NAMESPACE}/held`, `${NAMESPACE}/waits`],
    })
    const api = plane().api
    const taint = ['taint', 'node', 'plain-1', MAINTENANCE]
    expect(await kubectl(plane().kubeconfig, taint)).toMatchObject({ code: 0, stderr: '' })
    await api.patch(`${PODS}/waits`, { spec: { schedulingGates: null } })
    const outcome = (await waitForOutcomes(api, NAMESPACE, ['waits'])).get('waits')
    expect(outcome).toMatchObject({ bound: false })
    expect(outcome?.bound === false && outcome.message).toContain(
      '1 node(s) had untolerated taint {maintenance: planned}'
    )
  })
})
