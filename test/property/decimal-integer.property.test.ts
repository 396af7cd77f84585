import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isDecimalInteger, parseInt64 } from '../../src/core/index.js'
import { INT64_MAX, INT64_MIN, NUMERIC_EDGES, SEED, valueArb } from './field-arbitraries.js'

/**
 * isDecimalInteger and parseInt64 against the plainest model of upstream's grammar: apimachinery's
 * `IsDecimalInteger` (`0|-?[1-9][0-9]*` over ASCII) followed by `strconv.ParseInt(s, 10, 64)`.
 */

const GRAMMAR = /^(?:0|-?[1-9][0-9]*)$/

function model(s: string): { grammar: boolean; value: bigint | null } {
  if (!GRAMMAR.test(s)) return { grammar: false, value: null }
  const v = BigInt(s)
  return { grammar: true, value: v < INT64_MIN || v > INT64_MAX ? null : v }
}

function agrees(s: string): void {
  const expected = model(s)
  expect(isDecimalInteger(s)).toBe(expected.grammar)
  expect(parseInt64(s)).toBe(expected.value)
}

/** Strings made of the characters a number is spoiled with, so most are near misses. */
const digitSoup = fc
  .array(
    fc.constantFrom(
      '0',
      '1',
      '5',
      '9',
      '-',
      '+',
      ' ',
      '\n',
      '\t',
      '.',
      'e',
      'E',
      'x',
      '_',
      ',',
      '\u0000',
      '\uff10', // fullwidth 0
      '\u0669', // Arabic-Indic 9
      '\ud835\udfce' // mathematical bold 0 (a surrogate pair)
    ),
    { maxLength: 24 }
  )
  .map((parts) => parts.join(''))

describe('isDecimalInteger and parseInt64 agree with a regex + BigInt model', () => {
  it('on every listed edge value', () => {
    for (const s of NUMERIC_EDGES) agrees(s)
    for (const s of ['-0', '0', '-9223372036854775808', '9223372036854775807']) agrees(s)
  })

  it('on arbitrary strings (2000)', () => {
    fc.assert(fc.property(fc.string({ maxLength: 30 }), agrees), { seed: SEED, numRuns: 2000 })
  })

  it('on arbitrary UTF-16 strings, lone surrogates included (1000)', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 12 }), agrees), {
      seed: SEED + 1,
      numRuns: 1000,
    })
  })

  it('on strings of digits, signs, blanks and look-alike digits (2000)', () => {
    fc.assert(fc.property(digitSoup, agrees), { seed: SEED + 2, numRuns: 2000 })
  })

  it('on the biased taint and toleration values of the rules properties (2000)', () => {
    fc.assert(fc.property(valueArb, agrees), { seed: SEED + 3, numRuns: 2000 })
  })

  it('on every int64 (canonical form round-trips) and on just-out-of-range values (2000)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: INT64_MIN - 1000n, max: INT64_MAX + 1000n }), (v) => {
        const s = v.toString()
        agrees(s)
        const inRange = v >= INT64_MIN && v <= INT64_MAX
        expect(parseInt64(s)).toBe(inRange ? v : null)
        // Non-canonical spellings of the same number are never numbers to upstream.
        expect(parseInt64('+' + s)).toBeNull()
        expect(parseInt64(s + ' ')).toBeNull()
        if (v >= 0n) expect(parseInt64('0' + s)).toBeNull()
      }),
      { seed: SEED + 4, numRuns: 2000 }
    )
  })
})
