import { describe, expect, it } from 'vitest'
import {
  aggregateText,
  fieldErrorText,
  goQuote,
  preferredTermsParseError,
  truncateEventMessage,
  type FieldError,
  type PreferredSchedulingTerm,
} from '../../src/placement/index.js'
import { fieldTerm, req, term } from './builders.js'

/**
 * The text kube-scheduler v1.35 gives a preferred node affinity term it cannot parse
 * (src/placement/field-errors.ts, src/placement/preferred-terms-parse.ts). Rows marked "upstream" carry the
 * facts of upstream's tests (component-helpers nodeaffinity_test.go, which compares type, field
 * and detail and ignores the bad value; the value shown is field/errors.go `ErrorBody`'s).
 */

const NAME_PART =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"
const LABEL_VALUE =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"
const NOT_INTEGER = "for 'Gt', 'Lt' operators, the value must be an integer"

const w = (weight: number, preference: PreferredSchedulingTerm['preference']) => ({
  weight,
  preference,
})

const PARSE_CASES: readonly (readonly [
  string,
  readonly PreferredSchedulingTerm[],
  string | null,
])[] = [
  [
    'upstream: a field term with two values and a key with a space report both, bracketed, terms named by index alone',
    [
      w(1, fieldTerm([req('metadata.name', 'In', 'host_1', 'host_2')])),
      w(
        1,
        fieldTerm([req('metadata.name', 'In', 'host_1')], [req('label_1', 'In', 'label_1_val')])
      ),
      w(1, term(req('invalid key', 'In', 'label_value'))),
    ],
    `[[0].matchFields[0].values: Invalid value: []string{"host_1", "host_2"}: must have one element, [2].matchExpressions[0].key: Invalid value: "invalid key": ${NAME_PART}]`,
  ],
  [
    'upstream: an invalid field term of weight 0 is never parsed',
    [w(0, fieldTerm([req('metadata.name', 'In', 'host_1', 'host_2')]))],
    null,
  ],
  [
    'upstream: Exists with values reports the values set as a Go []string',
    [w(2, term(req('foo', 'Exists', 'bar', 'baz')))],
    '[0].matchExpressions[0].values: Invalid value: []string{"bar", "baz"}: values set must be empty for exists and does not exist',
  ],
  [
    'a Gt bound that is not an integer names the value by its index, quoted',
    [w(3, term(req('rank', 'Gt', 'abc')))],
    `[0].matchExpressions[0].values[0]: Invalid value: "abc": ${NOT_INTEGER}`,
  ],
  [
    'an In value that is not a label value is named by index and then by the key',
    [
      w(1, term(req('disk', 'In', 'ssd'))),
      w(2, term(req('disk', 'Exists'), req('pool', 'In', 'a b'))),
    ],
    `[1].matchExpressions[1].values[0][pool]: Invalid value: "a b": ${LABEL_VALUE}`,
  ],
  [
    'a negative Lt bound parses as an integer but is not a label value',
    [w(1, term(req('rank', 'Lt', '-1')))],
    `[0].matchExpressions[0].values[0][rank]: Invalid value: "-1": ${LABEL_VALUE}`,
  ],
  [
    'a Gt bound that is neither an integer nor a label value reports both, in NewRequirement order',
    [w(1, term(req('rank', 'Gt', 'a b')))],
    `[[0].matchExpressions[0].values[0]: Invalid value: "a b": ${NOT_INTEGER}, [0].matchExpressions[0].values[0][rank]: Invalid value: "a b": ${LABEL_VALUE}]`,
  ],
  [
    'a value longer than 63 bytes gets the length message and the pattern message, joined by "; "',
    [w(1, term(req('k', 'In', `${'a'.repeat(63)}-`)))],
    `[0].matchExpressions[0].values[0][k]: Invalid value: "${'a'.repeat(63)}-": must be no more than 63 bytes; ${LABEL_VALUE}`,
  ],
  [
    'an unknown operator is Unsupported, with every supported operator quoted',
    [w(1, term(req('k', 'Near', 'x')))],
    '[0].matchExpressions[0].operator: Unsupported value: "Near": supported values: "In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt"',
  ],
  [
    'the same message twice is written once, without brackets',
    [w(1, term(req('k', 'Gt', 'x'))), w(0, term(req('k', 'Gt', 'x')))],
    `[0].matchExpressions[0].values[0]: Invalid value: "x": ${NOT_INTEGER}`,
  ],
]

describe('NewPreferredSchedulingTerms error text', () => {
  it.each(PARSE_CASES)('%s', (_name, terms, want) => {
    expect(preferredTermsParseError(terms)).toBe(want)
  })
})

const invalid = (value: string): FieldError => ({
  type: 'Invalid',
  field: 'f',
  badValue: { kind: 'string', value },
  detail: 'd',
})

describe('Go formatting the messages rely on', () => {
  it.each([
    ['a quote and a backslash are escaped', 'a"b\\c', '"a\\"b\\\\c"'],
    ['control characters use Go escapes, others \\x', 'a\nb\u0001', '"a\\nb\\x01"'],
    ['printable non-ASCII stays, a non-breaking space does not', 'é\u00a0', '"é\\u00a0"'],
  ])('%s', (_name, text, want) => {
    expect(goQuote(text)).toBe(want)
    expect(fieldErrorText(invalid(text))).toBe(`f: Invalid value: ${want}: d`)
  })

  it('an aggregate of one is its message, of several distinct ones a bracketed list', () => {
    expect(aggregateText(['a'])).toBe('a')
    expect(aggregateText(['a', 'b', 'a'])).toBe('[a, b]')
    expect(aggregateText(['a', 'a'])).toBe('a')
  })

  it('an event message over 1024 bytes is cut to 1020 and ends in " ..."', () => {
    expect(truncateEventMessage('x'.repeat(1024))).toBe('x'.repeat(1024))
    const cut = truncateEventMessage('x'.repeat(1025))
    expect(cut).toBe(`${'x'.repeat(1020)} ...`)
  })
})
