import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
})
