import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeApiServer, kubeconfigFor } from '../support/fake-apiserver.js'
import { runTool, tempFile } from './run-tool.js'

/**
 * explain reads the cluster's unfinished pods in one list and keeps, as kube-scheduler sees
 * them, those bound to a node and those nominated to one (`status.nominatedNodeName`), whose
 * terms count on their nominated node only; a pending pod nominated to none and a finished pod
 * count nowhere.
 */

const INCOMING = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'incoming', namespace: 'shop' },
  spec: {
    priority: 0,
    containers: [{ name: 'main', image: 'registry.example/app:1' }],
    affinity: {
      podAntiAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [
          {
            labelSelector: { matchLabels: { app: 'blocker' } },
            topologyKey: 'kubernetes.io/hostname',
          },
        ],
      },
    },
  },
}

/** A pod labelled `app=blocker`, in the state given. */
function blocker(name: string, spec: object, status: object): unknown {
  const containers = [{ name: 'main', image: 'registry.example/blocker:1' }]
  return {
    metadata: { name, namespace: 'shop', labels: { app: 'blocker' } },
    spec: { priority: 100, containers, ...spec },
    status,
  }
}

describe('explain live, with pods pending, nominated and finished', () => {
  let api: FakeApiServer

  beforeAll(async () => {
    api = await FakeApiServer.start()
    for (const name of ['node-a', 'node-b', 'node-c'])
      api.addNode({ name, labels: { 'kubernetes.io/hostname': name }, taints: [] })
    api.setPods([
      blocker('nominated', {}, { phase: 'Pending', nominatedNodeName: 'node-a' }),
      blocker('waiting', {}, { phase: 'Pending' }),
      blocker('done', { nodeName: 'node-b' }, { phase: 'Succeeded' }),
    ])
  })

  afterAll(() => api.close())

  it('a nominated pod repels the pod from its nominated node only; a pending pod nominated to none and a finished pod repel it nowhere', async () => {
    const pod = tempFile('incoming.json', JSON.stringify(INCOMING))
    const argv = ['--pod', pod, '--kubeconfig', kubeconfigFor(api.url), '-o', 'json']
    const result = await runTool('explain', argv)
    expect(result).toMatchObject({ code: 0, stderr: '' })
    const parsed = JSON.parse(result.stdout) as {
      nodes: { name: string; verdict: string; plugin: string | null }[]
    }
    expect(parsed.nodes.map((n) => [n.name, n.verdict, n.plugin])).toEqual([
      ['node-a', 'rejected', 'InterPodAffinity'],
      ['node-b', 'fits', null],
      ['node-c', 'fits', null],
    ])
  })
})
