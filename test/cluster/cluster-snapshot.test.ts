import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ClusterSnapshot } from '../../src/cluster/index.js'
import { FakeApiServer, kubeconfigFor } from '../support/fake-apiserver.js'

/** The tools' one-shot lists, read page by page from a real list endpoint. */

const pod = (name: string, nodeName?: string): unknown => ({
  metadata: { name, namespace: 'ns' },
  spec: nodeName === undefined ? {} : { nodeName },
})

describe('ClusterSnapshot', () => {
  let api: FakeApiServer
  let snapshot: ClusterSnapshot

  beforeAll(async () => {
    api = await FakeApiServer.start()
    for (const name of ['n5', 'n3', 'n1', 'n4', 'n2']) api.addNode({ name })
    const onN1 = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((name) => pod(name, 'n1'))
    api.setPods([...onN1, pod('other', 'n2'), pod('pending-1'), pod('pending-2')])
    snapshot = new ClusterSnapshot({ kind: 'kubeconfig', paths: [kubeconfigFor(api.url)] }, 2)
  })
  afterAll(async () => {
    await api.close()
  })
  afterEach(() => {
    api.onRequest = undefined
  })

  function listRequestsSince(since: number): { limit: string | null; continue: string | null }[] {
    return api.requestLog.slice(since).map(({ url }) => {
      const params = new URL(url, 'http://api').searchParams
      return { limit: params.get('limit'), continue: params.get('continue') }
    })
  }

  it('reads every node, a page at a time, following each continue token to the end', async () => {
    const before = api.requestLog.length
    const nodes = (await snapshot.listNodes()) as { metadata: { name: string } }[]
    expect(nodes.map((n) => n.metadata.name)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5'])
    const requests = listRequestsSince(before)
    expect(requests.map((r) => r.limit)).toEqual(['2', '2', '2'])
    expect(requests[0]?.continue).toBeNull()
    expect(requests.slice(1).every((r) => r.continue !== null)).toBe(true)
  })

  it('reads every pod the field selector selects, a page at a time', async () => {
    const before = api.requestLog.length
    const onN1 = (await snapshot.listPods('spec.nodeName=n1')) as { metadata: { name: string } }[]
    expect(onN1.map((p) => p.metadata.name)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g'])
    expect(listRequestsSince(before)).toHaveLength(4)
    const pending = (await snapshot.listPods('spec.nodeName=')) as { metadata: { name: string } }[]
    expect(pending.map((p) => p.metadata.name)).toEqual(['pending-1', 'pending-2'])
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

  /** Makes the next `times` continued pages answer 410, as etcd's compaction does. */
  function expireContinuedPages(times: number): void {
    let left = times
    api.onRequest = (kind, url) => {
      if (left === 0 || !url.searchParams.has('continue')) return
      left--
      if (kind === 'list') api.expireContinueTokens()
      else api.faults.failNext(kind, 1, 410)
    }
  }

  it('starts the node list again from its first page, once, when a continue token expires mid-list', async () => {
    expireContinuedPages(1)
    const before = api.requestLog.length
    const nodes = (await snapshot.listNodes()) as { metadata: { name: string } }[]
    // Every node once: the pages read before the expiry are not kept twice.
    expect(nodes.map((n) => n.metadata.name)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5'])
    const continues = listRequestsSince(before).map((r) => r.continue !== null)
    expect(continues).toEqual([false, true, false, true, true])
  })

  it('starts the pod list again from its first page, once, when a continue token expires mid-list', async () => {
    expireContinuedPages(1)
    const onN1 = (await snapshot.listPods('spec.nodeName=n1')) as { metadata: { name: string } }[]
    expect(onN1.map((p) => p.metadata.name)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g'])
  })

  it("gives up with the API server's 410 when the list started again expires too", async () => {
    expireContinuedPages(2)
    const before = api.requestLog.length
    await expect(snapshot.listNodes()).rejects.toMatchObject({ code: 410 })
    expect(listRequestsSince(before)).toHaveLength(4)
  })
})
