import fc from 'fast-check'

/**
 * The fixed seed of every generator, and generators of single fields of tolerations and taints
 * (keys, operators, values, effects), shared by the property and abuse suites. They are biased
 * towards collisions: keys, values and effects come mostly from small alphabets, so a random
 * toleration usually meets a taint it could match, and numeric values sit on the edges of the
 * int64 grammar.
 */

/** Fixed seeds keep every run of `npm test` identical; a failure prints its own seed and path. */
export const SEED = 20_251_120

export const INT64_MIN = -(2n ** 63n)
export const INT64_MAX = 2n ** 63n - 1n

export const KEYS = [
  '',
  'a',
  'b',
  'A',
  'a ',
  ' a',
  'dedicated',
  'node.kubernetes.io/unschedulable',
  'node.kubernetes.io/Unschedulable',
  '__proto__',
  'constructor',
  'toString',
]

/** Every operator upstream knows, the empty one (`Equal`), and near misses that never match. */
export const OPERATORS = [
  '',
  'Equal',
  'Exists',
  'Lt',
  'Gt',
  'exists',
  'equal',
  'EQUAL',
  'lt',
  'GT',
  'Ge',
  'Le',
  'In',
  ' Exists',
  'Exists ',
]

/** The three effects, the empty one (only tolerations may have it) and unknown ones. */
export const EFFECTS = [
  '',
  'NoSchedule',
  'NoExecute',
  'PreferNoSchedule',
  'noschedule',
  'NoSchedule ',
  'Custom',
]

/** Values on and around every edge of `0|-?[1-9][0-9]*` in int64. */
export const NUMERIC_EDGES = [
  '',
  'x',
  '-',
  '+',
  '0',
  '-0',
  '+0',
  '00',
  '01',
  '-01',
  '+5',
  '5',
  '-5',
  '1',
  '-1',
  '7',
  '10',
  ' 5',
  '5 ',
  ' 5 ',
  '5\n',
  '\t5',
  '1e3',
  '1.0',
  '0x10',
  '1_000',
  '\uff15', // fullwidth 5
  '\u0665', // Arabic-Indic 5
  '9223372036854775807',
  '9223372036854775806',
  '9223372036854775808',
  '-9223372036854775808',
  '-9223372036854775807',
  '-9223372036854775809',
  '9007199254740991',
  '9007199254740992',
  '9007199254740993',
  '-9007199254740993',
  '9'.repeat(40),
  '1' + '0'.repeat(100),
  '-' + '9'.repeat(30),
]

const smallInteger = fc.integer({ min: -12, max: 12 }).map(String)
const nearInt64Edge = fc
  .tuple(
    fc.constantFrom(INT64_MIN, INT64_MAX, 2n ** 53n, -(2n ** 53n), 0n),
    fc.integer({ min: -3, max: 3 })
  )
  .map(([edge, delta]) => (edge + BigInt(delta)).toString())
const anyBigInteger = fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String)
/** A canonical decimal spoiled the ways a hand-written value can be. */
const decoratedInteger = fc
  .tuple(
    fc.constantFrom('', '', '', '+', '0', '00', ' ', '-', '--', '\t'),
    fc.oneof(smallInteger, nearInt64Edge),
    fc.constantFrom('', '', '', ' ', '\n', '.0', 'e0', '0', 'x')
  )
  .map(([prefix, digits, suffix]) => prefix + digits + suffix)

/** A taint or toleration value: mostly numeric edges and small integers, so Lt/Gt meet often. */
export const valueArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NUMERIC_EDGES) },
  { weight: 4, arbitrary: smallInteger },
  { weight: 2, arbitrary: nearInt64Edge },
  { weight: 1, arbitrary: anyBigInteger },
  { weight: 2, arbitrary: decoratedInteger },
  { weight: 1, arbitrary: fc.string({ maxLength: 4 }) }
)

export const keyArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...KEYS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 3 }) }
)
export const operatorArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...OPERATORS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 3 }) }
)
export const effectArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...EFFECTS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 3 }) }
)
/** Taint effects: the empty effect is not valid on a node, but the rules must still agree. */
export const taintEffectArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('NoSchedule', 'NoExecute', 'PreferNoSchedule') },
  { weight: 1, arbitrary: effectArb }
)
