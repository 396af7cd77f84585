/**
 * JSON documents as values, and paths into them: listing every path, and copies with the value
 * or key at a path changed, for spoiling valid documents one place at a time.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

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

/** A JSON path as the decoder's error messages write it, for reading failures. */
export function describePath(path: JsonPath): string {
  return path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('')
}
