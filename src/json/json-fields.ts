import { ProtocolError } from './protocol-error.js'

/**
 * Typed reads from parsed JSON with Go's decoding rules: object keys match field names
 * case-insensitively (kube-scheduler's extender types have no json tags, and Go's encoding/json
 * folds case for tagged fields too), `null` means the zero value, and a value of the wrong type
 * is an error that names its path.
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

function foldedName(name: string): string {
  let folded = foldedNames.get(name)
  if (folded === undefined) {
    folded = fold(name)
    foldedNames.set(name, folded)
  }
  return folded
}

/**
 * The value of field `name` in `obj`, matched as Go matches it. An exact key is taken directly:
 * looking further only matters for documents that repeat a key in two casings, which no Go
 * encoder produces; otherwise the last key that folds to `name` wins, as in Go.
 */
export function field(obj: JsonObject, name: string): unknown {
  if (Object.hasOwn(obj, name)) return obj[name]
  const wanted = foldedName(name)
  let found: unknown
  for (const key of Object.keys(obj)) {
    if (key.length === name.length && fold(key) === wanted) found = obj[key]
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
