import { describe, expect, it } from 'vitest'
import { isDecimalInteger, parseInt64 } from '../../src/core/index.js'

/**
 * After apimachinery's TestIsDecimalInteger (upstream-semantics §1.3, §7): the grammar is
 * `0|-?[1-9][0-9]*` over ASCII bytes, with no length limit. Range is parseInt64's business.
 */

const VALID: readonly string[] = [
  '0',
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '-1',
  '-2',
  '-3',
  '-4',
  '-5',
  '-6',
  '-7',
  '-8',
  '-9',
  '10',
  '100',
  '-987',
  '1234567890',
  '9223372036854775807',
  '-9223372036854775808',
  // Out of int64 range but grammatical: the grammar has no length limit.
  '9223372036854775808',
  '-9223372036854775809',
  '12345678901234567890',
  '-12345678901234567890',
  '1'.repeat(100),
]

const INVALID: readonly [string, string][] = [
  // Zero forms and leading zeros.
  ['-0', 'negative zero'],
  ['00', 'double zero'],
  ['01', 'leading zero'],
  ['007', 'two leading zeros'],
  ['0700', 'octal-looking leading zero'],
  ['-01', 'negative with leading zero'],
  ['-00', 'negative double zero'],
  ['-007', 'negative with two leading zeros'],
  // Signs.
  ['', 'empty string'],
  ['-', 'lone minus'],
  ['+', 'lone plus'],
  ['+5', 'plus sign'],
  ['+0', 'plus zero'],
  ['+123', 'plus sign on a longer number'],
  ['+-5', 'plus then minus'],
  ['-+5', 'minus then plus'],
  ['--5', 'double minus'],
  ['5-', 'trailing minus'],
  ['1-2', 'inner minus'],
  ['5+', 'trailing plus'],
  // Whitespace.
  [' 5', 'leading blank'],
  ['5 ', 'trailing blank'],
  [' 5 ', 'blanks on both sides'],
  ['1 2', 'inner blank'],
  ['- 5', 'blank after the minus'],
  ['\t5', 'leading tab'],
  ['5\t', 'trailing tab'],
  ['5\n', 'trailing newline'],
  ['\n5', 'leading newline'],
  ['\r5', 'leading carriage return'],
  ['\v5', 'leading vertical tab'],
  ['\f5', 'leading form feed'],
  ['5\0', 'trailing NUL'],
  ['\u00a05', 'leading no-break space'],
  ['5\u2003', 'trailing em space'],
  // Decimals and exponents.
  ['1.0', 'decimal point with zero fraction'],
  ['1.', 'trailing decimal point'],
  ['.5', 'leading decimal point'],
  ['100.5', 'decimal fraction'],
  ['1e3', 'lower-case exponent'],
  ['1E3', 'upper-case exponent'],
  ['1e-3', 'negative exponent'],
  ['1e+3', 'explicit positive exponent'],
  ['Infinity', 'Infinity'],
  ['-Infinity', 'negative Infinity'],
  ['NaN', 'NaN'],
  // Letters.
  ['abc', 'letters'],
  ['12a', 'trailing letter'],
  ['a12', 'leading letter'],
  ['1a2', 'inner letter'],
  // Prefixes.
  ['0x10', 'hexadecimal prefix'],
  ['0X10', 'upper-case hexadecimal prefix'],
  ['0o17', 'octal prefix'],
  ['0b101', 'binary prefix'],
  ['-0x10', 'negative hexadecimal'],
  // Separators and punctuation.
  ['1_000', 'underscore separator'],
  ['1,000', 'comma separator'],
  ["1'000", 'apostrophe separator'],
  ['(5)', 'parentheses'],
  ['5!', 'trailing exclamation mark'],
  ['#5', 'leading hash'],
  ['$5', 'leading dollar'],
  ['5%', 'trailing percent'],
  ['"5"', 'quoted'],
  // Unicode digits and signs.
  ['\uff11\uff12', 'full-width digits'],
  ['\u0661\u0662', 'Arabic-Indic digits'],
  ['\u06f1\u06f2', 'extended Arabic-Indic digits'],
  ['\u096b', 'Devanagari digit five'],
  ['\u00b2', 'superscript two'],
  ['\u2082', 'subscript two'],
  ['\u2212' + '5', 'U+2212 minus sign'],
  ['\u2212' + '0', 'U+2212 minus sign before zero'],
  ['\uff0d5', 'full-width hyphen-minus'],
  ['\u2010' + '5', 'Unicode hyphen'],
  ['5\u0301', 'digit with a combining accent'],
  ['\ud83d\ude00', 'emoji'],
]

describe('isDecimalInteger', () => {
  it.each(VALID.map((s) => [JSON.stringify(s), s]))('accepts %s', (_label, s) => {
    expect(isDecimalInteger(s)).toBe(true)
  })

  it.each(INVALID.map(([s, why]) => [why, JSON.stringify(s), s]))(
    'rejects the %s form %s',
    (_why, _label, s) => {
      expect(isDecimalInteger(s)).toBe(false)
    }
  )

  it('is stricter than the lenient parsers it replaces', () => {
    // Each of these is a number to Number() or parseInt(); the grammar must refuse them all.
    for (const s of ['+123', '0700', '01', ' 5', '1e3', '0x10', '100.5', '']) {
      expect(isDecimalInteger(s)).toBe(false)
    }
  })
})

describe('parseInt64', () => {
  it.each([
    ['0', 0n],
    ['1', 1n],
    ['-1', -1n],
    ['100', 100n],
    ['-987', -987n],
    ['9007199254740993', 9007199254740993n],
    ['-9007199254740993', -9007199254740993n],
    ['9223372036854775806', 9223372036854775806n],
    ['9223372036854775807', 9223372036854775807n],
    ['-9223372036854775807', -9223372036854775807n],
    ['-9223372036854775808', -9223372036854775808n],
  ] as const)('parses %s exactly', (s, expected) => {
    expect(parseInt64(s)).toBe(expected)
  })

  it.each([
    ['9223372036854775808', 'int64 max plus one'],
    ['-9223372036854775809', 'int64 min minus one'],
    ['12345678901234567890', 'a twenty-digit number'],
    ['-12345678901234567890', 'a negative twenty-digit number'],
    ['99999999999999999999999999999999', 'a 32-digit number'],
    ['1'.repeat(100), 'a 100-digit number'],
  ])('refuses %s (%s): out of int64 range', (s) => {
    expect(parseInt64(s)).toBeNull()
  })

  it.each(INVALID.map(([s, why]) => [why, JSON.stringify(s), s]))(
    'refuses the %s form %s',
    (_why, _label, s) => {
      expect(parseInt64(s)).toBeNull()
    }
  )
})
