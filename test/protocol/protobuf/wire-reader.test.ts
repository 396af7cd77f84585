import { describe, expect, it } from 'vitest'
import { ProtobufError, WireReader } from '../../../src/protocol/protobuf/wire-reader.js'
import { pb, varintBytes } from '../../support/protobuf-writer.js'

/** The wire reader against bytes written field by field, and the faults it names by byte. */

const reader = (bytes: Uint8Array) => new WireReader(bytes)

function failure(read: () => unknown): { message: string; at: number } {
  try {
    read()
  } catch (err) {
    if (err instanceof ProtobufError) return { message: err.message, at: err.at }
    throw err
  }
  throw new Error('no failure')
}

describe('varints', () => {
  it.each([
    [0, 1],
    [1, 1],
    [127, 1],
    [128, 2],
    [300, 2],
    [2 ** 28, 5],
    [2 ** 31 - 1, 5],
    [2 ** 32 + 5, 5],
    [2 ** 53 - 1, 8],
  ])('reads the int64 %d back from its %d bytes', (value, length) => {
    const bytes = varintBytes(value)
    expect(bytes).toHaveLength(length)
    const r = reader(bytes)
    expect(r.int64()).toBe(value)
    expect(r.pos).toBe(length)
  })

  it('reads a negative int32 from the ten bytes Go writes for it, as Go truncates to 32 bits', () => {
    for (const value of [-1, -2, -(2 ** 31), -12345]) {
      const bytes = varintBytes(value)
      expect(bytes).toHaveLength(10)
      expect(reader(bytes).int32()).toBe(value)
    }
  })

  it('reads a negative int64 exactly, and one past 2^53 rounded as JSON.parse rounds its decimal', () => {
    expect(reader(varintBytes(-1)).int64()).toBe(-1)
    expect(reader(varintBytes(-(2 ** 40) - 3)).int64()).toBe(-(2 ** 40) - 3)
    for (const big of [2n ** 53n + 1n, 9223372036854775807n, -9223372036854775808n]) {
      expect(reader(varintBytes(big)).int64()).toBe(JSON.parse(big.toString()) as number)
    }
  })

  it('takes any varint other than zero as true, a ten-byte one included', () => {
    expect(reader(varintBytes(0)).bool()).toBe(false)
    expect(reader(varintBytes(1)).bool()).toBe(true)
    expect(reader(varintBytes(2n ** 40n)).bool()).toBe(true)
  })

  it('refuses a varint of eleven bytes, and one the message ends inside, naming the byte', () => {
    const eleven = Uint8Array.from([...new Array<number>(10).fill(0x80), 0x01])
    expect(failure(() => reader(eleven).int64())).toEqual({
      message: 'a varint runs past 10 bytes at byte 9',
      at: 9,
    })
    expect(failure(() => reader(Uint8Array.from([0x96])).int64()).at).toBe(1)
  })
})

describe('fields', () => {
  it('reads tags, strings in ASCII and beyond, and lengths within their message', () => {
    const r = reader(pb.concat(pb.string(1, 'web-0'), pb.string(2, 'zoné-ä-日本-'.repeat(3))))
    expect(r.tag()).toBe(1 * 8 + 2)
    expect(r.string()).toBe('web-0')
    expect(r.tag()).toBe(2 * 8 + 2)
    expect(r.string()).toBe('zoné-ä-日本-'.repeat(3))
    expect(r.more()).toBe(false)
  })

  it('skips a field of every wire type, nested groups included, landing on the next field', () => {
    const bytes = pb.concat(
      pb.varint(1, -5),
      pb.fixed64(2),
      pb.string(3, 'skipped'),
      pb.group(4, pb.varint(1, 1), pb.group(2, pb.string(3, 'inner'))),
      pb.fixed32(5),
      pb.string(6, 'kept')
    )
    const r = reader(bytes)
    for (let i = 0; i < 5; i++) r.skip(r.tag() & 7)
    expect(r.tag() >>> 3).toBe(6)
    expect(r.string()).toBe('kept')
  })

  it.each([
    [
      'a length past the end',
      pb.string(1, 'abc').subarray(0, 4),
      'a length runs past the end of its message at byte 1',
    ],
    ['field number 0', Uint8Array.from([0x02, 0x00]), 'a field number out of range at byte 0'],
    ['wire type 6', Uint8Array.from([0x0e]), 'a field of wire type 6 at byte 0'],
    ['an unclosed group', Uint8Array.from([0x0b, 0x08, 0x01]), 'a group is not closed at byte 1'],
    [
      'a cut fixed64',
      Uint8Array.from([0x09, 0, 0]),
      'the message ends inside a fixed-width value at byte 1',
    ],
  ])('refuses %s, naming the byte', (_, bytes, message) => {
    expect(
      failure(() => {
        const r = reader(bytes)
        while (r.more()) r.skip(r.tag() & 7)
      }).message
    ).toBe(message)
  })

  it('keeps a nested message within its length, then goes on after it', () => {
    const bytes = pb.concat(pb.message(1, pb.string(1, 'in')), pb.string(2, 'after'))
    const r = reader(bytes)
    r.tag()
    const inner = r.nested((n) => {
      n.tag()
      const text = n.string()
      return { text, more: n.more() }
    })
    expect(inner).toEqual({ text: 'in', more: false })
    r.tag()
    expect(r.string()).toBe('after')
  })
})
