import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeWithControlPlane } from '../support/control-plane/index.js'
import type { SchedulerHandle } from '../support/control-plane/index.js'
import { waitForOutcomes } from '../support/control-plane/scheduling.js'
import { explainJson } from './explain-json.js'
import { kubectl } from './kubectl-run.js'
import { NAMESPACE, podAsking, PODS, startWithPods } from './untried-pods.js'

/**
 * A manifest whose keys are in another casing (`NodeSelector`, `Tolerations`) against the real
 * kube-apiserver and kube-scheduler v1.28.7 and the real kubectl: kubectl's strict validation
 * refuses it naming the unknown fields; created without validation, the API server drops those
 * keys and kube-scheduler binds the pod where a pod with neither selector nor tolerations goes.
 * explain, given the manifest before it is created, reads it as the API server does and chooses
 * that node, where reading the keys in any casing would have sent the pod to the tainted node.
 */

type Obj = Record<string, unknown>

/** A pod asking for gpu-1 and tolerating its taint, every such key in another casing. */
function recasedPod(): Obj {
  const pod: Obj = { apiVersion: 'v1', kind: 'Pod', ...podAsking('recased', '1') }
  const spec = pod.spec as Obj
  spec.NodeSelector = { 'kubernetes.io/hostname': 'gpu-1' }
  spec.Tolerations = [{ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }]
  return pod
}

describeWithControlPlane(
  'manifest keys in another casing against the real API server and kube-scheduler',
  (plane) => {
    let dir: string
    let scheduler: SchedulerHandle
    let podFile: string

    beforeAll(async () => {
      ;({ scheduler, dir } = await startWithPods(
        plane(),
        [podAsking('first', '1')],
        'taint-extender-key-casing-'
      ))
      podFile = join(dir, 'recased.json')
      writeFileSync(podFile, JSON.stringify(recasedPod()))
    }, 120_000)

    afterAll(async () => {
      await scheduler.stop()
    })

    it('is explained as a pod with no node selector and no tolerations: gpu-1 rejected for its taint, plain-1 chosen', async () => {
      const reply = (await explainJson(dir, recasedPod())) as {
        nodes: { name: string; verdict: string; reasons: string[] }[]
        choice: { nodes: string[] } | null
      }
      expect(reply.nodes.map((n) => [n.name, n.verdict])).toEqual([
        ['gpu-1', 'rejected'],
        ['plain-1', 'fits'],
      ])
      expect(reply.nodes[0]?.reasons.join(' ')).toContain('dedicated')
      expect(reply.choice?.nodes).toEqual(['plain-1'])
    })

    it("is refused by kubectl's strict validation, naming the fields in another casing", async () => {
      const applied = await kubectl(plane().kubeconfig, ['apply', '-f', podFile])
      expect(applied.code).toBe(1)
      expect(applied.stderr).toContain('unknown field "spec.NodeSelector"')
      expect(applied.stderr).toContain('unknown field "spec.Tolerations"')
    })

    it('is created without those keys when not validated, and bound to plain-1 as explain chose', async () => {
      const args = ['apply', '--validate=false', '-f', podFile]
      expect(await kubectl(plane().kubeconfig, args)).toMatchObject({ code: 0 })
      const outcome = (await waitForOutcomes(plane().api, NAMESPACE, ['recased'])).get('recased')
      expect(outcome).toEqual({ bound: true, node: 'plain-1' })
      const created = await plane().api.get(`${PODS}/recased`)
      const spec = created.spec as Obj
      expect([spec.nodeSelector, spec.NodeSelector, spec.Tolerations]).toEqual([
        undefined,
        undefined,
        undefined,
      ])
    })
  }
)
