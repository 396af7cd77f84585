import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeManifestAndPlacement, ProtocolError } from '../../src/protocol/index.js'
import { POD } from '../../src/protocol/protobuf/core-v1.js'
import { readMessage } from '../../src/protocol/protobuf/message-schema.js'
import { ProtobufError, WireReader } from '../../src/protocol/protobuf/wire-reader.js'
import { POD_BYTES } from '../protocol/protobuf/pod-fixture.js'
import { SEED } from './field-arbitraries.js'

/**
 * A pod in protobuf as the API server sends it, every member the decoders read set (the
 * fixture: ephemeral and claim volumes, affinity, spread, resources, statuses), then damaged:
 * bytes changed, cut short or inserted. Reading it either gives an object, which the decoders
 * then decode or refuse naming a place, or refuses the bytes as protobuf naming a byte; nothing
 * else is ever thrown, and every reading ends.
 */

type Damage =
  | { readonly kind: 'set'; readonly at: number; readonly byte: number }
  | { readonly kind: 'cut'; readonly at: number }
  | { readonly kind: 'insert'; readonly at: number; readonly bytes: Uint8Array }

const damageArb: fc.Arbitrary<Damage> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('set' as const), at: fc.nat(), byte: fc.nat(255) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('insert' as const),
      at: fc.nat(),
      bytes: fc.uint8Array({ minLength: 1, maxLength: 6 }),
    }),
  }
)

function damage(bytes: Uint8Array, damages: readonly Damage[]): Uint8Array {
  let out = bytes
  for (const d of damages) {
    const at = d.at % (out.length + 1)
    if (d.kind === 'set' && at < out.length) {
      out = Uint8Array.from(out)
      out[at] = d.byte
    } else if (d.kind === 'cut') out = out.subarray(0, at)
    else if (d.kind === 'insert')
      out = Uint8Array.from([...out.subarray(0, at), ...d.bytes, ...out.subarray(at)])
  }
  return out
}

describe('a damaged protobuf pod', () => {
  it('is read or refused as protobuf naming a byte, and a pod read is decoded or refused naming a place (2000)', () => {
    const seen = { refusedBytes: 0, refusedPod: 0, decoded: 0 }
    fc.assert(
      fc.property(fc.array(damageArb, { minLength: 1, maxLength: 4 }), (damages) => {
        const bytes = damage(POD_BYTES, damages)
        let pod: unknown
        try {
          pod = readMessage(new WireReader(bytes), POD)
        } catch (err) {
          expect(err).toBeInstanceOf(ProtobufError)
          expect((err as Error).message).toMatch(/ at byte \d+$/)
          seen.refusedBytes++
          return
        }
        try {
          decodeManifestAndPlacement(pod, 'pods: pod 3', false)
          seen.decoded++
        } catch (err) {
          expect(err).toBeInstanceOf(ProtocolError)
          expect((err as Error).message.startsWith('pods: pod 3')).toBe(true)
          seen.refusedPod++
        }
      }),
      { seed: SEED + 80, numRuns: 2000 }
    )
    // Each way out is taken: damage the reader refuses, damage it reads past, and damage that
    // leaves a value the decoders refuse.
    expect(seen.refusedBytes).toBeGreaterThan(200)
    expect(seen.decoded).toBeGreaterThan(200)
    expect(seen.refusedPod).toBeGreaterThan(5)
  })
})
