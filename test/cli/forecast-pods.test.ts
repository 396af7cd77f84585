import { describe, expect, it } from 'vitest'
import { dump } from 'js-yaml'
import { readForecastPods } from '../../src/cli/forecast-pods.js'
import { podsSource } from '../../src/cli/tool-io.js'
import { openInput } from '../../src/config/tool-inputs.js'
import { tempFile } from './run-tool.js'

/**
 * The pods forecast keeps, read once each: the placement and the tolerations, from a JSON List
 * (streamed) and from YAML documents (read whole), with the same refusals whichever node the pod
 * is bound to.
 */

const TOLERATION = { key: 'maint', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 }

function podObject(name: string, nodeName: string, tolerations?: unknown): unknown {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { namespace: 'shop', name, labels: { app: 'web' } },
    spec: {
      nodeName,
      containers: [{ name: 'c', image: 'web:1', resources: { requests: { cpu: '100m' } } }],
      ...(tolerations === undefined ? {} : { tolerations }),
    },
    status: { phase: 'Running' },
  }
}

const asList = (items: unknown[]) => JSON.stringify({ apiVersion: 'v1', kind: 'List', items })
const asYaml = (items: unknown[]) => items.map((item) => dump(item)).join('---\n')

async function read(name: string, text: string) {
  const path = tempFile(name, text)
  return readForecastPods(await podsSource({ kind: 'file', ...openInput(path, 'pods') }, []))
}

describe.each([
  ['a JSON List, streamed', 'pods.json', asList],
  ['YAML documents, read whole', 'pods.yaml', asYaml],
])('forecast’s pods from %s', (_form, name, write) => {
  it('keeps each pod’s placement and its tolerations, and none for a pod without any', async () => {
    const pods = await read(
      name,
      write([podObject('a', 'n1', [TOLERATION]), podObject('b', 'n2'), podObject('c', '')])
    )
    expect(pods.map((p) => [p.placement.name, p.placement.nodeName, p.placement.phase])).toEqual([
      ['a', 'n1', 'Running'],
      ['b', 'n2', 'Running'],
      ['c', '', 'Running'],
    ])
    expect(pods[0]?.placement.labels).toEqual({ app: 'web' })
    expect(pods[0]?.placement.resources).toBeDefined()
    expect(pods[0]?.tolerations).toEqual([
      { key: 'maint', operator: 'Exists', value: '', effect: 'NoExecute', tolerationSeconds: 60n },
    ])
    expect(pods.slice(1).map((p) => p.tolerations)).toEqual([[], []])
  })

  it('refuses tolerations that are not a list on a pod of any node, naming the pod and field', async () => {
    const pods = write([podObject('a', 'n1'), podObject('b', 'n7', 'everything')])
    await expect(read(name, pods)).rejects.toThrow(/pod 1\.spec\.tolerations/)
  })
})
