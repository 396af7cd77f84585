import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dump } from 'js-yaml'
import { readPodList, type ManifestSource } from '../../src/cli/manifests.js'
import { WorkloadCollector } from '../../src/cli/workload-kinds.js'
import { readWorkloads } from '../../src/cli/workload-manifests.js'
import { openInput } from '../../src/config/tool-inputs.js'
import { replacementFor, type ClusterPod } from '../../src/placement/index.js'
import { FakeApiServer, kubeconfigFor } from '../support/fake-apiserver.js'
import { FIXTURES, runTool, tempFile } from './run-tool.js'
import { readFileSync } from 'node:fs'
import { load } from 'js-yaml'

/**
 * The workload objects read beside the pods: from the pods file itself (a `kubectl get
 * pods,deploy,rs,sts,ds,jobs,rc,svc -A -o json` List, streamed or read whole), from a
 * `--workloads` file, and from the cluster's lists, where a forbidden list is a note.
 */

const TEMPLATE = {
  metadata: { labels: { app: 'web' } },
  spec: { containers: [{ name: 'c', image: 'i' }] },
}
const OWNED_BY_RS = [
  { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-7d9', uid: 'u-rs', controller: true },
]

const POD = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: {
    name: 'web-7d9-x2k4p',
    namespace: 'shop',
    uid: 'u-pod',
    ownerReferences: OWNED_BY_RS,
  },
  spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'i' }] },
  status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
}
const RS = {
  apiVersion: 'apps/v1',
  kind: 'ReplicaSet',
  metadata: { name: 'web-7d9', namespace: 'shop', uid: 'u-rs' },
  spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: TEMPLATE },
}
const SVC = {
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'web', namespace: 'shop' },
  spec: { selector: { app: 'web' } },
}
const MIXED = { apiVersion: 'v1', kind: 'List', items: [POD, RS, SVC] }

function fileOf(name: string, text: string): ManifestSource & { kind: 'file' } {
  const input = openInput(tempFile(name, text), 'pods')
  const bytes = new TextEncoder().encode(text)
  return {
    kind: 'file',
    ...input,
    read(sink) {
      for (let i = 0; i < bytes.length; i += 7) sink.chunk(bytes.slice(i, i + 7))
      sink.endDocument()
      return Promise.resolve()
    },
    text: () => text,
  }
}

describe('the workload objects of a pods file', () => {
  it.each([
    ['a JSON List read as it arrives', JSON.stringify(MIXED)],
    ['a YAML List read whole', dump(MIXED)],
  ])(
    '%s: the pods are read as pods, the controllers and Services beside them',
    async (_name, text) => {
      const collector = new WorkloadCollector()
      const pods = await readPodList(
        fileOf('mixed', text),
        ({ placement }) => placement,
        collector.side('mixed')
      )
      expect(pods.map((p) => p.name)).toEqual(['web-7d9-x2k4p'])
      const index = collector.index()
      expect(index.servicesIn('shop')).toEqual([
        { namespace: 'shop', name: 'web', selector: { app: 'web' } },
      ])
      const pod = pods[0] as ClusterPod
      expect(index.controllerOf(pod)?.name).toBe('web-7d9')
      expect(replacementFor(pod, index)).toMatchObject({
        outcome: 'recreated',
        pod: { name: 'web-7d9-<new>' },
      })
    }
  )

  it('passes the workload objects over when nothing collects them, rather than refusing them as pods', async () => {
    const pods = await readPodList(fileOf('mixed', JSON.stringify(MIXED)))
    expect(pods.map((p) => p.pod.name)).toEqual(['web-7d9-x2k4p'])
  })

  it('refuses a malformed workload object, naming the file, its kind and its place', async () => {
    const bad = { ...MIXED, items: [POD, { ...RS, spec: { replicas: 'two' } }] }
    const collector = new WorkloadCollector()
    await expect(
      readPodList(fileOf('mixed', JSON.stringify(bad)), () => undefined, collector.side('mixed'))
    ).rejects.toThrow('mixed: replicaset 1.spec.replicas: expected an integer')
  })
})

describe('a --workloads file', () => {
  it('reads its controllers and Services and passes its pods over, so the pods file itself serves', async () => {
    const path = tempFile('workloads.json', JSON.stringify(MIXED))
    const collector = new WorkloadCollector()
    await readWorkloads({ kind: 'file', ...openInput(path, 'workloads') }, collector)
    expect(collector.index().size).toBe(2)
  })

  it('refuses a Node in it, naming the file and the flag', async () => {
    const node = { kind: 'Node', metadata: { name: 'n1' } }
    const path = tempFile('workloads.json', JSON.stringify({ kind: 'List', items: [RS, node] }))
    await expect(
      readWorkloads({ kind: 'file', ...openInput(path, 'workloads') }, new WorkloadCollector())
    ).rejects.toThrow(`${path} holds a Node "n1", not a workload object (--workloads)`)
  })
})

describe('the workload objects of the cluster', () => {
  let api: FakeApiServer
  let kubeconfig: string

  beforeAll(async () => {
    api = await FakeApiServer.start()
    kubeconfig = kubeconfigFor(api.url)
    const { kind: _rsKind, apiVersion: _rsApi, ...rsItem } = RS
    const { kind: _svcKind, apiVersion: _svcApi, ...svcItem } = SVC
    api.workloads.set('/apis/apps/v1/replicasets', [rsItem])
    api.workloads.set('/api/v1/services', [svcItem])
    api.workloads.forbid('/apis/apps/v1/statefulsets')
  })
  afterAll(async () => {
    await api.close()
  })

  it('lists every kind, names items by their list kind, and notes a forbidden list rather than failing', async () => {
    const collector = new WorkloadCollector()
    const before = api.requestLog.length
    await readWorkloads(
      { kind: 'cluster', cluster: { kind: 'kubeconfig', paths: [kubeconfig] } },
      collector
    )
    const paths = api.requestLog.slice(before).map((r) => new URL(r.url, 'http://api').pathname)
    expect(paths.sort()).toEqual(
      [
        '/api/v1/replicationcontrollers',
        '/api/v1/services',
        '/apis/apps/v1/daemonsets',
        '/apis/apps/v1/deployments',
        '/apis/apps/v1/replicasets',
        '/apis/apps/v1/statefulsets',
        '/apis/batch/v1/jobs',
      ].sort()
    )
    const index = collector.index()
    expect(
      index.controllerOf({
        ...(POD.metadata as object),
        controller: OWNED_BY_RS[0],
      } as unknown as ClusterPod)?.replicas
    ).toBe(2)
    expect(index.servicesIn('shop').map((s) => s.name)).toEqual(['web'])
    expect(collector.notes).toHaveLength(1)
    expect(collector.notes[0]).toMatch(
      /^cannot list statefulsets from http:\/\/127\.0\.0\.1:\d+: HTTP 403 .*; statefulsets are taken as unknown$/
    )
  })
})

describe('explain with the workload objects in its files', () => {
  const nodes = `${FIXTURES}nodes.yaml`
  const podsOnly = `${FIXTURES}pods.yaml`
  const fixturePods = (load(readFileSync(podsOnly, 'utf8')) as { items: unknown[] }).items
  const mixed = tempFile(
    'all.json',
    JSON.stringify({ kind: 'List', items: [...fixturePods, RS, SVC] })
  )
  const explain = (...more: string[]) =>
    runTool('explain', [
      '--pod',
      `${FIXTURES}pod-web.yaml`,
      '--nodes',
      nodes,
      ...more,
      '-o',
      'json',
    ])

  // None of the List's objects selects or owns the pod: it answers as with no object at all.
  const none = tempFile('none.json', JSON.stringify({ kind: 'List', items: [] }))

  it('answers for a kubectl get pods,deploy,...,svc List as for its pods alone, given as --pods and as --workloads', async () => {
    const alone = await explain('--pods', podsOnly, '--workloads', none)
    const withWorkloads = await explain('--pods', mixed, '--workloads', mixed)
    expect(withWorkloads).toEqual(alone)
    expect(alone.stderr).toBe('')
  })

  it('exits 2 for a --workloads file holding a Node, naming it', async () => {
    const result = await explain('--workloads', nodes)
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/holds a Node "[^"]+", not a workload object \(--workloads\)$/)
  })
})
