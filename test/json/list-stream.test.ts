import { describe, expect, it } from 'vitest'
import { ListStream, NotAListStream } from '../../src/json/list-stream.js'
import { parseSpan } from '../../src/json/json-walk.js'

/**
 * A list document read as it arrives: whatever the parts, the same items in the same order, each
 * validated; a document that is not one JSON object with one `items` array is refused as such
 * (the reader then reads it another way), and a value cut short is waited for, not refused.
 */

interface Read {
  readonly items: unknown[]
  readonly members: [string, unknown][]
}

function readInParts(text: string, partBytes: number): Read {
  const bytes = new TextEncoder().encode(text)
  const read: Read = { items: [], members: [] }
  const stream = new ListStream({
    item: (doc, span) => read.items.push(parseSpan(doc.buf, span)),
    member: (key, doc, span) => read.members.push([key, parseSpan(doc.buf, span)]),
  })
  for (let i = 0; i < bytes.length; i += partBytes)
    stream.push(bytes.subarray(i, Math.min(i + partBytes, bytes.length)))
  stream.end()
  return read
}

const LIST = JSON.stringify(
  {
    apiVersion: 'v1',
    items: [
      { kind: 'Pod', metadata: { name: 'a', labels: { 'x/y': 'é\u2028"' } }, n: -12.5e3 },
      [],
      'text with \\ and \\u0041',
      { deep: [[[{ a: [true, false, null] }]]] },
      1234567,
    ],
    kind: 'List',
    metadata: { resourceVersion: '' },
  },
  null,
  1
)

describe('ListStream', () => {
  it.each([1, 2, 3, 7, 64, 100_000])(
    'gives the items and the other members whole whatever the size of the parts (%i bytes)',
    (partBytes) => {
      const whole = JSON.parse(LIST) as { items: unknown[]; kind: string }
      const read = readInParts(LIST, partBytes)
      expect(read.items).toEqual(whole.items)
      expect(read.members).toEqual([
        ['apiVersion', 'v1'],
        ['kind', 'List'],
        ['metadata', { resourceVersion: '' }],
      ])
    }
  )

  it('reads an empty list and a list whose items key is spelled in another case', () => {
    expect(readInParts('{"items":[]}', 1).items).toEqual([])
    expect(readInParts(' {"Items" : [ 1 , 2 ] } \n', 2).items).toEqual([1, 2])
  })

  it.each([
    ['a YAML document', 'items:\n- a\n'],
    ['an array', '[{"items":[]}]'],
    ['an object without items', '{"kind":"Pod","spec":{}}'],
    ['items that are not an array', '{"items":null}'],
    ['two items arrays', '{"items":[1],"ITEMS":[2]}'],
    ['a second document after the first', '{"items":[]}{"items":[]}'],
    ['a document cut short inside an item', '{"items":[{"a":1}, {"b":'],
    ['a document cut short after its items', '{"items":[1]'],
    ['invalid JSON inside an item', '{"items":[{"a":01}]}'],
    ['a missing comma between items', '{"items":[1 2]}'],
    ['an empty document', ''],
  ])('refuses %s as not a list stream, whatever the parts', (_, text) => {
    for (const partBytes of [1, 5, 1000])
      expect(() => readInParts(text, partBytes)).toThrow(NotAListStream)
  })

  it('hands an item over as soon as its last byte is in, before the list ends', () => {
    const seen: unknown[] = []
    const stream = new ListStream({
      item: (doc, span) => seen.push(parseSpan(doc.buf, span)),
      member: () => undefined,
    })
    stream.push(new TextEncoder().encode('{"items":[{"a":1},{"b"'))
    expect(seen).toEqual([{ a: 1 }])
    stream.push(new TextEncoder().encode(':2}]}'))
    stream.end()
    expect(seen).toEqual([{ a: 1 }, { b: 2 }])
  })
})
