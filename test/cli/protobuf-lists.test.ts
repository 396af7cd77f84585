import type { IncomingMessage, ServerResponse } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { ClusterSnapshot, NODE_LIST, podList } from '../../src/cluster/index.js'
import { clusterListSource } from '../../src/cli/cluster-lists.js'
import { readNodes, readPodList } from '../../src/cli/manifests.js'
import { ClusterReadError } from '../../src/cli/tool-exit.js'
import { LoopbackListener } from '../support/fake-http.js'
import { kubeconfigFor } from '../support/kubeconfig-for.js'
import { envelope, pb } from '../support/protobuf-writer.js'

/**
 * Pods and nodes lists answered in protobuf by a server that speaks it, page by page: asked for
 * with protobuf first, read into the same objects as JSON, the next page asked for as soon as
 * a page's metadata has arrived, and a malformed page refused naming the list, page and byte.
 */

const PROTOBUF = 'application/vnd.kubernetes.protobuf'

/** A PodList page of pods named `names` on node n1, continued by `token` when given. */
function podPage(names: readonly string[], token?: string): Uint8Array {
  const meta = pb.message(1, ...(token === undefined ? [] : [pb.string(3, token)]))
  const items = names.map((name) =>
    pb.message(
      2,
      pb.message(1, pb.string(1, name), pb.string(3, 'ns')),
      pb.message(2, pb.message(2, pb.string(1, 'c')), pb.string(10, 'n1'))
    )
  )
  return envelope('PodList', pb.concat(meta, ...items))
}

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => void

const listener = new LoopbackListener()
const accepts: string[] = []

async function serve(handler: Handler): Promise<ClusterSnapshot> {
  const url = await listener.listen(0, (req, res) => {
    const at = new URL(req.url ?? '/', 'http://api')
    accepts.push(req.headers.accept ?? '')
    handler(req, res, at)
  })
  return new ClusterSnapshot({ kind: 'kubeconfig', paths: [kubeconfigFor(url)] })
}

function sendProtobuf(res: ServerResponse, body: Uint8Array): void {
  res.writeHead(200, { 'Content-Type': PROTOBUF, 'Content-Length': body.length })
  res.end(body)
}

afterEach(async () => {
  accepts.length = 0
  await listener.close()
})

const podsOf = (snapshot: ClusterSnapshot) =>
  readPodList(
    clusterListSource(snapshot, 'pods', [podList(null, 'spec.nodeName=n1')], 'cluster pods'),
    ({ placement }) => `${placement.namespace}/${placement.name}@${placement.nodeName}`
  )

describe('pods and nodes lists in protobuf', () => {
  it('asks for protobuf first, then JSON, and reads every page of protobuf pods in order', async () => {
    const snapshot = await serve((_, res, url) => {
      const token = url.searchParams.get('continue')
      sendProtobuf(res, token === null ? podPage(['a', 'b'], 'page-2') : podPage(['c']))
    })
    expect(await podsOf(snapshot)).toEqual(['ns/a@n1', 'ns/b@n1', 'ns/c@n1'])
    expect(accepts).toEqual([`${PROTOBUF}, application/json`, `${PROTOBUF}, application/json`])
  })

  it('asks for JSON alone for any other list, such as a workload kind', async () => {
    const snapshot = await serve((_, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify({ kind: 'NodeList', items: [] }))
    })
    const deployments = { path: '/apis/apps/v1/deployments' }
    await readNodes(clusterListSource(snapshot, 'deployments', [deployments], 'x'), true)
    expect(accepts).toEqual(['application/json'])
  })

  it('starts the list again once when a continue token expires (410), keeping no pod twice', async () => {
    let expired = false
    const expiry = envelope('Status', pb.concat(pb.string(4, 'Expired'), pb.varint(6, 410)))
    const snapshot = await serve((_, res, url) => {
      if (url.searchParams.get('continue') === null)
        return sendProtobuf(res, podPage(['a', 'b'], 't'))
      if (expired) return sendProtobuf(res, podPage(['c']))
      expired = true
      res.writeHead(410, { 'Content-Type': PROTOBUF, 'Content-Length': expiry.length })
      res.end(expiry)
    })
    expect(await podsOf(snapshot)).toEqual(['ns/a@n1', 'ns/b@n1', 'ns/c@n1'])
    expect(accepts).toHaveLength(4)
  })

  it('reads a JSON answer to the same request as before, its content-type deciding', async () => {
    const snapshot = await serve((_, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify({ kind: 'NodeList', items: [{ metadata: { name: 'n1' } }] }))
    })
    const source = clusterListSource(snapshot, 'nodes', [NODE_LIST], 'cluster nodes')
    expect((await readNodes(source)).map((n) => n.name)).toEqual(['n1'])
  })

  it('asks for the next page as soon as a page metadata has arrived, before the page ends', async () => {
    let finishFirst: (() => void) | undefined
    const snapshot = await serve((_, res, url) => {
      if (url.searchParams.get('continue') !== null) {
        finishFirst?.()
        sendProtobuf(res, podPage(['c']))
        return
      }
      const page = podPage(['a', 'b'], 'page-2')
      res.writeHead(200, { 'Content-Type': PROTOBUF, 'Content-Length': page.length })
      res.write(page.subarray(0, 40))
      finishFirst = () => res.end(page.subarray(40))
    })
    expect(await podsOf(snapshot)).toEqual(['ns/a@n1', 'ns/b@n1', 'ns/c@n1'])
  })

  it("words a refusal answered with a protobuf Status as a JSON one: the API server's reason and message", async () => {
    const words = 'pods is forbidden: User "x" cannot list resource "pods"'
    const status = envelope(
      'Status',
      pb.concat(
        pb.string(2, 'Failure'),
        pb.string(3, words),
        pb.string(4, 'Forbidden'),
        pb.varint(6, 403)
      )
    )
    const snapshot = await serve((_, res) => {
      res.writeHead(403, { 'Content-Type': PROTOBUF, 'Content-Length': status.length })
      res.end(status)
    })
    const reading = podsOf(snapshot)
    await expect(reading).rejects.toThrow(ClusterReadError)
    await expect(reading).rejects.toThrow(
      `cannot list pods from ${listener.url}: HTTP 403 Forbidden: ${words}`
    )
  })

  it('refuses a malformed page as a failed read of the cluster, naming the list, the page and the byte', async () => {
    const snapshot = await serve((_, res, url) => {
      const token = url.searchParams.get('continue')
      const second = podPage(['c'])
      sendProtobuf(res, token === null ? podPage(['a'], 'page-2') : second.subarray(0, 30))
    })
    const reading = podsOf(snapshot)
    await expect(reading).rejects.toThrow(ClusterReadError)
    await expect(reading).rejects.toThrow(
      `cannot list pods from ${listener.url}: page 2 of /api/v1/pods?fieldSelector=spec.nodeName=n1 is malformed protobuf: a length runs past the end of its message at byte 20`
    )
  })
})
