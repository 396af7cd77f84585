import { describe, expect, it } from 'vitest'
import { MAX_INDEXED_CONTAINERS } from '../../src/json/json-scan.js'
import { decodeExtenderArgs } from '../../src/protocol/index.js'
import { indexJson } from '../../src/protocol/json-index.js'
import { utf8 } from '../property/decode-outcomes.js'

/**
 * The request scanner (src/json/json-scan.ts) on values kube-scheduler never sends but JSON
 * allows, in a field the extender does not read: accepted exactly when JSON.parse accepts them,
 * and refused with a message that says what was expected where.
 */

const bodyWith = (value: string): string => `{"Pod":{},"NodeNames":["n"],"x":${value}}`

describe('json-scan: values JSON allows are accepted in a field nobody reads', () => {
  it.each([
    ['the literals true, false and null', '[true,false,null]'],
    ['an exponent without a sign', '1e5'],
    ['an upper-case exponent with a plus sign', '1E+5'],
    ['a negative fraction with a negative exponent', '-0.5e-3'],
    ['a string holding an escaped solidus, then a space', '"a\\/b c"'],
    ['every short escape', '"\\"\\\\\\/\\b\\f\\n\\r\\t"'],
  ])('%s', (_, value) => {
    expect(() => JSON.parse(bodyWith(value))).not.toThrow()
    expect(() => decodeExtenderArgs(utf8(bodyWith(value)))).not.toThrow()
  })
})

describe('json-scan: what it says of a body JSON refuses', () => {
  it.each([
    ['a minus sign without digits', '{"Pod":{},"x":-}', "expected a digit, found '}' at byte 15"],
    [
      'a fraction point without digits',
      '{"Pod":{},"x":1.}',
      "expected a digit, found '}' at byte 16",
    ],
    ['an exponent without digits', '{"Pod":{},"x":1e+}', "expected a digit, found '}' at byte 17"],
    ['a literal cut short', '{"Pod":{},"x":tru}', "expected true, found '}' at byte 17"],
    ['a misspelt literal', '{"Pod":{},"x":nul1}', "expected null, found '1' at byte 17"],
    [
      'a member not followed by a comma or brace',
      '{"Pod":{} "x":1}',
      "expected ',' or '}', found '\"' at byte 10",
    ],
    ['a key without quotes', '{"Pod":{},x:1}', "expected a quoted key, found 'x' at byte 10"],
    ['a key without its colon', '{"Pod" {}}', "expected ':', found '{' at byte 7"],
    ['an unknown escape', '{"Pod":{},"x":"\\q"}', "bad escape, found 'q' at byte 16"],
    [
      'a raw control character in a string',
      '{"Pod":{},"x":"a\tb"}',
      "control character in string, found '\t' at byte 16",
    ],
  ])('%s', (_, body, expected) => {
    expect(() => JSON.parse(body)).toThrow()
    expect(() => decodeExtenderArgs(utf8(body))).toThrow(
      `request body is not valid JSON: ${expected}`
    )
  })
})

describe('json-scan: the index of container ends is bounded (MAX_INDEXED_CONTAINERS)', () => {
  const emptyObjects = (count: number): string => `[${Array(count).fill('{}').join(',')}]`
  const nodes = (count: number): string =>
    Array.from({ length: count }, (_, i) => `{"metadata":{"name":"n${i}"},"spec":{}}`).join(',')

  it('keeps the ends of at most the bound of containers, and the body its own, when a body holds more than that', () => {
    const doc = indexJson(utf8(bodyWith(emptyObjects(MAX_INDEXED_CONTAINERS + 1000))), 'nodenames')
    expect(doc.containerEnds.size).toBe(MAX_INDEXED_CONTAINERS + 1)
  })

  it('decodes the nodes past the bound as it decodes those within it, by scanning them again', () => {
    const padding = emptyObjects(MAX_INDEXED_CONTAINERS)
    const body = `{"Pod":{"x":${padding}},"Nodes":{"items":[${nodes(3)}]},"NodeNames":null}`
    const { candidates } = decodeExtenderArgs(utf8(body))
    if (candidates.kind !== 'nodes') throw new Error('expected nodes')
    expect(
      candidates.nodes.map((node) => [node.name, new TextDecoder().decode(node.spec ?? undefined)])
    ).toEqual([
      ['n0', '{}'],
      ['n1', '{}'],
      ['n2', '{}'],
    ])
  })
})
