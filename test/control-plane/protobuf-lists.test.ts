import { expect, it } from 'vitest'
import type { IncomingMessage } from 'node:http'
import {
  ClusterSnapshot,
  NODE_LIST,
  podList,
  type ListFrom,
  type ListQuery,
} from '../../src/cluster/index.js'
import { clusterListSource } from '../../src/cli/cluster-lists.js'
import { readForecastPods } from '../../src/cli/forecast-pods.js'
import { readNodes, readPodList } from '../../src/cli/manifests.js'
import { describeWithControlPlane, type KubeApi } from '../support/control-plane/index.js'
import { POD_STATUSES, PODS, NODES, NODE_STATUSES, SETUP } from './protobuf-list-objects.js'

/**
 * The pods and nodes lists of a real kube-apiserver v1.28.7 read as protobuf and as JSON give
 * the same decoded objects: nodes and pods that set every member the decoders read (resources,
 * init containers, host ports, every kind of affinity term, tolerations, topology spread,
 * priority, volumes, owner references, a deletion under way, status). Asked for at
 * resourceVersion 0, the API server answers from its watch cache in one response, ignoring the
 * limit; listed from etcd (as a server without a watch cache lists) in pages of two, so that
 * continue tokens are followed in both encodings.
 */

const PROTOBUF = 'application/vnd.kubernetes.protobuf'

async function createAll(api: KubeApi): Promise<void> {
  for (const [path, object] of SETUP) await api.create(path, object)
  for (const node of NODES) await api.create('/api/v1/nodes', node)
  for (const [name, status] of NODE_STATUSES)
    await api.patch(`/api/v1/nodes/${name}/status`, { status })
  for (const pod of PODS) await api.create('/api/v1/namespaces/wire/pods', pod)
  for (const [name, status] of POD_STATUSES)
    await api.patch(`/api/v1/namespaces/wire/pods/${name}/status`, { status })
  // Held by its finalizer, the deleted pod stays with its deletionTimestamp set.
  await api.delete('/api/v1/namespaces/wire/pods/full')
}

/** A snapshot of pages of two whose responses' content types are recorded. */
function recordingSnapshot(kubeconfig: string, types: string[], from: ListFrom): ClusterSnapshot {
  const source = { kind: 'kubeconfig', paths: [kubeconfig] } as const
  const snapshot = new ClusterSnapshot(source, 2, 2, from)
  const open = snapshot.openListPage.bind(snapshot)
  snapshot.openListPage = async (list, token): Promise<IncomingMessage> => {
    const res = await open(list, token)
    types.push(res.headers['content-type'] ?? '')
    return res
  }
  return snapshot
}

/** The same list asked for in JSON only. */
const jsonOnly = (list: ListQuery): ListQuery => ({ ...list, protobuf: false })

describeWithControlPlane('pods and nodes listed as protobuf and as JSON', (plane) => {
  const types: string[] = []
  const source = (list: ListQuery, what: string, from: ListFrom) =>
    clusterListSource(
      recordingSnapshot(plane().kubeconfig, types, from),
      what,
      [list],
      `cluster ${what}`
    )

  async function both<T>(
    list: ListQuery,
    what: string,
    read: (s: ReturnType<typeof source>) => Promise<T>,
    from: ListFrom = 'etcd'
  ) {
    types.length = 0
    const fromProtobuf = await read(source(list, what, from))
    const protobufTypes = [...types]
    types.length = 0
    const fromJson = await read(source(jsonOnly(list), what, from))
    return { fromProtobuf, fromJson, protobufTypes, jsonTypes: [...types] }
  }

  it('reads the same nodes from either, every page of the protobuf list answered in protobuf', async () => {
    await createAll(plane().api)
    const { fromProtobuf, fromJson, protobufTypes, jsonTypes } = await both(
      NODE_LIST,
      'nodes',
      (s) => readNodes(s)
    )
    expect(fromProtobuf).toEqual(fromJson)
    expect(protobufTypes).toEqual([PROTOBUF, PROTOBUF])
    expect(jsonTypes.every((t) => t.startsWith('application/json'))).toBe(true)
    expect(fromProtobuf.map((n) => n.name)).toEqual(['wire-n1', 'wire-n2', 'wire-n3'])
    const [n1] = fromProtobuf
    expect(n1).toMatchObject({ unschedulable: true, labels: { zone: 'z1' } })
    expect(n1?.taints).toHaveLength(2)
    expect(n1?.allocatable?.get('cpu')).toBe(3_500_000_000n)
    expect(n1?.images[0]).toEqual({
      names: ['registry.example/app@sha256:0a1b', 'registry.example/app:v1'],
      sizeBytes: 123_456_789,
    })
  })

  it('reads the same nodes and pods from the watch cache, which answers resourceVersion 0 in one response whatever the limit', async () => {
    const nodes = await both(NODE_LIST, 'nodes', (s) => readNodes(s), 'watch-cache')
    expect(nodes.protobufTypes).toEqual([PROTOBUF])
    expect(nodes.fromProtobuf).toEqual(nodes.fromJson)
    expect(nodes.fromProtobuf).toEqual(await readNodes(source(NODE_LIST, 'nodes', 'etcd')))
    const list = podList(null, '')
    const pods = await both(list, 'pods', (s) => readPodList(s), 'watch-cache')
    expect(pods.protobufTypes).toEqual([PROTOBUF])
    expect(pods.fromProtobuf).toEqual(pods.fromJson)
    expect(pods.fromProtobuf.length).toBeGreaterThan(4)
  })

  it('reads the same pods, with their placements and tolerations, from either', async () => {
    const list = podList(null, '')
    const placed = await both(list, 'pods', (s) => readPodList(s))
    expect(placed.fromProtobuf).toEqual(placed.fromJson)
    expect(placed.protobufTypes.every((t) => t === PROTOBUF)).toBe(true)
    expect(placed.protobufTypes.length).toBeGreaterThan(2)
    const forecast = await both(list, 'pods', (s) => readForecastPods(s))
    expect(forecast.fromProtobuf).toEqual(forecast.fromJson)
    const full = placed.fromProtobuf.find((p) => p.pod.name === 'full')
    expect(full?.placement).toMatchObject({
      priority: -5,
      preemptionPolicy: 'Never',
      terminating: true,
      mirror: true,
      localStorage: true,
      storageVolumes: true,
      volumeClaims: [
        { claimName: 'data', ephemeral: false },
        { claimName: 'full-tmp', ephemeral: true },
      ],
      gracePeriodSeconds: 45,
      nodeName: 'wire-n1',
      phase: 'Running',
      ready: true,
      controller: { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-rs' },
    })
    expect(full?.placement.resources?.resizeInfeasible).toBe(true)
    expect(full?.placement.hostPorts).toHaveLength(2)
    expect(full?.placement.resources?.overhead.get('cpu')).toBe(10_000_000n)
    expect(full?.placement.topologySpreadConstraints).toHaveLength(2)
    expect(full?.placement.preferredAntiAffinity).toHaveLength(1)
    expect(full?.pod.tolerations.map((t) => t.tolerationSeconds)).toEqual([null, 600n, 300n, 300n])
    const pending = placed.fromProtobuf.find((p) => p.pod.name === 'pending')
    expect(pending?.placement.nominatedNodeName).toBe('wire-n2')
  })
})
