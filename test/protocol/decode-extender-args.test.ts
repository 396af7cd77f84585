import { describe, expect, it } from 'vitest'
import { decodeExtenderArgs, newNameSpans } from '../../src/protocol/index.js'
import { utf8 } from '../property/decode-outcomes.js'

/**
 * What decodeExtenderArgs reads besides tolerations and candidates, and member orders that
 * kube-scheduler does not write but JSON allows. The property suites (test/property/decode.*)
 * check everything else against JSON.parse.
 */

function podOf(metadata: string) {
  const { pod } = decodeExtenderArgs(utf8(`{"Pod":{"metadata":${metadata}},"NodeNames":["n"]}`))
  return { name: pod.name, namespace: pod.namespace, uid: pod.uid }
}

describe('decodeExtenderArgs: the pod identity logs and explanations name', () => {
  it.each([
    [
      'reads the name, namespace and UID',
      '{"name":"web-1","namespace":"shop","uid":"0b5e"}',
      { name: 'web-1', namespace: 'shop', uid: '0b5e' },
    ],
    [
      'reads an identity field that is missing as empty',
      '{"name":"web-1"}',
      { name: 'web-1', namespace: '', uid: '' },
    ],
    [
      'reads an identity field of the wrong type as empty rather than failing the request',
      '{"name":5,"namespace":["shop"],"uid":null}',
      { name: '', namespace: '', uid: '' },
    ],
  ])('%s', (_, metadata, identity) => {
    expect(podOf(metadata)).toEqual(identity)
  })
})

describe('decodeExtenderArgs: member order in a NodeList', () => {
  it('reads the items of a NodeList whose items come before its metadata, kind and apiVersion', () => {
    const body =
      '{"Pod":{},"Nodes":{"items":[{"metadata":{"name":"a"}},{"metadata":{"name":"b"}}],' +
      '"metadata":{},"kind":"NodeList","apiVersion":"v1"},"NodeNames":null}'
    const { candidates } = decodeExtenderArgs(utf8(body))
    expect(candidates.kind).toBe('nodes')
    if (candidates.kind !== 'nodes') return
    expect(candidates.nodes.map((ref) => ref.name)).toEqual(['a', 'b'])
  })
})

describe('decodeExtenderArgs: whitespace', () => {
  /** What a decode reads: the pod's identity and tolerations, and the names in order. */
  function read(text: string) {
    const { pod, candidates } = decodeExtenderArgs(utf8(text))
    if (candidates.kind !== 'names') throw new Error('expected names')
    const names = Array.from({ length: candidates.names.length }, (_, i) =>
      candidates.names.name(i)
    )
    return { name: pod.name, tolerations: pod.tolerations, names }
  }

  const COMPACT =
    '{"Pod":{"metadata":{"name":"p"},"spec":{"tolerations":[{"key":"k","operator":"Exists"}]}},' +
    '"NodeNames":["a","b"]}'

  it.each([
    ['spaces', ' '],
    ['tabs', '\t'],
    ['line feeds', '\n'],
    ['carriage returns', '\r'],
    ['CRLF line ends and indentation', '\r\n\t '],
  ])('reads a body with %s around every token as its compact form', (_name, ws) => {
    const spaced = COMPACT.replace(/([{}[\]:,])/g, `${ws}$1${ws}`)
    expect(read(spaced)).toEqual(read(COMPACT))
    expect(read(COMPACT).names).toEqual(['a', 'b'])
  })
})

describe('decodeExtenderArgs: tolerationSeconds as Go decodes an int64', () => {
  const withSeconds = (token: string) =>
    utf8(
      `{"Pod":{"spec":{"tolerations":[{"key":"k","operator":"Exists","TolerationSeconds":${token}}]}},"NodeNames":[]}`
    )

  it.each(['9223372036854775807', '-9223372036854775808'])(
    'accepts %s, at the edge of int64 (kept as JSON.parse reads it: only the eviction forecast reads it)',
    (token) => {
      const pod = decodeExtenderArgs(withSeconds(token)).pod
      expect(pod.tolerations[0]?.tolerationSeconds).toBe(BigInt(Number(token)))
    }
  )

  it.each([
    ['0', 0n],
    ['300', 300n],
    ['null', null],
  ])('reads %s exactly, with the key in any casing', (token, expected) => {
    expect(decodeExtenderArgs(withSeconds(token)).pod.tolerations[0]?.tolerationSeconds).toBe(
      expected
    )
  })
})

describe('decodeExtenderArgs: the candidates one request may carry (--max-nodes-per-request)', () => {
  const node = (i: number): string => `{"metadata":{"name":"n${i}","resourceVersion":"1"}}`
  const nodesBody = (count: number): Uint8Array =>
    utf8(
      `{"Pod":{"metadata":{"name":"p"}},"Nodes":{"items":[${Array.from({ length: count }, (_, i) => node(i)).join(',')}]}}`
    )
  const namesBody = (names: string[]): Uint8Array =>
    utf8(`{"Pod":{"metadata":{"name":"p"}},"NodeNames":[${names.join(',')}]}`)
  const plainNames = (count: number): string[] => Array.from({ length: count }, (_, i) => `"n${i}"`)
  const refusal = (decode: () => unknown): { status: number; message: string } => {
    try {
      decode()
    } catch (err) {
      return { status: (err as { status: number }).status, message: (err as Error).message }
    }
    throw new Error('expected a refusal')
  }

  it.each([
    ['a full-node request of exactly the limit is decoded whole', () => nodesBody(3), 3],
    [
      'a node-cache request of exactly the limit is decoded whole',
      () => namesBody(plainNames(3)),
      3,
    ],
  ])('%s', (_, body, limit) => {
    const { candidates } = decodeExtenderArgs(body(), undefined, limit)
    expect(candidates.kind === 'nodes' ? candidates.nodes.length : candidates.names.length).toBe(3)
  })

  it.each([
    [
      'a full-node request one node past the limit is refused with 413, naming its node count and the limit',
      nodesBody(4),
      'the request carries 4 nodes, more than the 3 this extender decodes in one request (--max-nodes-per-request)',
    ],
    [
      'a node-cache request one name past the limit is refused with 413, naming its name count and the limit',
      namesBody(plainNames(4)),
      'the request carries 4 node names, more than the 3 this extender decodes in one request (--max-nodes-per-request)',
    ],
    [
      'names spelt with escapes past the limit are counted like plain ones',
      namesBody(['"\\u006e1"', '"n2"', '"\\u006e3"', '"\\u006e4"', '"\\u006e5"']),
      'the request carries 5 node names, more than the 3 this extender decodes in one request (--max-nodes-per-request)',
    ],
  ])('%s', (_, body, message) => {
    expect(refusal(() => decodeExtenderArgs(body, undefined, 3))).toEqual({ status: 413, message })
  })

  it('keeps no more name positions than the limit while it counts the rest of a list past it', () => {
    const spans = newNameSpans(4)
    refusal(() => decodeExtenderArgs(namesBody(plainNames(1000)), spans, 10))
    expect(spans.length).toBe(10 * 3)
  })

  it('still refuses malformed JSON past the limit as malformed, with 400', () => {
    const body = utf8(`{"Pod":{"metadata":{"name":"p"}},"NodeNames":["a","b","c","d",]}`)
    expect(refusal(() => decodeExtenderArgs(body, undefined, 2)).status).toBe(400)
  })
})
