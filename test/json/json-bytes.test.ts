import { describe, expect, it } from 'vitest'
import { specialByteAt } from '../../src/json/json-bytes.js'

/** `text`'s bytes, with `byte` written at `at`, as a body the scanner reads. */
function bodyWith(text: string, at: number, byte: number): { buf: Uint8Array; view: DataView } {
  const buf = new TextEncoder().encode(text)
  buf[at] = byte
  return { buf, view: new DataView(buf.buffer, buf.byteOffset, buf.byteLength) }
}

const PLAIN = 'abcdefghijklmnopqrstuvwx'

describe('specialByteAt', () => {
  it.each([
    ['a quote', 0x22],
    ['a backslash', 0x5c],
    ['a NUL', 0x00],
    ['the last control character (0x1f)', 0x1f],
    ['the first byte from 0x80', 0x80],
    ['a UTF-8 continuation byte (0xa2, a quote with the high bit set)', 0xa2],
    ['a UTF-8 lead byte (0xdc, a backslash with the high bit set)', 0xdc],
    ['a byte of all ones', 0xff],
  ])(
    'finds %s at every offset from where it starts, and not a special byte after it that a borrow could flag first',
    (_, byte) => {
      // Every start within an eight-byte step, so each byte of both words of a step is tried.
      for (let start = 0; start < 8; start++) {
        for (let at = start; at < PLAIN.length - 1; at++) {
          // A NUL right after the special byte borrows from the bytes above it in the word.
          const { buf, view } = bodyWith(PLAIN, at, byte)
          buf[at + 1] = 0x00
          expect(specialByteAt(buf, view, start)).toBe(at)
        }
      }
    }
  )

  it.each([
    ['a space', 0x20],
    ['DEL (0x7f)', 0x7f],
    ['a quote less one (0x21)', 0x21],
    ['a quote plus one (0x23)', 0x23],
    ['a backslash less one (0x5b)', 0x5b],
    ['a backslash plus one (0x5d)', 0x5d],
  ])('passes over %s, which a string may hold as it is', (_, byte) => {
    for (let at = 0; at < PLAIN.length; at++) {
      const { buf, view } = bodyWith(PLAIN, at, byte)
      expect(specialByteAt(buf, view, 0)).toBe(buf.length)
    }
  })

  it('finds a special byte past the last eight-byte step: in the last whole word or the bytes after it', () => {
    for (let length = 1; length <= 15; length++) {
      const { buf, view } = bodyWith(PLAIN.slice(0, length), length - 1, 0x22)
      expect(specialByteAt(buf, view, 0)).toBe(length - 1)
    }
  })
})
