import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ClusterSnapshot, NODE_LIST, podList } from '../../src/cluster/index.js'
import { clusterListSource } from '../../src/cli/cluster-lists.js'
import { readNodes, readPodList } from '../../src/cli/manifests.js'
import { ClusterReadError } from '../../src/cli/tool-exit.js'
import { FakeApiServer, kubeconfigFor } from '../support/fake-apiserver.js'

/**
 * The nodes' and pods' lists streamed from a real list endpoint, page by page, into the same
 * reading as a file's: every object once, in order, following each continue token to the end.
 */

const pod = (name: string, nodeName?: string): unknown => ({
  metadata: { name, namespace: 'ns' },
  spec: { containers: [{ name: 'c' }], ...(nodeName === undefined ? {} : { nodeName }) },
})

describe('streamed cluster lists', () => {
  let api: FakeApiServer
  let snapshot: ClusterSnapshot

  beforeAll(async () => {
    api = await FakeApiServer.start()
    for (const name of ['n5', 'n3', 'n1', 'n4', 'n2']) api.addNode({ name })
    const onN1 = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((name) => pod(name, 'n1'))
    api.setPods([...onN1, pod('other', 'n2'), pod('pending-1'), pod('pending-2')])
    snapshot = new ClusterSnapshot({ kind: 'kubeconfig', paths: [kubeconfigFor(api.url)] }, 2, 2)
  })
  afterAll(async () => {
    await api.close()
  })
  afterEach(() => {
    api.onRequest = undefined
  })

  interface ListRequest {
    readonly limit: string | null
    readonly continue: string | null
    readonly resourceVersion: string | null
  }

  function listRequestsSince(since: number): ListRequest[] {
    return api.requestLog.slice(since).map(({ url }) => {
      const params = new URL(url, 'http://api').searchParams
      const [limit, resourceVersion] = [params.get('limit'), params.get('resourceVersion')]
      return { limit, continue: params.get('continue'), resourceVersion }
    })
  }

  const nodes = () => clusterListSource(snapshot, 'nodes', [NODE_LIST], 'cluster nodes')
  const pods = (...selectors: string[]) =>
    clusterListSource(
      snapshot,
      'pods',
      selectors.map((s) => podList(null, s)),
      'cluster pods'
    )
  const podNames = async (...selectors: string[]) =>
    readPodList(pods(...selectors), ({ pod }) => pod.name)

  it('reads every node, a page at a time, following each continue token to the end', async () => {
    const before = api.requestLog.length
    expect((await readNodes(nodes())).map((n) => n.name)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5'])
    const requests = listRequestsSince(before)
    expect(requests.map((r) => r.limit)).toEqual(['2', '2', '2'])
    expect(requests[0]?.continue).toBeNull()
    expect(requests.slice(1).every((r) => r.continue !== null)).toBe(true)
  })

  it('asks for the first page from the watch cache (resourceVersion 0), as an informer lists, and follows its continue tokens without one', async () => {
    const before = api.requestLog.length
    await podNames('spec.nodeName=n1')
    expect(listRequestsSince(before).map((r) => r.resourceVersion)).toEqual([
      '0',
      ...Array<null>(3).fill(null),
    ])
  })

  it('reads every pod each field selector selects, one list after another, in order', async () => {
    const before = api.requestLog.length
    expect(await podNames('spec.nodeName=n1', 'spec.nodeName=')).toEqual([
      ...['a', 'b', 'c', 'd', 'e', 'f', 'g'],
      ...['pending-1', 'pending-2'],
    ])
    expect(listRequestsSince(before)).toHaveLength(5)
  })

  it('reads each pod with its controller, readiness, local storage, mirror annotation and grace period, as from a file', async () => {
    const owned = {
      metadata: {
        name: 'web-1',
        namespace: 'ns',
        uid: 'u-1',
        creationTimestamp: '2026-11-01T10:00:00Z',
        annotations: { 'kubernetes.io/config.mirror': 'h', other: 'x' },
        ownerReferences: [
          { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web', uid: 'u-rs', controller: true },
        ],
      },
      spec: {
        nodeName: 'n9',
        terminationGracePeriodSeconds: 12,
        containers: [{ name: 'c' }],
        volumes: [{ name: 'scratch', emptyDir: {} }],
      },
      status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
    }
    api.setPods([owned])
    try {
      const [pod] = await readPodList(pods('spec.nodeName=n9'), ({ placement }) => placement)
      expect(pod).toMatchObject({
        uid: 'u-1',
        createdAt: '2026-11-01T10:00:00Z',
        controller: { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web', uid: 'u-rs' },
        phase: 'Running',
        ready: true,
        localStorage: true,
        mirror: true,
        gracePeriodSeconds: 12,
      })
    } finally {
      const onN1 = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((name) => pod(name, 'n1'))
      api.setPods([...onN1, pod('other', 'n2'), pod('pending-1'), pod('pending-2')])
    }
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

  it('starts a list again from its first page, once, when a continue token expires mid-list, keeping no object twice', async () => {
    expireContinuedPages(1)
    const before = api.requestLog.length
    expect((await readNodes(nodes())).map((n) => n.name)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5'])
    const continues = listRequestsSince(before).map((r) => r.continue !== null)
    expect(continues).toEqual([false, true, false, true, true])
    expireContinuedPages(1)
    expect(await podNames('spec.nodeName=n1')).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g'])
  })

  it("fails naming the server and the API server's 410 when the list started again expires too", async () => {
    expireContinuedPages(2)
    const reading = readNodes(nodes())
    await expect(reading).rejects.toThrow(ClusterReadError)
    await expect(reading).rejects.toThrow(`cannot list nodes from ${api.url}: HTTP 410`)
  })
})

describe('a streamed page larger than the parts it is gathered into', () => {
  it('reads every pod of a page of some 900 KiB, arriving in many records, once and in order', async () => {
    const api = await FakeApiServer.start()
    try {
      const padding = 'x'.repeat(1500)
      const names = Array.from({ length: 600 }, (_, i) => `pod-${String(i).padStart(3, '0')}`)
      api.setPods(
        names.map((name) => ({
          metadata: { name, namespace: 'ns', annotations: { padding } },
          spec: { containers: [{ name: 'c' }], nodeName: 'n1' },
        }))
      )
      const snapshot = new ClusterSnapshot({ kind: 'kubeconfig', paths: [kubeconfigFor(api.url)] })
      const source = clusterListSource(snapshot, 'pods', [podList(null, '')], 'cluster pods')
      expect(await readPodList(source, ({ pod }) => pod.name)).toEqual(names)
      expect(api.requestLog).toHaveLength(1)
    } finally {
      await api.close()
    }
  })
})
