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
    item: (value) => read.items.push(value),
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

  it('reads an empty list, and an items key written with an escape, which is still items', () => {
    expect(readInParts('{"items":[]}', 1).items).toEqual([])
    expect(readInParts(' {"\\u0069tems" : [ 1 , 2 ] } \n', 2).items).toEqual([1, 2])
  })

  it('takes the items key in its exact casing only, as the API server decodes a list', () => {
    const read = readInParts('{"Items":[1],"items":[2],"ITEMS":[3]}', 3)
    expect(read.items).toEqual([2])
    expect(read.members).toEqual([
      ['Items', [1]],
      ['ITEMS', [3]],
    ])
  })

  it.each([
    ['a YAML document', 'items:\n- a\n'],
    ['an array', '[{"items":[]}]'],
    ['an object without items', '{"kind":"Pod","spec":{}}'],
    ['items that are not an array', '{"items":null}'],
    ['two items arrays', '{"items":[1],"items":[2]}'],
    ['an object whose items key is in another casing', '{"Items":[1]}'],
    ['a second document after the first', '{"items":[]}{"items":[]}'],
    ['a document cut short inside an item', '{"items":[{"a":1}, {"b":'],
    ['a document cut short after its items', '{"items":[1]'],
    ['invalid JSON inside an item', '{"items":[{"a":01}]}'],
    ['brackets that do not match', '{"items":[{"a":[1}]]}'],
    ['a raw line break inside a string', '{"items":[{"a":"x\ny"}]}'],
    [
      'an item nested deeper than Go decodes',
      `{"items":[${'['.repeat(10_001)}${']'.repeat(10_001)}]}`,
    ],
    ['a missing comma between items', '{"items":[1 2]}'],
    ['an empty document', ''],
  ])('refuses %s as not a list stream, whatever the parts', (_, text) => {
    for (const partBytes of [1, 5, 1000])
      expect(() => readInParts(text, partBytes)).toThrow(NotAListStream)
  })

  it('hands the items of a part over as soon as the part is read, before the list ends', () => {
    const seen: unknown[] = []
    const stream = new ListStream({
      item: (value) => seen.push(value),
      member: () => undefined,
    })
    stream.push(new TextEncoder().encode('{"items":[{"a":1},{"b"'))
    expect(seen).toEqual([{ a: 1 }])
    stream.push(new TextEncoder().encode(':2}]}'))
    stream.end()
    expect(seen).toEqual([{ a: 1 }, { b: 2 }])
  })

  it.each([
    ['an error inside an item', '{"items":[{"a":1},{"a":01},{"b":1} {"c":2}]}', 24],
    ['an error after valid items', String.raw`{"items":[{"a":"}]"},{"b":"\\"} x]}`, 32],
  ])(
    'names the byte of the first error in the document (%s), whatever the parts',
    (_, text, at) => {
      for (const partBytes of [1, 7, 1000])
        expect(() => readInParts(text, partBytes)).toThrow(`not valid JSON at byte ${at}`)
    }
  )

  it('hands over every item of a part larger than one batch, in order and numbered', () => {
    const items = Array.from({ length: 30_000 }, (_, i) => ({
      i,
      text: `"{[${'x'.repeat(i % 97)}`,
    }))
    const bytes = new TextEncoder().encode(JSON.stringify({ kind: 'List', items }))
    const seen: [unknown, number][] = []
    const stream = new ListStream({
      item: (value, index) => seen.push([value, index]),
      member: () => undefined,
    })
    stream.push(bytes)
    stream.end()
    expect(bytes.length).toBeGreaterThan(2 << 20)
    expect(seen).toEqual(items.map((item, i) => [item, i]))
  })

  describe('items read in runs cut where the first two items are separated', () => {
    /**
     * Items the separator of the first two (`},{"metadata":`) also occurs inside: in a string
     * (escaped there, so never matched), and nested early in every long item, so that the last
     * one before a run's limit is nearly always inside an item: a guess JSON.parse refuses.
     */
    const tricky = Array.from({ length: 3000 }, (_, i) => ({
      metadata: { name: `pod-${i}`, note: i % 7 === 0 ? '},{"metadata":{' : 'x' },
      spec: { volumes: [{ metadata: { a: 1 } }, { metadata: { b: [i] } }] },
      status: { message: 'm'.repeat(i % 300) },
    }))

    it.each([
      ['an API server list, compact', JSON.stringify({ kind: 'PodList', items: tricky })],
      ['a list printed by kubectl, indented', JSON.stringify({ items: tricky }, null, 4)],
    ])(
      'gives the same items as JSON.parse in %s, though the separator occurs inside items',
      (_, text) => {
        for (const partBytes of [997, 65_536, 1 << 22])
          expect(readInParts(text, partBytes).items).toEqual(tricky)
      }
    )

    it('still names the byte of an error in an item after the separator is learned', () => {
      const items = Array.from({ length: 500 }, (_, i) => `{"metadata":{"name":"p${i}"}}`)
      items[300] = '{"metadata":{"name":01}}'
      const text = `{"items":[${items.join(',')}]}`
      const at = text.indexOf('"name":01') + '"name":0'.length
      for (const partBytes of [7, 4096, text.length])
        expect(() => readInParts(text, partBytes)).toThrow(`not valid JSON at byte ${at}`)
    })

    it('still refuses an item nested deeper than Go decodes after the separator is learned', () => {
      const deep = `{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}`
      const text = `{"items":[{"a":1},{"a":2},${deep},{"a":3}]}`
      for (const partBytes of [1000, text.length])
        expect(() => readInParts(text, partBytes)).toThrow(NotAListStream)
      const fits = `{"a":${'['.repeat(9_999)}${']'.repeat(9_999)}}`
      expect(readInParts(text.replace(deep, fits), 1000).items).toHaveLength(4)
    })
  })
})
