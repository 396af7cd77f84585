import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { runTool } from '../cli/run-tool.js'
import { describeWithControlPlane, KUBE_VERSION } from '../support/control-plane/index.js'
import type { SchedulerHandle } from '../support/control-plane/index.js'
import { waitForOutcomes } from '../support/control-plane/scheduling.js'
import { explainJson } from './explain-json.js'
import { kubectl } from './kubectl-run.js'
import {
  boundNode,
  expectNoFailedScheduling,
  forecastMaintenance,
  MAINTENANCE,
  NAMESPACE,
  podAsking,
  PODS,
  startWithPods,
} from './untried-pods.js'

/**
 * A pod naming another scheduler against the real kube-apiserver and kube-scheduler v1.28.7:
 * with only the default profile running, the pod stays unbound, with no PodScheduled condition
 * and no FailedScheduling event, while a pod created after it is bound; explain says whose pod
 * it is beside the default profile's verdicts, and `--pending` groups it under that name.
 * `forecast` of a taint on the node it would go to lists it apart, as a pod of another scheduler
 * turned away if that scheduler judges taints as the default profile does; with the taint on
 * (kubectl taint), kube-scheduler running a profile of that name with the default plugins leaves
 * it Pending for that taint, and once the taint is removed binds it to the node explain chose.
 */

type Obj = Record<string, unknown>

const OTHER = 'batch-scheduler'

describeWithControlPlane(
  'a pod naming another scheduler against the real kube-scheduler',
  (plane) => {
    let dir: string
    let scheduler: SchedulerHandle
    let elsewhere: Obj

    beforeAll(async () => {
      // The other scheduler's pod first: once the last is bound, kube-scheduler has had it too.
      const pods = [podAsking('elsewhere', '1', { schedulerName: OTHER }), podAsking('here', '1')]
      ;({ scheduler, dir } = await startWithPods(plane(), pods, 'taint-extender-scheduler-name-'))
      elsewhere = await plane().api.get(`${PODS}/elsewhere`)
    }, 120_000)

    afterAll(async () => {
      await scheduler.stop()
    })

    it('leaves the pod unbound, with no PodScheduled condition and no FailedScheduling event', async () => {
      const spec = elsewhere.spec as { nodeName?: string; schedulerName: string }
      expect([spec.nodeName ?? '', spec.schedulerName]).toEqual(['', OTHER])
      const conditions = (elsewhere.status as { conditions?: { type: string }[] }).conditions ?? []
      expect(conditions.map((c) => c.type)).not.toContain('PodScheduled')
      await expectNoFailedScheduling(plane().api, 'elsewhere')
    })

    it('is explained as the other scheduler pod it is, beside the default profile verdicts, exit 0', async () => {
      const reply = (await explainJson(dir, elsewhere)) as {
        schedulerName: string
        nodes: { name: string; verdict: string }[]
        choice: { nodes: string[] } | null
      }
      expect(reply.schedulerName).toBe(OTHER)
      expect(reply.nodes.map((n) => [n.name, n.verdict])).toEqual([
        ['gpu-1', 'rejected'],
        ['plain-1', 'fits'],
      ])
      expect(reply.choice?.nodes).toEqual(['plain-1'])
      const text = await runTool('explain', [
        ...['--pod', join(dir, 'elsewhere.json'), '--nodes', join(dir, 'nodes.json')],
        ...['--pods', join(dir, 'pods.json'), '--kube-version', KUBE_VERSION],
      ])
      expect(text.code).toBe(0)
      expect(text.stdout).toContain(
        `Scheduler: spec.schedulerName is "${OTHER}", so kube-scheduler's default profile (default-scheduler) never tries this pod`
      )
      const pending = await runTool('explain', [
        ...[
          '--pending',
          '-A',
          '--nodes',
          join(dir, 'nodes.json'),
          '--pods',
          join(dir, 'pods.json'),
        ],
        ...['--kube-version', KUBE_VERSION, '-o', 'json'],
      ])
      const { groups } = JSON.parse(pending.stdout) as {
        groups: { reason: string; pods: { name: string }[] }[]
      }
      expect(groups.map((g) => [g.reason, g.pods.map((p) => p.name)])).toEqual([
        [`for scheduler "${OTHER}": fits by the constraints judged here`, ['elsewhere']],
      ])
    })

    it('is forecast apart by a taint on plain-1, and a profile of that name leaves it Pending for the taint once kubectl taint puts it on', async () => {
      expect(await forecastMaintenance(dir)).toMatchObject({
        pendingTurnedAway: [],
        pendingTurnedAwayForOtherSchedulers: [`${NAMESPACE}/elsewhere`],
      })
      const taint = ['taint', 'node', 'plain-1', MAINTENANCE]
      expect(await kubectl(plane().kubeconfig, taint)).toMatchObject({ code: 0, stderr: '' })
      await scheduler.stop()
      scheduler = await plane().startScheduler({
        profiles: [{ schedulerName: 'default-scheduler' }, { schedulerName: OTHER }],
      })
      const api = plane().api
      const outcome = (await waitForOutcomes(api, NAMESPACE, ['elsewhere'])).get('elsewhere')
      expect(outcome).toMatchObject({ bound: false })
      expect(outcome?.bound === false && outcome.message).toContain(
        '1 node(s) had untolerated taint {maintenance: planned}'
      )
    })

    it('is bound to the node explain chose by the profile of that name once the taint is removed', async () => {
      const untaint = ['taint', 'node', 'plain-1', `${MAINTENANCE}-`]
      expect(await kubectl(plane().kubeconfig, untaint)).toMatchObject({ code: 0, stderr: '' })
      expect(await boundNode(plane().api, 'elsewhere')).toBe('plain-1')
    })
  }
)
