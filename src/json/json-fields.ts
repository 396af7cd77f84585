import { ProtocolError } from './protocol-error.js'

/**
 * Typed reads from parsed JSON: `null` means the zero value, and a value of the wrong type is an
 * error that names its path. Object keys match field names as the reader of the document
 * matches them. A Kubernetes object (a manifest, a file of `kubectl get -o json`, an API
 * server's list) is matched exactly, as the API server decodes it (apimachinery's JSON
 * serializer, `sigs.k8s.io/json.UnmarshalCaseSensitivePreserveInts`): `NodeSelector` is not
 * `spec.nodeSelector` for any Kubernetes component, so it is not for the tools either. The
 * extender's requests are matched case-insensitively, within matchingKeysAsGo: an extender reads
 * them with Go's encoding/json, which folds case (kube-scheduler's extender types have no json
 * tags).
 */

export type JsonObject = Record<string, unknown>

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}

/** Unicode simple case folding, close enough to Go's EqualFold for field names (K, ſ included). */
export function fold(s: string): string {
  return s.toUpperCase().toLowerCase()
}

/** The field names the decoders ask for, folded: a field absent from most objects folds once. */
const foldedNames = new Map<string, string>()

/**
 * The keys met in documents, folded. Bounded: documents repeat the same few keys, and a
 * document of ever new keys only costs the folding again.
 */
const foldedKeys = new Map<string, string>()
const FOLDED_KEYS_MAX = 4096

/** `fold(key)` for a key met in documents, kept: keys repeat. */
function foldedKey(key: string): string {
  let folded = foldedKeys.get(key)
  if (folded === undefined) {
    if (foldedKeys.size >= FOLDED_KEYS_MAX) foldedKeys.clear()
    folded = fold(key)
    foldedKeys.set(key, folded)
  }
  return folded
}

function foldedName(name: string): string {
  let folded = foldedNames.get(name)
  if (folded === undefined) {
    folded = fold(name)
    foldedNames.set(name, folded)
  }
  return folded
}

/** Whether keys fold, as Go's encoding/json folds them: only within matchingKeysAsGo. */
let foldingKeys = false

/**
 * `decode()` with keys matched as Go's encoding/json matches them (foldedField), for the
 * extender's requests. Decoding is synchronous, so the mode holds for exactly the decoding inside.
 */
export function matchingKeysAsGo<T>(decode: () => T): T {
  const before = foldingKeys
  foldingKeys = true
  try {
    return decode()
  } finally {
    foldingKeys = before
  }
}

/**
 * The value of field `name` in `obj`: its exact key, or, within matchingKeysAsGo, the key Go
 * would take (foldedField).
 */
export function field(obj: JsonObject, name: string): unknown {
  if (Object.hasOwn(obj, name)) return obj[name]
  return foldingKeys ? foldedField(obj, name) : undefined
}

/**
 * A field absent under its exact key, matched as Go matches it: the last key that folds to
 * `name` wins. An exact key is taken before this is asked: looking further only matters for
 * documents that repeat a key in two casings, which no Go encoder produces. The search
 * allocates nothing (`for…in` rather than a key array), and folds only the keys of the same
 * length: most fields a decoder asks for are absent from most objects.
 */
function foldedField(obj: JsonObject, name: string): unknown {
  let found: unknown
  let wanted: string | undefined
  for (const key in obj) {
    if (key.length !== name.length || !Object.hasOwn(obj, key)) continue
    wanted ??= foldedName(name)
    if (foldedKey(key) === wanted) found = obj[key]
  }
  return found
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** An object at `path`; `null`/absent is an error only when `required`. */
export function readObject(value: unknown, path: string, required: true): JsonObject
export function readObject(value: unknown, path: string, required: false): JsonObject | null
export function readObject(value: unknown, path: string, required: boolean): JsonObject | null {
  if (value === undefined || value === null) {
    if (required) throw new ProtocolError(`${path} is missing`)
    return null
  }
  if (!isJsonObject(value))
    throw new ProtocolError(`${path}: expected an object, got ${describe(value)}`)
  return value
}

/** An array at `path`, or null when absent or `null` (Go's nil slice). */
export function readArray(value: unknown, path: string): unknown[] | null {
  if (value === undefined || value === null) return null
  if (!Array.isArray(value))
    throw new ProtocolError(`${path}: expected an array, got ${describe(value)}`)
  return value
}

/** A string at `path`; absent or `null` is Go's zero value "". */
export function readString(value: unknown, path: string): string {
  if (value === undefined || value === null) return ''
  if (typeof value !== 'string')
    throw new ProtocolError(`${path}: expected a string, got ${describe(value)}`)
  return value
}

/** A boolean at `path`; absent or `null` is false. */
export function readBoolean(value: unknown, path: string): boolean {
  if (value === undefined || value === null) return false
  if (typeof value !== 'boolean')
    throw new ProtocolError(`${path}: expected a boolean, got ${describe(value)}`)
  return value
}

/** An int64 at `path` (Go rejects fractions and strings), or null when absent. */
export function readInteger(value: unknown, path: string): bigint | null {
  if (value === undefined || value === null) return null
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new ProtocolError(`${path}: expected an integer, got ${describe(value)}`)
  }
  return BigInt(value)
}

/*
 * Member reads: field `name` of `obj` read as the functions above read it, with the path
 * `${at}.${name}` built only for an error message. A decoder reading a cluster's objects reads
 * every field of every object, and all but a few of them are well-formed.
 */

/** An array no decoded object adds to, for every absent list. */
export const NO_ITEMS: readonly never[] = Object.freeze([])

/**
 * Each item read, or NO_ITEMS when there are none: a snapshot keeps the lists of every placed
 * pod, most of them empty, and one shared empty list costs nothing per pod.
 */
export function mapItems<T>(
  items: readonly unknown[],
  read: (item: unknown, i: number) => T
): readonly T[] {
  return items.length === 0 ? NO_ITEMS : items.map(read)
}

/** A string member; "" when absent, null, or `obj` itself is absent (null), as listField reads. */
export function stringField(obj: JsonObject | null, name: string, at: string): string {
  if (obj === null) return ''
  const value = field(obj, name)
  if (typeof value === 'string') return value
  return value == null ? '' : readString(value, `${at}.${name}`)
}

export function objectField(obj: JsonObject, name: string, at: string): JsonObject | null {
  const value = field(obj, name)
  if (value == null) return null
  return isJsonObject(value) ? value : readObject(value, `${at}.${name}`, false)
}

export function arrayField(obj: JsonObject, name: string, at: string): unknown[] | null {
  const value = field(obj, name)
  if (value == null) return null
  return Array.isArray(value) ? value : readArray(value, `${at}.${name}`)
}

/** The array field of an object that may be absent, none when either is absent. */
export function listField(obj: JsonObject | null, name: string, at: string): readonly unknown[] {
  return (obj === null ? null : arrayField(obj, name, at)) ?? NO_ITEMS
}

export function booleanField(obj: JsonObject, name: string, at: string): boolean {
  const value = field(obj, name)
  if (typeof value === 'boolean') return value
  return value == null ? false : readBoolean(value, `${at}.${name}`)
}

export function integerField(obj: JsonObject, name: string, at: string): bigint | null {
  const value = field(obj, name)
  return value == null ? null : readInteger(value, `${at}.${name}`)
}

/** Item `i` of the array at `at`, which must be an object. */
export function objectItem(item: unknown, at: string, i: number): JsonObject {
  return isJsonObject(item) ? item : readObject(item, `${at}[${i}]`, true)
}

/** Item `i` of the array at `at`, a string ("" for null). */
export function stringItem(item: unknown, at: string, i: number): string {
  if (typeof item === 'string') return item
  return item == null ? '' : readString(item, `${at}[${i}]`)
}

/**
 * An integer field as a number, by readInteger's rules (every integer JSON number is exact as
 * a bigint, so the number is the one `Number(readInteger(…))` gives), or null when absent.
 */
export function numberField(obj: JsonObject, name: string, at: string): number | null {
  const value = field(obj, name)
  if (value == null) return null
  if (typeof value === 'number' && Number.isInteger(value)) return value === 0 ? 0 : value
  return Number(readInteger(value, `${at}.${name}`))
}
