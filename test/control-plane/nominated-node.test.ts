import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeWithControlPlane } from '../support/control-plane/index.js'
import type { SchedulerHandle } from '../support/control-plane/index.js'
import { waitForOutcomes } from '../support/control-plane/scheduling.js'
import { explainJson } from './explain-json.js'
import { NAMESPACE, podAsking, PODS, startWithPods } from './untried-pods.js'

/**
 * A pending pod with `status.nominatedNodeName` against the real kube-apiserver and
 * kube-scheduler v1.28.7: kube-scheduler tries the nominated node alone first and, when the pod
 * fits it, binds the pod there without scoring the others (schedule_one.go
 * `evaluateNominatedNode`), though another node scores higher; its twin without a nomination
 * goes to that other node. explain, run while kube-scheduler is stopped, chooses as it then does.
 */

type Obj = Record<string, unknown>

/** A pod asking 1 cpu that tolerates gpu-1's taint, so that it fits both nodes. */
function tolerating(name: string): Obj {
  const toleration = { key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }
  return podAsking(name, '1', { tolerations: [toleration] })
}

type Choice = { choice: { nodes: string[]; score: number | null; nominated: boolean } | null }

describeWithControlPlane('a pod nominated to a node against the real kube-scheduler', (plane) => {
  let dir: string
  let scheduler: SchedulerHandle
  let nominated: Obj
  let twin: Obj

  beforeAll(async () => {
    // plain-1 gets a pod of 1 cpu, so that gpu-1, empty, scores higher for the pods below.
    ;({ scheduler, dir } = await startWithPods(
      plane(),
      [podAsking('first', '1')],
      'taint-extender-nominated-node-'
    ))
    await scheduler.stop()
    const api = plane().api
    await api.create(PODS, tolerating('nominated'))
    await api.patch(`${PODS}/nominated/status`, { status: { nominatedNodeName: 'plain-1' } })
    await api.create(PODS, tolerating('twin'))
    nominated = await api.get(`${PODS}/nominated`)
    twin = await api.get(`${PODS}/twin`)
    writeFileSync(join(dir, 'pods.json'), JSON.stringify(await api.get(PODS)))
  }, 120_000)

  afterAll(async () => {
    await scheduler.stop()
  })

  it('is explained as placed on its nominated node, unscored, where its twin goes to the higher-scoring gpu-1', async () => {
    expect((nominated.status as { nominatedNodeName?: string }).nominatedNodeName).toBe('plain-1')
    const forNominated = (await explainJson(dir, nominated)) as Choice
    expect(forNominated.choice).toEqual({ nodes: ['plain-1'], score: null, nominated: true })
    const forTwin = (await explainJson(dir, twin)) as Choice
    expect(forTwin.choice).toMatchObject({ nodes: ['gpu-1'], nominated: false })
  })

  it('is bound to its nominated node by kube-scheduler, and its twin to gpu-1', async () => {
    scheduler = await plane().startScheduler({
      profiles: [{ schedulerName: 'default-scheduler' }],
    })
    const outcomes = await waitForOutcomes(plane().api, NAMESPACE, ['nominated', 'twin'])
    expect(outcomes.get('nominated')).toEqual({ bound: true, node: 'plain-1' })
    expect(outcomes.get('twin')).toEqual({ bound: true, node: 'gpu-1' })
  })
})
