import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ClusterSnapshot } from '../../src/cluster/index.js'
import { FakeApiServer, kubeconfigFor } from '../support/fake-apiserver.js'

/**
 * The tools' one-shot lists read through client-node, page by page from a real list endpoint
 * (the nodes' and pods' lists are streamed: test/cli/cluster-lists.test.ts).
 */

describe('ClusterSnapshot', () => {
  let api: FakeApiServer
  let snapshot: ClusterSnapshot

  beforeAll(async () => {
    api = await FakeApiServer.start()
    snapshot = new ClusterSnapshot({ kind: 'kubeconfig', paths: [kubeconfigFor(api.url)] }, 2)
  })
  afterAll(async () => {
    await api.close()
  })

  it('reads the policy/v1 PodDisruptionBudgets of every namespace, with selector and status', async () => {
    api.setDisruptionBudgets([
      {
        metadata: { name: 'web', namespace: 'shop' },
        spec: { selector: { matchLabels: { app: 'web' } } },
        status: { disruptionsAllowed: 1, disruptedPods: { 'web-0': '2026-11-01T00:00:00Z' } },
      },
    ])
    const budgets = (await snapshot.listPodDisruptionBudgets()) as {
      metadata: { name: string; namespace: string }
      spec: { selector: { matchLabels: Record<string, string> } }
      status: { disruptionsAllowed: number; disruptedPods: Record<string, unknown> }
    }[]
    expect(budgets.map((b) => [b.metadata.namespace, b.metadata.name])).toEqual([['shop', 'web']])
    expect(budgets[0]?.spec.selector.matchLabels).toEqual({ app: 'web' })
    expect(budgets[0]?.status.disruptionsAllowed).toBe(1)
    expect(Object.keys(budgets[0]?.status.disruptedPods ?? {})).toEqual(['web-0'])
  })
})
