import {
  hashNameBytes,
  type NameBytesKeys,
  type NameBytesTable,
} from '../../src/node-index/index.js'

/** `name` written at `offset` of a larger buffer, as a request body holds it. */
export function placed(name: string, offset = 7): { view: DataView; start: number; end: number } {
  const bytes = new TextEncoder().encode(`${'x'.repeat(offset)}${name}"],"tail":1}`)
  const copy = new Uint8Array(bytes.length + 5).subarray(3, 3 + bytes.length)
  copy.set(bytes)
  return {
    view: new DataView(copy.buffer, copy.byteOffset, copy.byteLength),
    start: offset,
    end: offset + name.length,
  }
}

/** Names at (start, end, hash) triples of `view`, as a NameBytesTable is given them. */
export function keysOf(view: DataView, spans: Int32Array): NameBytesKeys {
  return {
    view,
    length: spans.length / 3,
    start: (i) => spans[i * 3] as number,
    end: (i) => spans[i * 3 + 1] as number,
    hash: (i) => spans[i * 3 + 2] as number,
  }
}

/** The value held under the name at view[start, end), through getAll with one span. */
export function getOne<V>(
  table: NameBytesTable<V>,
  view: DataView,
  start: number,
  end: number,
  hash = hashNameBytes(view, start, end)
): V | undefined {
  const out: (V | undefined)[] = []
  table.getAll(keysOf(view, Int32Array.of(start, end, hash)), out)
  return out[0]
}

export function lookup<V>(table: NameBytesTable<V>, name: string, offset?: number): V | undefined {
  const { view, start, end } = placed(name, offset)
  return getOne(table, view, start, end)
}

/**
 * `literals` written one after another, as a request's NodeNames array, with each one's span
 * (start, end, hashNameBytes, or `hashes[i]` where given) as (start, end, hash) triples.
 */
export function spansOf(
  literals: readonly string[],
  hashes: readonly (number | undefined)[] = []
): { view: DataView; spans: Int32Array; keys: NameBytesKeys } {
  const text = `{"NodeNames":[${literals.map((l) => `"${l}"`).join(',')}]}`
  const bytes = new TextEncoder().encode(text)
  const view = new DataView(bytes.buffer)
  const spans = new Int32Array(literals.length * 3)
  let at = text.indexOf('[') + 2
  literals.forEach((literal, i) => {
    const end = at + literal.length
    spans.set([at, end, hashes[i] ?? hashNameBytes(view, at, end)], i * 3)
    at = end + 3
  })
  return { view, spans, keys: keysOf(view, spans) }
}
