import fc from 'fast-check'
import { dump } from 'js-yaml'
import { describe, expect, it } from 'vitest'
import { readForecastPods } from '../../src/cli/forecast-pods.js'
import { readNodes, readPodList, type ManifestSource } from '../../src/cli/manifests.js'
import { WorkloadCollector, type SideReading } from '../../src/cli/workload-kinds.js'
import { readWorkloads } from '../../src/cli/workload-manifests.js'
import { field, isJsonObject, ProtocolError } from '../../src/protocol/index.js'
import { SEED } from './field-arbitraries.js'

/**
 * The same list given as JSON (streamed, in parts of any size) and as YAML (read item by item,
 * or whole) is read alike by every reader: the same objects kept, the same objects given to the
 * side reading, or the same first error. Lists mix pods, nodes, controllers, objects without a
 * kind, and objects each reading refuses (a pod's cpu, a node's flag, a controller's spec), so
 * that the order in which a reading meets its errors shows in any difference.
 */

const name = fc.constantFrom('a', 'b', 'web-0')
const pod = fc.record({ name, cpu: fc.constantFrom('250m', 'lots') }).map(({ name, cpu }) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'ns' },
  spec: { nodeName: 'n1', containers: [{ name: 'c', resources: { requests: { cpu } } }] },
}))
const node = fc
  .record({ name, unschedulable: fc.constantFrom<unknown>(false, 'yes') })
  .map(({ name, unschedulable }) => ({ kind: 'Node', metadata: { name }, spec: { unschedulable } }))
const replicaSet = fc.record({ name, good: fc.boolean() }).map(({ name, good }) => ({
  apiVersion: 'apps/v1',
  kind: 'ReplicaSet',
  metadata: { name, namespace: 'ns', uid: `rs-${name}` },
  spec: good ? { replicas: 1, selector: { matchLabels: { app: name } } } : 'bad',
}))
const kindless = fc.constantFrom<object>(
  { metadata: { name: 'p' }, spec: { containers: [{ name: 'c' }] } },
  { metadata: { name: 'x' }, data: {} }
)

const list = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: pod },
      { weight: 2, arbitrary: node },
      { weight: 2, arbitrary: replicaSet },
      { weight: 1, arbitrary: kindless }
    ),
    { maxLength: 6 }
  )
  .map((items) => ({ apiVersion: 'v1', kind: 'List', items, metadata: { resourceVersion: '' } }))

/** A file of `text` named `origin`, given in parts of `partBytes`. */
interface File {
  readonly origin: string
  readonly text: string
  chunks(): Uint8Array[]
}

function file(text: string, origin: string, partBytes: number): File {
  const bytes = new TextEncoder().encode(text)
  const chunks = () => {
    const parts: Uint8Array[] = []
    for (let i = 0; i < bytes.length; i += partBytes) parts.push(bytes.slice(i, i + partBytes))
    return parts
  }
  return { origin, text, chunks }
}

/** The file as the tools' readers take a file. */
function source({ origin, text, chunks }: File): ManifestSource {
  return {
    origin,
    read(sink) {
      for (const chunk of chunks()) sink.chunk(chunk)
      sink.endDocument()
      return Promise.resolve()
    },
    text: () => text,
  }
}

/** A side reading that records what it is given and refuses a controller whose spec is bad. */
function recordingSide(seen: string[]): SideReading {
  return {
    kinds: new Set(['ReplicaSet']),
    decode: (object, kind, index) => {
      if (isJsonObject(object) && field(object, 'spec') === 'bad')
        throw new ProtocolError(`${kind} ${index} is bad`)
      seen.push(`${kind} ${index}`)
    },
  }
}

/** A collector that records the controllers it decodes, in order. */
class RecordingCollector extends WorkloadCollector {
  readonly seen: string[] = []
  override add(object: unknown, kind: string, path: string): void {
    super.add(object, kind, path)
    this.seen.push(path)
  }
}

type Reader = (file: File) => Promise<unknown>

/** Each reader, giving what it kept and what went to the side. */
const READERS: Readonly<Record<string, Reader>> = {
  "explain's pods": async (f) => {
    const side: string[] = []
    const kept = await readPodList(source(f), ({ pod }) => pod.name, recordingSide(side))
    return { kept, side }
  },
  "forecast's pods": async (f) => {
    const side: string[] = []
    const pods = await readForecastPods(source(f), recordingSide(side))
    const kept = pods.map((p) => p.placement.name)
    return { kept, side }
  },
  'a workloads file': async (f) => {
    const collector = new RecordingCollector()
    await readWorkloads({ kind: 'file', origin: f.origin, chunks: f.chunks }, collector)
    return { side: collector.seen.map((path) => path.replaceAll(f.origin, 'FILE')) }
  },
  'the nodes': async (f) => ({ kept: (await readNodes(source(f), true)).map((n) => n.name) }),
}

/** What a reader gives, or its error's message with the file's name taken out. */
async function outcome(read: Reader, f: File): Promise<unknown> {
  try {
    return await read(f)
  } catch (error) {
    if (!(error instanceof ProtocolError)) throw error
    return { error: error.message.replaceAll(f.origin, 'FILE') }
  }
}

describe('a list given as JSON and as YAML', () => {
  it.each(Object.keys(READERS))(
    'gives the same objects, the same objects on the side, or the same first error (%s)',
    async (reader) => {
      const read = READERS[reader] as Reader
      await fc.assert(
        fc.asyncProperty(list, fc.integer({ min: 1, max: 64 }), async (value, partBytes) => {
          const json = await outcome(read, file(JSON.stringify(value), 'f.json', partBytes))
          const yaml = await outcome(read, file(dump(value), 'f.yaml', partBytes))
          expect(yaml).toEqual(json)
        }),
        { seed: SEED, numRuns: 400 }
      )
    }
  )
})
