/**
 * The protobuf wire format as the API server writes it (gogo-protobuf's generated marshallers,
 * k8s.io/api core/v1 generated.pb.go): varints, length-delimited fields, and the fixed widths and
 * groups no Kubernetes message uses, which are skipped like any unknown field. A reader covers
 * one message at a time between `pos` and `end`; a nested message narrows `end` (enter/leave).
 */

/**
 * A truncated or malformed message, with the byte of the body where it went wrong: the API
 * server's answer at fault, not the user's input.
 */
export class ProtobufError extends Error {
  override readonly name = 'ProtobufError'
  readonly problem: string
  readonly at: number

  constructor(problem: string, at: number) {
    super(`${problem} at byte ${at}`)
    this.problem = problem
    this.at = at
  }
}

export const WIRE_VARINT = 0
export const WIRE_FIXED64 = 1
export const WIRE_BYTES = 2
export const WIRE_START_GROUP = 3
export const WIRE_END_GROUP = 4
export const WIRE_FIXED32 = 5

const TWO_POW_32 = 2 ** 32
/** Above this high word a uint64 is no longer exact as a double (2^53 = 2^21 * 2^32). */
const EXACT_HIGH_WORD = 2 ** 21
const utf8 = new TextDecoder()
/**
 * Strings up to this length are built in JavaScript when ASCII: cheaper than a decoder call.
 * Not longer: from 13 characters on, a string grown a character at a time is a rope of as many
 * parts, which every pod holding it would keep.
 */
const SHORT_STRING = 12

export class WireReader {
  pos: number
  end: number
  /** The high 32 bits of the last varint read (its low 32 bits are returned). */
  #high = 0

  constructor(
    readonly buf: Uint8Array,
    pos = 0,
    end = buf.length
  ) {
    this.pos = pos
    this.end = end
  }

  more(): boolean {
    return this.pos < this.end
  }

  fail(problem: string, at = this.pos): never {
    throw new ProtobufError(problem, at)
  }

  #byte(): number {
    if (this.pos >= this.end) this.fail('the message ends inside a varint')
    return this.buf[this.pos++] as number
  }

  /** A varint's low 32 bits (unsigned); its high 32 bits are left in #high. */
  #varint(): number {
    const first = this.pos < this.end ? (this.buf[this.pos] as number) : 0x80
    if (first < 0x80) {
      this.pos++
      this.#high = 0
      return first
    }
    let low = 0
    for (let shift = 0; shift < 28; shift += 7) {
      const b = this.#byte()
      low |= (b & 0x7f) << shift
      if (b < 0x80) return this.#done(low, 0)
    }
    const fifth = this.#byte()
    low |= (fifth & 0x7f) << 28
    let high = (fifth & 0x7f) >> 4
    if (fifth < 0x80) return this.#done(low, high)
    for (let shift = 3; shift < 35; shift += 7) {
      const b = this.#byte()
      high |= (b & 0x7f) << shift
      if (b < 0x80) return this.#done(low, high)
    }
    return this.fail('a varint runs past 10 bytes', this.pos - 1)
  }

  #done(low: number, high: number): number {
    this.#high = high >>> 0
    return low >>> 0
  }

  /** A field's tag: its number times 8 plus its wire type; field 0 does not exist. */
  tag(): number {
    const at = this.pos
    const tag = this.#varint()
    if (this.#high !== 0 || tag >>> 3 === 0) this.fail('a field number out of range', at)
    return tag
  }

  /** An int32 field: the low 32 bits, signed, as Go converts (a negative one takes 10 bytes). */
  int32(): number {
    return this.#varint() | 0
  }

  /** An int64 field as a number: exact within 2^53, beyond rounded as JSON.parse rounds. */
  int64(): number {
    const low = this.#varint()
    const high = this.#high
    if (high < EXACT_HIGH_WORD) return high * TWO_POW_32 + low
    return Number(BigInt.asIntN(64, (BigInt(high) << 32n) | BigInt(low)))
  }

  bool(): boolean {
    const low = this.#varint()
    return low !== 0 || this.#high !== 0
  }

  /**
   * A length, unchecked against the message's end: for a reader of only the first bytes of a
   * body, whose outer message runs on past them.
   */
  lengthAhead(): number {
    const at = this.pos
    const length = this.#varint()
    if (this.#high !== 0) this.fail('a length out of range', at)
    return length
  }

  /** The end of the length-delimited value that starts here, checked to lie within the message. */
  lengthEnd(): number {
    const at = this.pos
    const length = this.#varint()
    if (this.#high !== 0 || length > this.end - this.pos)
      this.fail('a length runs past the end of its message', at)
    return this.pos + length
  }

  /** Passes over a length-delimited value, returning where it ends. */
  skipped(): number {
    this.pos = this.lengthEnd()
    return this.pos
  }

  /** A length-delimited string, decoded as UTF-8 (an invalid sequence becomes U+FFFD). */
  string(): string {
    const end = this.lengthEnd()
    const start = this.pos
    this.pos = end
    return textOf(this.buf, start, end)
  }

  /** Reads a nested message: `read` sees the reader narrowed to it, then the rest follows. */
  nested<T>(read: (reader: this) => T): T {
    const end = this.lengthEnd()
    const outer = this.end
    this.end = end
    const value = read(this)
    this.pos = end
    this.end = outer
    return value
  }

  /** Passes over one field's value of wire type `wire` (tag already read). */
  skip(wire: number): void {
    if (wire === WIRE_VARINT) this.#varint()
    else if (wire === WIRE_BYTES) this.skipped()
    else if (wire === WIRE_FIXED64 || wire === WIRE_FIXED32)
      this.#fixed(wire === WIRE_FIXED64 ? 8 : 4)
    else if (wire === WIRE_START_GROUP) this.#group()
    else this.fail(`a field of wire type ${wire}`, this.pos - 1)
  }

  #fixed(width: number): void {
    if (this.end - this.pos < width) this.fail('the message ends inside a fixed-width value')
    this.pos += width
  }

  /** A group's fields up to its end-group tag of the same number, nested groups included. */
  #group(): void {
    const open = this.pos
    for (let depth = 1; depth > 0;) {
      if (!this.more()) this.fail('a group is not closed', open)
      const wire = this.tag() & 7
      if (wire === WIRE_END_GROUP) depth--
      else if (wire === WIRE_START_GROUP) depth++
      else this.skip(wire)
    }
  }
}

/** The UTF-8 text of `buf[start, end)`; short ASCII built directly. */
export function textOf(buf: Uint8Array, start: number, end: number): string {
  if (end - start > SHORT_STRING) return utf8.decode(buf.subarray(start, end))
  let text = ''
  for (let i = start; i < end; i++) {
    const c = buf[i] as number
    if (c >= 0x80) return utf8.decode(buf.subarray(start, end))
    text += String.fromCharCode(c)
  }
  return text
}

/**
 * ASCII codes as one flat string, built by one call: a string grown a character at a time is
 * a rope of as many parts (from 13 characters on), which every pod holding it would keep.
 */
export function asciiText(codes: Uint8Array): string {
  return String.fromCharCode.apply(null, codes as unknown as number[])
}
