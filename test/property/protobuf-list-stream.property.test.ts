import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ProtobufListStream } from '../../src/protocol/protobuf/list-stream.js'
import { ProtobufError } from '../../src/protocol/protobuf/wire-reader.js'
import { POD_BYTES } from '../protocol/protobuf/pod-fixture.js'
import { envelope, pb } from '../support/protobuf-writer.js'
import { SEED } from './field-arbitraries.js'

/**
 * A PodList in protobuf, its items the full pod of the fixture, read as its bytes arrive: for
 * the body whole or damaged (bytes changed, cut short, inserted), pushed in any parts, the
 * stream reads the same items and ends the same way, with the list's kind or with the same
 * fault naming the same byte, and throws nothing but ProtobufError.
 */

const BODY = envelope(
  'PodList',
  pb.concat(
    pb.message(1, pb.string(2, '77'), pb.string(3, 'next')),
    pb.message(2, POD_BYTES),
    pb.message(2, POD_BYTES),
    pb.message(2, POD_BYTES)
  )
)

/** How a reading went: the items read, then the kind or the fault. */
function reading(body: Uint8Array, parts: readonly number[]): string {
  const items: unknown[] = []
  const stream = new ProtobufListStream({ metadata: () => undefined, item: (i) => items.push(i) })
  let end: string
  try {
    let at = 0
    for (const size of parts) {
      if (at >= body.length) break
      stream.push(body.slice(at, at + size))
      at += size
    }
    if (at < body.length) stream.push(body.slice(at))
    end = `kind ${stream.end()}`
  } catch (err) {
    if (!(err instanceof ProtobufError)) throw err
    end = `fault ${err.message}`
  }
  const text = JSON.stringify(items, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))
  return `${items.length} ${text} ${end}`
}

const damagedBody = fc
  .array(
    fc.oneof(
      fc.record({ at: fc.nat(), byte: fc.nat(255) }).map(({ at, byte }) => (b: Uint8Array) => {
        const out = Uint8Array.from(b)
        out[at % out.length] = byte
        return out
      }),
      fc.nat().map((at) => (b: Uint8Array) => b.subarray(0, at % (b.length + 1)))
    ),
    { maxLength: 3 }
  )
  .map((damages) => damages.reduce((body, damage) => damage(body), BODY))

const partsArb = fc.array(fc.integer({ min: 1, max: 700 }), { minLength: 1, maxLength: 40 })

describe('a protobuf pod list read as its bytes arrive', () => {
  it('reads the same items and ends the same way however the body is cut into parts, damaged or not (400)', () => {
    let faults = 0
    fc.assert(
      fc.property(damagedBody, partsArb, partsArb, (body, parts, otherParts) => {
        const whole = reading(body, [body.length])
        expect(reading(body, parts)).toBe(whole)
        expect(reading(body, otherParts)).toBe(whole)
        if (whole.includes(' fault ')) faults++
      }),
      { seed: SEED + 81, numRuns: 400 }
    )
    expect(faults).toBeGreaterThan(100)
  })

  it('reads the three pods of the undamaged body in any parts', () => {
    expect(reading(BODY, [1, 2, 3, 5, 8, 13])).toMatch(/^3 .* kind PodList$/)
  })
})
