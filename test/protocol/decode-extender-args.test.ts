import { describe, expect, it } from 'vitest'
import { decodeExtenderArgs } from '../../src/protocol/index.js'
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
