import {
  labelSelectorProblem,
  type LabelRequirement,
  type LabelSelector,
} from '../placement/index.js'
import { field, readArray, readObject, readString, type JsonObject } from '../json/json-fields.js'
import { ProtocolError } from '../json/protocol-error.js'

/** metav1.LabelSelector and the string maps of a Pod, read with the place of each field. */

function list(obj: JsonObject | null, name: string, path: string): unknown[] {
  return obj === null ? [] : (readArray(field(obj, name), `${path}.${name}`) ?? [])
}

/**
 * A string map (labels, nodeSelector, matchLabels). Built by `Object.fromEntries`, which defines
 * each key as an own property (`__proto__` included) on an object V8 keeps in fast mode: the
 * label lookups of every pod and node judged read these maps, where a null-prototype object
 * would be a hash table.
 */
export function readStringMap(value: unknown, path: string): Record<string, string> {
  const obj = readObject(value, path, false)
  if (obj === null) return {}
  return Object.fromEntries(
    Object.entries(obj).map(([key, item]) => [
      key,
      readString(item, `${path}[${JSON.stringify(key)}]`),
    ])
  )
}

export function readRequirement(value: unknown, path: string): LabelRequirement {
  const obj = readObject(value, path, true)
  return {
    key: readString(field(obj, 'key'), `${path}.key`),
    operator: readString(field(obj, 'operator'), `${path}.operator`),
    values: list(obj, 'values', path).map((v, i) => readString(v, `${path}.values[${i}]`)),
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
    matchLabels: readStringMap(field(obj, 'matchLabels'), `${path}.matchLabels`),
    matchExpressions: list(obj, 'matchExpressions', path).map((r, i) =>
      readRequirement(r, `${path}.matchExpressions[${i}]`)
    ),
  }
  const problem = check ? labelSelectorProblem(selector) : null
  if (problem !== null) throw new ProtocolError(`${path}.${problem}`)
  return selector
}
