import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SEED } from './field-arbitraries.js'
import { wireArgsOf } from './wire-documents.js'
import { escapeSpoiledDocument, spoiledDocument, tokenSoup } from './byte-arbitraries.js'
import { checkAgainstJsonParse, decodeOutcome, utf8 } from './decode-outcomes.js'

/**
 * The request decoder on hostile bytes, held against JSON.parse (it scans raw bytes with its own
 * JSON scanner): random bytes and text, token soup, spoiled documents and every truncation of a
 * valid request are refused as JSON exactly when JSON.parse refuses them (or their top level is
 * not an object), and only ever with a ProtocolError.
 */

describe('decodeExtenderArgs on arbitrary bytes agrees with JSON.parse', () => {
  const run = (arb: fc.Arbitrary<Uint8Array>, seed: number, numRuns: number): void => {
    fc.assert(
      fc.property(arb, (buf) => {
        checkAgainstJsonParse(buf)
      }),
      { seed, numRuns }
    )
  }

  it('on random bytes (1000)', () => run(fc.uint8Array({ maxLength: 48 }), SEED + 10, 1000))

  it('on random UTF-8 text, lone surrogates included (1000)', () =>
    run(fc.string({ unit: 'binary', maxLength: 48 }).map(utf8), SEED + 11, 1000))

  it('on JSON-ish token soup (2000)', () => run(tokenSoup, SEED + 12, 2000))

  it('on valid documents spoiled by one to three byte edits (2000)', () =>
    run(spoiledDocument, SEED + 13, 2000))

  it('on valid documents with one \\u escape digit replaced by any byte (1000)', () =>
    run(escapeSpoiledDocument, SEED + 14, 1000))

  it('on every truncation of a valid request', () => {
    const body = utf8(
      JSON.stringify(
        wireArgsOf({
          tolerations: [
            { key: 'k', operator: 'Gt', value: '5', effect: '', tolerationSeconds: null },
          ],
          nodes: [
            {
              name: 'n\u00e9-1',
              resourceVersion: '7',
              unschedulable: true,
              taints: [{ key: 'k', value: '6', effect: 'NoSchedule' }],
            },
          ],
        }),
        null,
        1
      )
    )
    for (let end = 0; end < body.length; end++) {
      checkAgainstJsonParse(body.subarray(0, end))
      expect(decodeOutcome(body.subarray(0, end)).kind).toBe('structural')
    }
    expect(decodeOutcome(body)).toEqual({ kind: 'accepted' })
  })
})
