import fc from 'fast-check'
import { dump } from 'js-yaml'
import { describe, expect, it } from 'vitest'
import { readListText, readWhole, type ListTextReading } from '../../src/cli/list-text.js'
import type { ExpectedKind } from '../../src/cli/manifest-kinds.js'
import {
  decodeManifestAndPlacement,
  decodeManifestNode,
  field,
  isJsonObject,
  ProtocolError,
} from '../../src/protocol/index.js'
import { SEED } from './field-arbitraries.js'

/**
 * A YAML list read item by item (yaml-list.ts, list-text.ts) gives what reading it whole gives,
 * in each of the readings (explain's pods, forecast's, a workloads file's, the nodes): the same objects
 * kept, the same objects on the side (each once), or the same first error. Over lists printed
 * as kubectl prints them (entries at column 0) and as js-yaml does (indented), with
 * values YAML must quote or fold (`- `, `#`, `: `, anchors' and aliases' marks, line breaks),
 * objects the decoders refuse, and texts broken by one edit anywhere: an entry cut in the wrong
 * place, or an error found in a different order, shows as a difference.
 */

const text = fc.constantFrom(
  'web',
  '- x',
  '# not a comment',
  'a: b',
  '&anchor',
  '*alias',
  'line\nbreak',
  '"quoted"',
  "it's",
  '',
  ' lead',
  'items:',
  '---'
)
const pod = fc
  .record({
    name: text,
    labels: fc.dictionary(fc.constantFrom('app', 'tier', 'x/y'), text, { maxKeys: 2 }),
    cpu: fc.constantFrom('250m', '1', 'lots'),
    nodeName: fc.constantFrom('n1', ''),
  })
  .map(({ name, labels, cpu, nodeName }) => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, labels },
    spec: {
      nodeName,
      containers: [{ name: 'c', resources: { requests: { cpu } } }],
    },
  }))
const workload = fc.record({
  kind: fc.constant('ReplicaSet'),
  metadata: fc.record({ name: text }),
  spec: fc.constantFrom('good', 'bad'),
})
const node = fc
  .record({ name: text, unschedulable: fc.constantFrom<unknown>(true, false, 'yes') })
  .map(({ name, unschedulable }) => ({ kind: 'Node', metadata: { name }, spec: { unschedulable } }))

/** Mostly objects of the kind read, some workload objects, some of the other kind. */
const itemsOf = (read: fc.Arbitrary<object>, other: fc.Arbitrary<object>) =>
  fc.array(
    fc.oneof(
      { weight: 6, arbitrary: read },
      { weight: 1, arbitrary: workload },
      { weight: 1, arbitrary: other }
    ),
    { maxLength: 5 }
  )

const listText = (items: fc.Arbitrary<object[]>) =>
  fc
    .record({
      items,
      kindFirst: fc.boolean(),
      noArrayIndent: fc.boolean(),
      lineWidth: fc.constantFrom(8, 80),
    })
    .map(({ items, kindFirst, noArrayIndent, lineWidth }) => {
      const list = kindFirst
        ? { apiVersion: 'v1', kind: 'List', items }
        : { apiVersion: 'v1', items, kind: 'List', metadata: { resourceVersion: '' } }
      return dump(list, { noArrayIndent, lineWidth })
    })

type Edit = { at: number; remove: boolean; put: string } | null

/** One edit: a character or a line put in, or a character taken out, at a drawn place. */
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.constant(null),
  fc.record({
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    remove: fc.boolean(),
    put: fc.constantFrom('-', ' ', '\n', '#', '&a ', '*a', '"', ':', '\t', '---\n', '- x\n', 'x'),
  })
)

function edited(source: string, change: Edit): string {
  if (change === null) return source
  const at = Math.floor(change.at * source.length)
  return change.remove
    ? source.slice(0, at) + source.slice(at + 1)
    : source.slice(0, at) + change.put + source.slice(at)
}

const decodePod = (object: unknown, index: number) =>
  decodeManifestAndPlacement(object, `f.yaml: pod ${index}`, false)
const decodeNode = (object: unknown, index: number) =>
  decodeManifestNode(object, `f.yaml: node ${index}`)

interface Reading {
  readonly order: 'in-order' | 'kinds-first'
  readonly expected: ExpectedKind
  readonly flag: string
  /** The kinds read on the side. */
  readonly side: readonly string[]
  readonly decode: (object: unknown, index: number) => unknown
  /** Lists of mostly the objects this reading keeps. */
  readonly lists: fc.Arbitrary<string>
}

const podLists = listText(itemsOf(pod, node))

/**
 * How a text is read: explain's pods (a list, each kind then each pod), forecast's (every kind
 * first), a workloads file, which takes the controllers and passes the pods over, or the nodes
 * (every kind first, nothing on the side; namespaces and budgets are read so too).
 */
const READINGS: Readonly<Record<string, Reading>> = {
  "explain's pods": {
    order: 'in-order',
    expected: 'Pod',
    flag: 'pods',
    side: ['ReplicaSet'],
    decode: decodePod,
    lists: podLists,
  },
  "forecast's pods": {
    order: 'kinds-first',
    expected: 'Pod',
    flag: 'pods',
    side: ['ReplicaSet'],
    decode: decodePod,
    lists: podLists,
  },
  'a workloads file': {
    order: 'kinds-first',
    expected: 'workload object',
    flag: 'workloads',
    side: ['ReplicaSet', 'Pod'],
    decode: decodePod,
    lists: podLists,
  },
  'the nodes': {
    order: 'kinds-first',
    expected: 'Node',
    flag: 'nodes',
    side: [],
    decode: decodeNode,
    lists: listText(itemsOf(node, pod)),
  },
}

/** What a reading gives: what it kept and the side's objects, or its error's message. */
function outcome(
  how: Reading,
  read: (text: string, reading: ListTextReading<unknown>) => unknown[],
  text: string
): unknown {
  const side: string[] = []
  const reading: ListTextReading<unknown> = {
    origin: 'f.yaml',
    expected: how.expected,
    flag: how.flag,
    order: how.order,
    side: {
      kinds: new Set(how.side),
      decode: (object, kind, index) => {
        if (isJsonObject(object) && field(object, 'spec') === 'bad')
          throw new ProtocolError(`f.yaml: ${kind} ${index} is bad`)
        side.push(`${kind} ${index} ${JSON.stringify(object)}`)
      },
    },
    decode: how.decode,
  }
  try {
    return { kept: read(text, reading), side }
  } catch (error) {
    if (!(error instanceof ProtocolError)) throw error
    // A failed read fails the command: what the side was given by then is never used.
    return { error: error.message }
  }
}

describe('a YAML list read item by item', () => {
  it.each(Object.keys(READINGS))(
    'gives what reading it whole gives: the objects kept, those on the side once each, or the first error (%s)',
    (name) => {
      const how = READINGS[name] as Reading
      fc.assert(
        fc.property(how.lists, edit, (source, change) => {
          const yaml = edited(source, change)
          expect(outcome(how, readListText, yaml)).toEqual(outcome(how, readWhole, yaml))
        }),
        { seed: SEED, numRuns: 1500 }
      )
    }
  )
})
