import fc from 'fast-check'
import { dump } from 'js-yaml'
import { describe, expect, it } from 'vitest'
import { readPodsText, readWhole, type PodsReading } from '../../src/cli/pod-list-text.js'
import {
  decodeManifestAndPlacement,
  field,
  isJsonObject,
  ProtocolError,
} from '../../src/protocol/index.js'
import { SEED } from './field-arbitraries.js'

/**
 * A YAML pod list read item by item (yaml-list.ts) gives what reading it whole gives, in either
 * order of reading (explain's, forecast's): the same pods, the same workload objects on the side
 * (each once), or the same first error. Over lists printed as kubectl prints them (entries at column 0) and as js-yaml does (indented), with
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
const wrongKind = fc.constant({ kind: 'Node', metadata: { name: 'n' } })
const items = fc.array(
  fc.oneof(
    { weight: 6, arbitrary: pod },
    { weight: 1, arbitrary: workload },
    { weight: 1, arbitrary: wrongKind }
  ),
  { maxLength: 5 }
)

const listText = fc
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

/** What a reading gives: its pods' names and the side's objects, or its error's message. */
function outcome(
  order: PodsReading<unknown>['order'],
  read: (text: string, reading: PodsReading<unknown>) => unknown[],
  text: string
): unknown {
  const side: string[] = []
  const reading: PodsReading<unknown> = {
    origin: 'f.yaml',
    order,
    side: {
      kinds: new Set(['ReplicaSet']),
      decode: (object, kind, index) => {
        if (isJsonObject(object) && field(object, 'spec') === 'bad')
          throw new ProtocolError(`f.yaml: ${kind} ${index} is bad`)
        side.push(`${kind} ${index} ${JSON.stringify(object)}`)
      },
    },
    decode: (object, index) => decodeManifestAndPlacement(object, `f.yaml: pod ${index}`, false),
  }
  try {
    return { pods: read(text, reading), side }
  } catch (error) {
    if (!(error instanceof ProtocolError)) throw error
    return { error: error.message, side }
  }
}

describe('a YAML pod list read item by item', () => {
  it.each(['in-order', 'kinds-first'] as const)(
    'gives what reading it whole gives: pods, workload objects once each, or the first error (%s)',
    (order) => {
      fc.assert(
        fc.property(listText, edit, (source, change) => {
          const yaml = edited(source, change)
          expect(outcome(order, readPodsText, yaml)).toEqual(outcome(order, readWhole, yaml))
        }),
        { seed: SEED, numRuns: 1500 }
      )
    }
  )
})
