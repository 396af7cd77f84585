import { describe, expect, it } from 'vitest'
import { milliValue, parseQuantity, unitValue } from '../../src/placement/quantity.js'

/**
 * resource.Quantity parsing, with the facts of apimachinery's quantity_test.go
 * (`TestQuantityParse`, `TestParseQuantityString` and its invalid list, `TestQuantityParseEmit`),
 * written as nanos: the exact value a parse keeps, rounded up to 10^-9.
 */

const GI = 1024n ** 3n
const NANO = 1_000_000_000n

const PARSED: readonly [string, string, bigint][] = [
  ['zero is zero', '0', 0n],
  ['zero with a suffix is zero', '0Ti', 0n],
  ['a bare number is whole units', '9', 9n * NANO],
  ['Ki is 1024', '1Ki', 1024n * NANO],
  ['Gi is 1024 cubed', '6Gi', 6n * GI * NANO],
  ['Ei is 1024 to the sixth', '3Ei', 3n * 1024n ** 6n * NANO],
  ['n is a billionth', '5n', 5n],
  ['m is a thousandth', '3m', 3_000_000n],
  ['k is a thousand', '50k', 50_000n * NANO],
  ['E alone is the exa suffix, 10^18', '1E', 10n ** 18n * NANO],
  ['E followed by digits is an exponent', '1E-3', 1_000_000n],
  ['an exponent may carry a plus sign', '1.3E+6', 1_300_000n * NANO],
  ['a fraction with a decimal suffix', '10.035M', 10_035_000n * NANO],
  ['a fraction with a binary suffix', '100.035Ki', 102435840n * 1_000_000n],
  ['a value below a nano rounds up to one', '0.0000000001', 1n],
  ['a value between nanos rounds up', '3.001n', 4n],
  ['0.00000012345 rounds up to 124n', '0.00000012345', 124n],
  ['a tiny binary fraction rounds up to 2n', '0.000000000001Ki', 2n],
  ['a leading dot is a fraction', '.001', 1_000_000n],
  ['a trailing dot is allowed', '1.', NANO],
  ['a trailing dot before a suffix is allowed', '1.G', 10n ** 9n * NANO],
  ['a lone dot is zero', '.', 0n],
  ['a value past int64 saturates', '9Ei', (2n ** 63n - 1n) * NANO],
  ['12E does not overflow int64', '12E', 12n * 10n ** 18n * NANO],
  ['a negative value keeps its sign', '-1.025Ti', -(1025n * 1024n ** 4n * NANO) / 1000n],
]

const REFUSED: readonly [string, string][] = [
  ['the empty string', ''],
  ['two dots', '1.1.M'],
  ['a sign inside the number', '1+1.0M'],
  ['mi is no suffix', '0.1mi'],
  ['am is no suffix', '0.1am'],
  ['words', 'aoeu'],
  ['i alone is no suffix', '.5i'],
  ['an exponent without digits', '-3.01e-'],
  ['an exponent past int32', '1e4294967297'],
  ['leading whitespace', ' 1'],
  ['trailing whitespace', '1 '],
]

describe('parseQuantity: the values ParseQuantity keeps', () => {
  it.each(PARSED)('%s (%s)', (_name, text, nanos) => {
    expect(parseQuantity(text)).toBe(nanos)
  })
})

describe('parseQuantity: what ParseQuantity refuses', () => {
  it.each(REFUSED)('refuses %s', (_name, text) => {
    expect(parseQuantity(text)).toBeNull()
  })
})

describe('MilliValue and Value round up', () => {
  it.each([
    ['100m is 100 milli and 1 unit', '100m', 100n, 1n],
    ['0.5 is 500 milli and 1 unit', '0.5', 500n, 1n],
    ['1n is 1 milli and 1 unit', '1n', 1n, 1n],
    ['3500m is 3500 milli and 4 units', '3500m', 3500n, 4n],
    ['1Gi is 1073741824 units', '1Gi', 1073741824000n, 1073741824n],
  ] as const)('%s', (_name, text, milli, units) => {
    const nanos = parseQuantity(text) as bigint
    expect(milliValue(nanos)).toBe(milli)
    expect(unitValue(nanos)).toBe(units)
  })
})
