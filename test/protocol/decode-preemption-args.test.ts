import { describe, expect, it } from 'vitest'
import { decodePreemptionArgs } from '../../src/protocol/index.js'
import { utf8 } from '../property/decode-outcomes.js'

/**
 * ExtenderPreemptionArgs as kube-scheduler sends them: NodeNameToVictims (whole pods) when the
 * extender is not nodeCacheCapable, NodeNameToMetaVictims (UIDs) when it is, never both. What
 * Go would read as zero values is read so; what is wrong is refused with its path.
 */

function candidatesOf(args: object): Record<string, { uids: string[]; pdb: bigint }> {
  const { candidates } = decodePreemptionArgs(utf8(JSON.stringify({ Pod: {}, ...args })))
  return Object.fromEntries(
    [...candidates].map(([name, v]) => [name, { uids: [...v.uids], pdb: v.numPDBViolations }])
  )
}

describe('decodePreemptionArgs', () => {
  it.each([
    [
      'reads full victims by their metadata.uid and meta victims by their UID',
      {
        NodeNameToVictims: {
          a: {
            Pods: [{ metadata: { uid: 'u1' } }, { metadata: { name: 'x' } }],
            NumPDBViolations: 2,
          },
        },
      },
      { a: { uids: ['u1', ''], pdb: 2n } },
    ],
    [
      'reads a candidate whose victims are null as one with no victims and no PDB violations',
      { NodeNameToMetaVictims: { a: null, b: { Pods: [{ UID: 'u2' }] } } },
      { a: { uids: [], pdb: 0n }, b: { uids: ['u2'], pdb: 0n } },
    ],
    [
      'reads victims whose Pods are null or absent as none',
      { NodeNameToVictims: { a: { Pods: null, NumPDBViolations: 1 }, b: {} } },
      { a: { uids: [], pdb: 1n }, b: { uids: [], pdb: 0n } },
    ],
  ])('%s', (_, args, candidates) => {
    expect(candidatesOf(args)).toEqual(candidates)
  })

  it.each([
    [
      'refuses a body that sets both maps, since kube-scheduler sends exactly one',
      { NodeNameToVictims: { a: {} }, NodeNameToMetaVictims: { a: {} } },
      'both NodeNameToVictims and NodeNameToMetaVictims are set; expected one',
    ],
    [
      'refuses a body that sets neither',
      { NodeNameToVictims: null },
      'request has neither NodeNameToVictims nor NodeNameToMetaVictims',
    ],
    [
      "names the path of a full victim's metadata that is not an object",
      { NodeNameToVictims: { a: { Pods: [{ metadata: 'm' }] } } },
      'NodeNameToVictims["a"].Pods[0].metadata: expected an object, got a string',
    ],
    [
      "names the path of a full victim's uid that is not a string",
      { NodeNameToVictims: { a: { Pods: [{ metadata: { uid: 5 } }] } } },
      'NodeNameToVictims["a"].Pods[0].metadata.uid: expected a string, got a number',
    ],
    [
      "names the path of a meta victim's UID that is not a string",
      { NodeNameToMetaVictims: { a: { Pods: [{ UID: true }] } } },
      'NodeNameToMetaVictims["a"].Pods[0].UID: expected a string, got a boolean',
    ],
    [
      'names the path of a PDB violation count that is not an integer',
      { NodeNameToMetaVictims: { a: { NumPDBViolations: 1.5 } } },
      'NodeNameToMetaVictims["a"].NumPDBViolations: expected an integer, got a number',
    ],
  ])('%s', (_, args, message) => {
    expect(() => candidatesOf(args)).toThrow(message)
  })
})

describe('decodePreemptionArgs: what parsing a body whole may take (--max-nodes-per-request at 1 KiB a node)', () => {
  const meta = (nodes: number): Uint8Array =>
    utf8(
      JSON.stringify({
        Pod: {},
        NodeNameToMetaVictims: Object.fromEntries(
          Array.from({ length: nodes }, (_, i) => [`n${i}`, { Pods: [{ UID: `u${i}` }] }])
        ),
      })
    )

  it('parses meta victims of 5000 nodes within the allowance of 5000 nodes', () => {
    expect(decodePreemptionArgs(meta(5000), 5000).candidates.size).toBe(5000)
  })

  it('refuses with 413, before parsing, a body of empty objects that would take more than the allowance', () => {
    const body = utf8(
      `{"Pod":{},"NodeNameToMetaVictims":{},"x":[${Array(2000).fill('{}').join(',')}]}`
    )
    let refusal: unknown
    try {
      decodePreemptionArgs(body, 100)
    } catch (err) {
      refusal = err
    }
    expect(refusal).toMatchObject({
      status: 413,
      message:
        'the preempt request would take some 388 KiB parsed, more than the 100 KiB this extender parses in one request (--max-nodes-per-request, at 1 KiB a node)',
    })
  })
})
