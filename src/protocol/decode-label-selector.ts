import {
  labelSelectorProblem,
  type LabelRequirement,
  type LabelSelector,
} from '../placement/index.js'
import {
  field,
  isJsonObject,
  mapItems,
  NO_ITEMS,
  readArray,
  readObject,
  readString,
  type JsonObject,
} from '../json/json-fields.js'
import { element, member } from '../json/json-path.js'
import { ProtocolError } from '../json/protocol-error.js'

/** metav1.LabelSelector and the string maps of a Pod, read with the place of each field. */

function list(obj: JsonObject | null, name: string, path: string): readonly unknown[] {
  return obj === null ? NO_ITEMS : (readArray(field(obj, name), member(path, name)) ?? NO_ITEMS)
}

/** The string map of an absent field: one object that no reader adds to. */
export const NO_STRINGS: Record<string, string> = Object.freeze({})

/**
 * A string map (labels, nodeSelector, matchLabels). A parsed object whose values are all
 * strings is kept as it is: JSON.parse and the YAML reader define each key, `__proto__`
 * included, as an own property of a plain object that V8 keeps in fast mode, which the label
 * lookups of every pod and node judged then read. Any other object (one with another
 * prototype) is copied by `Object.fromEntries` into such a plain object, so that no inherited
 * member reads as a label.
 */
export function readStringMap(value: unknown, path: string): Readonly<Record<string, string>> {
  return stringMap(value, path, null)
}

/** The string map in field `name` of `obj` (none when either is absent). */
export function stringMapField(
  obj: JsonObject | null,
  name: string,
  at: string
): Readonly<Record<string, string>> {
  return obj === null ? NO_STRINGS : stringMap(field(obj, name), at, name)
}

function placeOf(at: string, name: string | null): string {
  return name === null ? at : member(at, name)
}

/**
 * The map at `at` (`${at}.${name}` when a name is given), the path built only for an error. A
 * `null` value reads as "" (Go's zero value), which takes a copy.
 */
function stringMap(value: unknown, at: string, name: string | null): Record<string, string> {
  if (value == null) return NO_STRINGS
  if (!isJsonObject(value)) readObject(value, placeOf(at, name), false)
  const obj = value as JsonObject
  let plain = Object.getPrototypeOf(obj) === Object.prototype
  for (const key in obj) {
    const item = obj[key]
    if (typeof item === 'string' || !Object.hasOwn(obj, key)) continue
    readString(item, `${placeOf(at, name)}[${JSON.stringify(key)}]`)
    plain = false
  }
  if (plain) return obj as Record<string, string>
  return Object.fromEntries(Object.entries(obj).map(([key, item]) => [key, (item ?? '') as string]))
}

export function readRequirement(value: unknown, path: string): LabelRequirement {
  const obj = readObject(value, path, true)
  return {
    key: readString(field(obj, 'key'), member(path, 'key')),
    operator: readString(field(obj, 'operator'), member(path, 'operator')),
    values: mapItems(list(obj, 'values', path), (v, i) =>
      readString(v, element(member(path, 'values'), i))
    ),
  }
}

/** A metav1.LabelSelector; null when absent (which selects nothing). */
export function readLabelSelector(
  value: unknown,
  path: string,
  check = true
): LabelSelector | null {
  const obj = readObject(value, path, false)
  if (obj === null) return null
  const selector = {
    matchLabels: readStringMap(field(obj, 'matchLabels'), member(path, 'matchLabels')),
    matchExpressions: mapItems(list(obj, 'matchExpressions', path), (r, i) =>
      readRequirement(r, element(member(path, 'matchExpressions'), i))
    ),
  }
  const problem = check ? labelSelectorProblem(selector) : null
  if (problem !== null) throw new ProtocolError(`${path}.${problem}`)
  return selector
}
