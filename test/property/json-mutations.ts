import fc from 'fast-check'
import { pathsOf, renameAt, replaceAt, setKey, type Json, type JsonPath } from './json-paths.js'

/**
 * Ways to spoil a JSON document: values of the wrong type, keys respelt (in ways Go's decoder
 * folds and ways it does not), values removed, and generators of such mutations.
 */

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
