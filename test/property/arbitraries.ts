import fc from 'fast-check'
import type { NodeTaintsAt, RuleOptions, Taint, Toleration } from '../../src/core/index.js'
import { UNSCHEDULABLE_TAINT } from '../../src/core/index.js'

/**
 * Generators shared by the property and abuse suites. They are biased towards collisions: keys,
 * values and effects come mostly from small alphabets, so a random toleration usually meets a
 * taint it could match, and numeric values sit on the edges of the int64 grammar.
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

export const tolerationArb: fc.Arbitrary<Toleration> = fc.record({
  key: keyArb,
  operator: operatorArb,
  value: valueArb,
  effect: effectArb,
  tolerationSeconds: fc.option(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n })),
})

export const taintArb: fc.Arbitrary<Taint> = fc.record({
  key: keyArb,
  value: valueArb,
  effect: taintEffectArb,
})

export const nodeTaintsArb: fc.Arbitrary<NodeTaintsAt> = fc.record({
  name: fc.constantFrom('n0', 'n1', 'n2', '__proto__', 'constructor'),
  resourceVersion: fc.constantFrom('1', '2'),
  unschedulable: fc.oneof(
    { weight: 3, arbitrary: fc.constant(false) },
    { weight: 1, arbitrary: fc.constant(true) }
  ),
  taints: fc.array(taintArb, { maxLength: 6 }),
})

/** The operators that can match, weighted up; unknown ones still come, less often. */
const matchingOperatorArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('', 'Equal') },
  { weight: 2, arbitrary: fc.constant('Exists') },
  { weight: 4, arbitrary: fc.constantFrom('Lt', 'Gt') },
  { weight: 2, arbitrary: operatorArb }
)

/** The value itself, or, when it reads as an integer, one of its neighbours (off by 0 to 2). */
export function neighbourOf(value: string): fc.Arbitrary<string> {
  if (!/^-?[0-9]+$/.test(value)) return fc.constant(value)
  return fc.integer({ min: -2, max: 2 }).map((d) => (BigInt(value) + BigInt(d)).toString())
}

/**
 * A toleration aimed at `taint`: each field is mostly the taint's own (or the wildcard ''), the
 * value mostly the taint's value or a numeric neighbour, so matches and near misses are common.
 */
export function tolerationNear(taint: Taint): fc.Arbitrary<Toleration> {
  return fc.record({
    key: fc.oneof(
      { weight: 6, arbitrary: fc.constant(taint.key) },
      { weight: 1, arbitrary: fc.constant('') },
      { weight: 2, arbitrary: keyArb }
    ),
    operator: matchingOperatorArb,
    value: fc.oneof(
      { weight: 3, arbitrary: fc.constant(taint.value) },
      { weight: 3, arbitrary: neighbourOf(taint.value) },
      { weight: 2, arbitrary: valueArb }
    ),
    effect: fc.oneof(
      { weight: 5, arbitrary: fc.constant(taint.effect) },
      { weight: 2, arbitrary: fc.constant('') },
      { weight: 2, arbitrary: effectArb }
    ),
    tolerationSeconds: fc.option(fc.bigInt({ min: -5n, max: 3600n })),
  })
}

/** A taint and a toleration aimed at it. */
export const pairArb: fc.Arbitrary<[Toleration, Taint]> = taintArb.chain((taint) =>
  fc.tuple(
    fc.oneof(
      { weight: 5, arbitrary: tolerationNear(taint) },
      { weight: 1, arbitrary: tolerationArb }
    ),
    fc.constant(taint)
  )
)

/** Nodes, and tolerations mostly aimed at their taints (the cordon taint included). */
export function podAndNodesArb(
  maxNodes: number,
  maxTolerations: number
): fc.Arbitrary<{ tolerations: Toleration[]; nodes: NodeTaintsAt[] }> {
  return fc.array(nodeTaintsArb, { minLength: 1, maxLength: maxNodes }).chain((nodes) => {
    const targets: Taint[] = [UNSCHEDULABLE_TAINT, ...nodes.flatMap((n) => n.taints)]
    const aimed = fc.constantFrom(...targets).chain(tolerationNear)
    return fc.record({
      tolerations: fc.array(
        fc.oneof({ weight: 4, arbitrary: aimed }, { weight: 1, arbitrary: tolerationArb }),
        { maxLength: maxTolerations }
      ),
      nodes: fc.constant(nodes),
    })
  })
}

export const rulesArb: fc.Arbitrary<RuleOptions> = fc
  .boolean()
  .map((on) => ({ comparisonOperators: on }))

// ---------------------------------------------------------------------------------------------
// Wire documents: ExtenderArgs as kube-scheduler would send them, and ways to spoil them.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

function wireToleration(t: Toleration): Json {
  const out: { [key: string]: Json } = {}
  if (t.key !== '') out.key = t.key
  if (t.operator !== '') out.operator = t.operator
  if (t.value !== '') out.value = t.value
  if (t.effect !== '') out.effect = t.effect
  if (t.tolerationSeconds !== null) out.tolerationSeconds = Number(t.tolerationSeconds)
  return out
}

function wireTaint(t: Taint): Json {
  const out: { [key: string]: Json } = { key: t.key, effect: t.effect }
  if (t.value !== '') out.value = t.value
  return out
}

/** A Pod object carrying these tolerations, with the usual bulk the extender must skip. */
export function wirePodOf(name: string, tolerations: readonly Toleration[]): Json {
  return {
    metadata: { name, namespace: 'default', uid: `uid-${name}` },
    spec: {
      containers: [{ name: 'c', image: 'registry.k8s.io/pause:3.9' }],
      tolerations: tolerations.map(wireToleration),
    },
    status: { phase: 'Pending' },
  }
}

/** A Node object for these taints, with labels and status the extender must echo unread. */
export function wireNodeOf(node: NodeTaintsAt): Json {
  const spec: { [key: string]: Json } = { taints: node.taints.map(wireTaint) }
  if (node.unschedulable) spec.unschedulable = true
  return {
    metadata: {
      name: node.name,
      resourceVersion: node.resourceVersion,
      labels: { 'kubernetes.io/hostname': node.name, 'topology.kubernetes.io/zone': 'z' },
    },
    spec,
    status: { capacity: { cpu: '8', pods: '110' }, conditions: [{ type: 'Ready' }] },
  }
}

export interface ArgsCase {
  readonly tolerations: Toleration[]
  readonly nodes: NodeTaintsAt[]
}

/** Tolerations and uniquely named nodes, to send as full-node ExtenderArgs. */
export const argsCaseArb: fc.Arbitrary<ArgsCase> = podAndNodesArb(6, 5).map(
  ({ tolerations, nodes }) => ({
    // JSON numbers carry tolerationSeconds; keep them exact (the rules ignore them anyway).
    tolerations: tolerations.map((t) => ({
      ...t,
      tolerationSeconds:
        t.tolerationSeconds === null ? null : BigInt(Number(t.tolerationSeconds) | 0),
    })),
    nodes: nodes.map((n, i) => ({ ...n, name: `${n.name}-${i}` })),
  })
)

export function wireArgsOf(c: ArgsCase): Json {
  return {
    Pod: wirePodOf('p', c.tolerations),
    Nodes: { metadata: {}, items: c.nodes.map(wireNodeOf) },
    NodeNames: null,
  }
}

/**
 * Sets an own property, even one named `__proto__` (a plain assignment would set the prototype
 * instead, and the key would silently vanish from the document).
 */
export function setKey(obj: { [key: string]: Json }, key: string, value: Json): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true })
}

/** Where a value sits in a document: object keys and array indices. */
export type JsonPath = readonly (string | number)[]

/** Every path in `doc`, the root included, in document order. */
export function pathsOf(doc: Json, prefix: JsonPath = []): JsonPath[] {
  const out: JsonPath[] = [prefix]
  if (Array.isArray(doc)) {
    doc.forEach((v, i) => out.push(...pathsOf(v, [...prefix, i])))
  } else if (doc !== null && typeof doc === 'object') {
    for (const [k, v] of Object.entries(doc)) out.push(...pathsOf(v, [...prefix, k]))
  }
  return out
}

/** A deep copy of `doc` with the value at `path` replaced (or, with `undefined`, removed). */
export function replaceAt(doc: Json, path: JsonPath, replacement: Json | undefined): Json {
  if (path.length === 0) return replacement === undefined ? null : replacement
  const [head, ...rest] = path
  if (Array.isArray(doc)) {
    const copy = doc.slice()
    const i = head as number
    if (replacement === undefined && rest.length === 0) copy.splice(i, 1)
    else copy[i] = replaceAt(copy[i] as Json, rest, replacement)
    return copy
  }
  if (doc !== null && typeof doc === 'object') {
    const copy: { [key: string]: Json } = {}
    for (const [k, v] of Object.entries(doc)) {
      if (k !== head) {
        setKey(copy, k, v)
      } else if (!(replacement === undefined && rest.length === 0)) {
        setKey(copy, k, replaceAt(v, rest, replacement))
      }
    }
    return copy
  }
  return doc
}

/** A deep copy of `doc` with the key at the end of `path` renamed (no-op for array indices). */
export function renameAt(doc: Json, path: JsonPath, rename: (key: string) => string): Json {
  if (path.length === 0) return doc
  const [head, ...rest] = path
  if (Array.isArray(doc)) {
    const copy = doc.slice()
    copy[head as number] = renameAt(copy[head as number] as Json, rest, rename)
    return copy
  }
  if (doc !== null && typeof doc === 'object') {
    const copy: { [key: string]: Json } = {}
    for (const [k, v] of Object.entries(doc)) {
      if (k !== head) setKey(copy, k, v)
      else if (rest.length === 0) setKey(copy, rename(k), v)
      else setKey(copy, k, renameAt(v, rest, rename))
    }
    return copy
  }
  return doc
}

/** A value of every JSON type, to put where another type belongs. */
export const wrongTypeArb: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    1e300,
    '',
    'x',
    'NoSchedule',
    [],
    [null],
    [1, 'a'],
    {},
    { a: 1 },
    JSON.parse('{"__proto__":{"a":1}}') as Json
  ),
  fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>
)

/** Spellings Go's decoder folds to the same field name (`ſ` and the Kelvin sign included). */
export const FOLDING_RECASES: readonly ((key: string) => string)[] = [
  (k) => k.toUpperCase(),
  (k) => k.toLowerCase(),
  (k) => k.replace(/^./, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())),
  (k) => k.replace(/[a-z]/g, (c, i: number) => (i % 2 === 0 ? c.toUpperCase() : c)),
  (k) => k.replace(/s/g, '\u017f'),
  (k) => k.replace(/k/gi, '\u212a'),
]

/** A folding respelling, or one that makes the key another field (or none). */
export const recaseArb: fc.Arbitrary<(key: string) => string> = fc.constantFrom(
  ...FOLDING_RECASES,
  (k: string) => k + 'x',
  (k: string) => k.slice(1)
)

/**
 * A deep copy of `doc` with every object key respelt by `recase`, except the keys of the maps
 * whose keys are node names (they are values, and keep their case).
 */
export function recaseKeys(doc: Json, recase: (key: string) => string, nameKeyed = false): Json {
  if (Array.isArray(doc)) return doc.map((v) => recaseKeys(v, recase))
  if (doc !== null && typeof doc === 'object') {
    const out: { [key: string]: Json } = {}
    for (const [k, v] of Object.entries(doc)) {
      const isNameMap = k === 'NodeNameToVictims' || k === 'NodeNameToMetaVictims'
      setKey(out, nameKeyed ? k : recase(k), recaseKeys(v, recase, isNameMap))
    }
    return out
  }
  return doc
}

export type Mutation =
  | { readonly kind: 'replace'; readonly at: number; readonly value: Json }
  | { readonly kind: 'remove'; readonly at: number }
  | { readonly kind: 'rename'; readonly at: number; readonly rename: (key: string) => string }

export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('replace' as const),
      at: fc.nat(),
      value: wrongTypeArb,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('rename' as const), at: fc.nat(), rename: recaseArb }),
  }
)

/** Applies mutations in turn; each picks its path among the paths of the current document. */
export function mutate(doc: Json, mutations: readonly Mutation[]): Json {
  let current = doc
  for (const m of mutations) {
    const paths = pathsOf(current)
    const path = paths[m.at % paths.length] as JsonPath
    if (m.kind === 'replace') current = replaceAt(current, path, m.value)
    else if (m.kind === 'remove') current = replaceAt(current, path, undefined)
    else current = renameAt(current, path, m.rename)
  }
  return current
}

/** A JSON path as the decoder's error messages write it, for reading failures. */
export function describePath(path: JsonPath): string {
  return path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('')
}
