import { describe, expect, it } from 'vitest'
import {
  decodeExtenderArgs,
  decodeNodeTaints,
  decodePod,
  matchingKeysAsGo,
  TaintAllowance,
  type NodeRef,
} from '../../src/protocol/index.js'
import { utf8 } from '../property/decode-outcomes.js'

/**
 * The parsed-object readers behind full-node requests and preempt: Go's zero values for what is
 * absent, field names matched in any casing in a request (never by a prefix) and exactly in a
 * Kubernetes object, and errors that name the field's path. The property suites (test/property/decode.*) check the rest against JSON.parse.
 */

const TOLERATION = { key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }

/** The only node of a full-node filter request whose items are `node` (JSON text). */
function nodeRefOf(node: string): NodeRef {
  const args = decodeExtenderArgs(utf8(`{"Pod":{},"Nodes":{"items":[${node}]},"NodeNames":null}`))
  if (args.candidates.kind !== 'nodes') throw new Error('expected nodes')
  return args.candidates.nodes[0] as NodeRef
}

describe('decodePod', () => {
  it.each([
    ['reads a pod without metadata or spec as nameless, with no tolerations', {}],
    ['reads a pod whose metadata and spec are null the same way', { metadata: null, spec: null }],
  ])('%s', (_, pod) => {
    expect(decodePod(pod, 'Pod')).toEqual({ name: '', namespace: '', uid: '', tolerations: [] })
  })

  it('binds toleration fields spelled in upper case in a request, and ignores an unknown key of the same length after each', () => {
    const pod = {
      spec: {
        tolerations: [
          {
            KEY: 'dedicated',
            xyz: 'decoy',
            OPERATOR: 'Equal',
            decoyKey: 'decoy',
            VALUE: 'gpu',
            zzzzz: 'decoy',
            EFFECT: 'NoSchedule',
            qqqqqq: 'decoy',
          },
        ],
      },
    }
    const asRequest = matchingKeysAsGo(() => decodePod(pod, 'Pod'))
    expect(asRequest.tolerations).toEqual([{ ...TOLERATION, tolerationSeconds: null }])
    const asObject = { key: '', operator: '', value: '', effect: '', tolerationSeconds: null }
    expect(decodePod(pod, 'Pod').tolerations).toEqual([asObject])
  })

  it.each([
    [
      'value',
      { ...TOLERATION, value: 7 },
      'Pod.spec.tolerations[0].value: expected a string, got a number',
    ],
    [
      'effect',
      { ...TOLERATION, effect: ['NoSchedule'] },
      'Pod.spec.tolerations[0].effect: expected a string, got an array',
    ],
    [
      'key',
      { ...TOLERATION, key: {} },
      'Pod.spec.tolerations[0].key: expected a string, got an object',
    ],
    [
      'tolerationSeconds',
      { ...TOLERATION, tolerationSeconds: '30' },
      'Pod.spec.tolerations[0].tolerationSeconds: expected an integer, got a string',
    ],
  ])(
    'refuses a toleration whose %s has the wrong type, naming its path',
    (_, toleration, message) => {
      expect(() => decodePod({ spec: { tolerations: [toleration] } }, 'Pod')).toThrow(message)
    }
  )

  it('refuses metadata that is not an object, naming its path', () => {
    expect(() => decodePod({ metadata: 'web-1' }, 'Pod')).toThrow(
      'Pod.metadata: expected an object, got a string'
    )
  })
})

describe('decodeNodeRef and decodeNodeTaints', () => {
  it.each([
    ['reads a node without a spec as schedulable and untainted', '{"metadata":{"name":"n"}}'],
    [
      'reads a node whose spec is null as schedulable and untainted',
      '{"metadata":{"name":"n","resourceVersion":"4"},"spec":null}',
    ],
  ])('%s', (_, node) => {
    const ref = nodeRefOf(node)
    expect(decodeNodeTaints(ref)).toEqual({
      name: 'n',
      resourceVersion: ref.resourceVersion,
      unschedulable: false,
      taints: [],
    })
  })

  it('reads a node without a resourceVersion as having the empty one, which no cache trusts', () => {
    expect(nodeRefOf('{"metadata":{"name":"n"},"spec":{}}').resourceVersion).toBe('')
  })

  it("ignores keys that are only the start of a field's name, as Go ignores unknown keys", () => {
    const ref = nodeRefOf(
      '{"metadata":{"name":"n","nam":"decoy","resourceVersio":"9"},"spec":{},' +
        '"spe":{"taints":[{"key":"k","effect":"NoSchedule"}],"unschedulable":true}}'
    )
    expect({ name: ref.name, resourceVersion: ref.resourceVersion }).toEqual({
      name: 'n',
      resourceVersion: '',
    })
    expect(decodeNodeTaints(ref)).toMatchObject({ unschedulable: false, taints: [] })
  })

  it('binds taint fields spelled in mixed case, and ignores an unknown key of the same length after each', () => {
    const ref = nodeRefOf(
      '{"metadata":{"name":"n"},"spec":{"Taints":[' +
        '{"Key":"spot","kez":"decoy","Value":"true","valux":"decoy","Effect":"PreferNoSchedule","effecx":"decoy"}' +
        '],"Unschedulable":true}}'
    )
    expect(decodeNodeTaints(ref)).toMatchObject({
      unschedulable: true,
      taints: [{ key: 'spot', value: 'true', effect: 'PreferNoSchedule' }],
    })
  })
})

describe('decodeNodeTaints reads the spec from its bytes, parsing only the cordon flag and the taints', () => {
  const TAINT = '{"key":"k","value":"v","effect":"NoSchedule"}'

  it('reads the taints beside members it never parses, however large', () => {
    const padding = `[${Array(100_000).fill('{}').join(',')}]`
    const ref = nodeRefOf(
      `{"metadata":{"name":"n"},"spec":{"podCIDRs":${padding},"taints":[${TAINT}],"x":${padding}}}`
    )
    expect(decodeNodeTaints(ref).taints).toEqual([{ key: 'k', value: 'v', effect: 'NoSchedule' }])
  })

  it('takes the last of several spellings of a member, as Go does', () => {
    const ref = nodeRefOf(
      `{"metadata":{"name":"n"},"spec":{"taints":[${TAINT}],"unschedulable":true,"Taints":[],"UNSCHEDULABLE":false}}`
    )
    expect(decodeNodeTaints(ref)).toMatchObject({ unschedulable: false, taints: [] })
  })

  it.each([
    ['a spec that is not an object', '5', 'Nodes.items[0].spec: expected an object, got a number'],
    [
      'taints that are not an array',
      '{"taints":{}}',
      'Nodes.items[0].spec.taints: expected an array, got an object',
    ],
    ['a taint that is null', '{"taints":[null]}', 'Nodes.items[0].spec.taints[0] is missing'],
    [
      'a taint that is not an object',
      '{"taints":["k"]}',
      'Nodes.items[0].spec.taints[0]: expected an object, got a string',
    ],
    [
      'a taint key that is an array, which is never parsed',
      '{"taints":[{"key":[{},{}]}]}',
      'Nodes.items[0].spec.taints[0].key: expected a string, got an array',
    ],
    [
      'an effect that is a number',
      '{"taints":[{"key":"k","effect":1}]}',
      'Nodes.items[0].spec.taints[0].effect: expected a string, got a number',
    ],
    [
      'a cordon flag that is a string',
      '{"unschedulable":"true"}',
      'Nodes.items[0].spec.unschedulable: expected a boolean, got a string',
    ],
  ])('refuses %s, naming its place', (_, spec, message) => {
    const ref = nodeRefOf(`{"metadata":{"name":"n"},"spec":${spec}}`)
    expect(() => decodeNodeTaints(ref)).toThrow(message)
  })

  it('reads null members as Go’s zero values', () => {
    const ref = nodeRefOf(
      '{"metadata":{"name":"n"},"spec":{"unschedulable":null,"taints":[{"key":null,"value":null,"effect":"NoExecute"}]}}'
    )
    expect(decodeNodeTaints(ref)).toMatchObject({
      unschedulable: false,
      taints: [{ key: '', value: '', effect: 'NoExecute' }],
    })
  })

  it('refuses with 413 the taint that would take a request past its allowance, counting across its nodes', () => {
    const allowance = new TaintAllowance(3)
    const twoTaints = nodeRefOf(`{"metadata":{"name":"n"},"spec":{"taints":[${TAINT},${TAINT}]}}`)
    expect(decodeNodeTaints(twoTaints, allowance).taints).toHaveLength(2)
    let refusal: unknown
    try {
      decodeNodeTaints(twoTaints, allowance)
    } catch (err) {
      refusal = err
    }
    expect(refusal).toMatchObject({
      status: 413,
      message:
        "the request's nodes carry more than 3 taints, more than this extender decodes in one request (--max-nodes-per-request bounds taints too)",
    })
  })
})
