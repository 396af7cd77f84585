/**
 * The hash of a node name's bytes, shared by NameBytesTable and the scanner that reads a
 * request's names (scanNodeNames), which hashes each name in the same pass that finds its end.
 */

/**
 * Names to look up where they lie in a buffer (a request body): name i is the bytes of `view`
 * from start(i) to end(i), and hash(i) is their hashNameBytes. A hash that is not the bytes'
 * own simply finds nothing, so a caller may give any number for a name it could not hash.
 * How the names are held is the implementer's business (the protocol's NodeNameList).
 */
export interface NameBytesKeys {
  readonly view: DataView
  readonly length: number
  start(i: number): number
  end(i: number): number
  hash(i: number): number
}

/** ASCII from 0x20 up, without `"` or `\`, and not empty: the names this table can hold. */
export function isPlainName(name: string): boolean {
  if (name.length === 0) return false
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i)
    if (c < 0x20 || c > 0x7f || c === 0x22 || c === 0x5c) return false
  }
  return true
}

const GOLDEN = 0x9e3779b1
/** Where every name hash starts; the length is mixed in at the end (see finishNameHash). */
export const NAME_HASH_SEED = 0x2545f491

/**
 * One step of the name hash: a little-endian word XOR-ed in, multiplied by an odd constant and
 * rotated, so high bits feed back down. Exported so that a scanner reading a request's names
 * four bytes at a time can hash them in the same pass (see scanNodeNames).
 */
export function mixNameWord(h: number, word: number): number {
  h = Math.imul(h ^ word, GOLDEN)
  return (h << 13) | (h >>> 19)
}

/**
 * The last step: the 0–3 bytes after the last whole word (little-endian, 0 when none: a name
 * byte is never 0), the length, then murmur3's finaliser, which mixes every bit into the low
 * bits the table masks with.
 */
export function finishNameHash(h: number, tail: number, length: number): number {
  if (tail !== 0) h = Math.imul(h ^ tail, GOLDEN)
  h ^= length
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  return h ^ (h >>> 16)
}

/**
 * The hash of bytes [start, end): mixNameWord over each whole word, then finishNameHash. Three
 * operations a word: this runs once per name of every request, and the table compares names
 * in full anyway.
 */
export function hashNameBytes(view: DataView, start: number, end: number): number {
  let h = NAME_HASH_SEED
  let i = start
  for (; i + 4 <= end; i += 4) h = mixNameWord(h, view.getInt32(i, true))
  let tail = 0
  for (let shift = 0; i < end; i++, shift += 8) tail |= view.getUint8(i) << shift
  return finishNameHash(h, tail, end - start)
}
