import {
  ProtobufError,
  WIRE_BYTES,
  WIRE_FIXED32,
  WIRE_FIXED64,
  WIRE_VARINT,
} from './wire-reader.js'

/**
 * Where one field lies in bytes that may end before it does: its tag, and where its value
 * starts and ends, read without reading the value. For a body read as it arrives
 * (list-stream.ts): null says the bytes end inside the field's tag or length, so more are
 * needed; a value that runs past them is for the caller to wait for.
 */

export interface FieldAt {
  readonly number: number
  readonly wire: number
  /** Where the tag starts. */
  readonly at: number
  /** Where a length-delimited field's length starts (else its value). */
  readonly lengthAt: number
  readonly valueStart: number
  readonly valueEnd: number
}

/** The longest varint of a tag or a length: 32 bits in 7-bit groups. */
const MAX_32_BIT_VARINT = 5
const MAX_VARINT = 10

/** A varint's end, or -1 when the bytes end first; one longer than `max` fails at `at`. */
function varintEnd(buf: Uint8Array, at: number, max: number, base: number): number {
  for (let i = at; i < buf.length; i++) {
    if (i - at === max) throw new ProtobufError(`a varint runs past ${max} bytes`, base + at)
    if ((buf[i] as number) < 0x80) return i + 1
  }
  return -1
}

/** The varint in buf[at, end), as a number (it is at most 32 bits here). */
function varintValue(buf: Uint8Array, at: number, end: number): number {
  let value = 0
  for (let i = end - 1; i >= at; i--) value = value * 128 + ((buf[i] as number) & 0x7f)
  return value
}

/** The field starting at `at`, or null when the bytes end inside its tag or length. */
export function fieldAt(buf: Uint8Array, at: number, base: number): FieldAt | null {
  const tagEnd = varintEnd(buf, at, MAX_32_BIT_VARINT, base)
  if (tagEnd < 0) return null
  const tag = varintValue(buf, at, tagEnd)
  const number = Math.floor(tag / 8)
  const wire = tag % 8
  if (number === 0 || tag >= 2 ** 32)
    throw new ProtobufError('a field number out of range', base + at)
  if (wire === WIRE_VARINT) {
    const end = varintEnd(buf, tagEnd, MAX_VARINT, base)
    return end < 0
      ? null
      : { number, wire, at, lengthAt: tagEnd, valueStart: tagEnd, valueEnd: end }
  }
  if (wire === WIRE_FIXED64 || wire === WIRE_FIXED32) {
    const valueEnd = tagEnd + (wire === WIRE_FIXED64 ? 8 : 4)
    return { number, wire, at, lengthAt: tagEnd, valueStart: tagEnd, valueEnd }
  }
  if (wire !== WIRE_BYTES) throw new ProtobufError(`a field of wire type ${wire}`, base + at)
  const lengthEnd = varintEnd(buf, tagEnd, MAX_32_BIT_VARINT, base)
  if (lengthEnd < 0) return null
  const length = varintValue(buf, tagEnd, lengthEnd)
  if (length >= 2 ** 32) throw new ProtobufError('a length out of range', base + tagEnd)
  return { number, wire, at, lengthAt: tagEnd, valueStart: lengthEnd, valueEnd: lengthEnd + length }
}
