import { describe, expect, it } from 'vitest'
import { ByteWriter, constantWords, copyShortRange, putWords } from '../../src/json/byte-writer.js'

/**
 * ByteWriter copies short ranges and constants a whole word at a time, so it may read up to
 * three bytes past a range and write up to three past what it keeps. Whatever the lengths and
 * the alignment, a reply must hold exactly the bytes asked for, and a range must never be read
 * past the end of its source.
 */

const utf8 = new TextEncoder()
const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes)

/** A DataView over exactly the bytes of `s`: one byte more read would throw a RangeError. */
function exactView(s: string): DataView {
  const bytes = utf8.encode(s)
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.length)
}

/** A DataView over `s` in the middle of a larger buffer, with `before` bytes of '#' ahead. */
function offsetView(s: string, before: number): DataView {
  const bytes = utf8.encode('#'.repeat(before) + s + '#'.repeat(8))
  return new DataView(bytes.buffer, before, s.length + 8)
}

const LENGTHS = Array.from({ length: 14 }, (_, n) => n)

describe('ByteWriter', () => {
  it.each(LENGTHS)(
    'copies a range of %i bytes that ends exactly where its source ends, reading nothing past it',
    (length) => {
      const source = 'abcdefghijklmnopqrstuvwxyz'.slice(0, length)
      const out = new ByteWriter(8)
      out.range(exactView(source), 0, length)
      out.range(exactView('[' + source), 1, length + 1)
      expect(text(out.result())).toBe(source + source)
    }
  )

  it.each(LENGTHS)(
    'keeps only the %i bytes of a range whose last word reaches into the bytes after it',
    (length) => {
      const view = offsetView('0123456789abcdef'.slice(0, length) + '"TAIL', 5)
      const out = new ByteWriter(8)
      out.range(view, 0, length)
      out.words(constantWords('|'))
      out.range(view, 0, length)
      const name = '0123456789abcdef'.slice(0, length)
      expect(text(out.result())).toBe(`${name}|${name}`)
    }
  )

  it.each(LENGTHS)(
    'writes a constant of %i bytes whole, and the next write covers its padding',
    (length) => {
      const constant = constantWords('QRSTUVWXYZ0123'.slice(0, length))
      expect(constant.length).toBe(length)
      expect(constant.words.length).toBe(Math.ceil(length / 4))
      const out = new ByteWriter(8)
      out.words(constant)
      out.words(constant)
      out.words(constantWords('!'))
      expect(text(out.result())).toBe('QRSTUVWXYZ0123'.slice(0, length).repeat(2) + '!')
    }
  )

  it('writes a thousand names between constants, growing from a tiny first guess', () => {
    const names = Array.from({ length: 1000 }, (_, i) => `node-${'x'.repeat(i % 13)}-${i}`)
    const body = exactView(JSON.stringify(names))
    const between = constantWords('","Score":7},{"Host":"')
    const out = new ByteWriter(1)
    out.words(constantWords('[{"Host":"'))
    let at = 2
    for (let i = 0; i < names.length; i++) {
      const length = (names[i] as string).length
      out.range(body, at, at + length)
      if (i + 1 < names.length) out.words(between)
      at += length + 3
    }
    out.words(constantWords('","Score":7}]'))
    expect(JSON.parse(text(out.result()))).toEqual(names.map((Host) => ({ Host, Score: 7 })))
  })

  it('copies a range of 128 bytes or more in one piece, at any offset', () => {
    const long = 'y'.repeat(300)
    const out = new ByteWriter(16)
    out.words(constantWords('<'))
    out.range(offsetView(long, 3), 0, 300)
    out.range(exactView(long), 100, 300)
    expect(text(out.result())).toBe('<' + long + long.slice(100))
  })

  it('takes a long range from staged bytes, not from its source read again', () => {
    const bytes = utf8.encode('a'.repeat(200) + 'b'.repeat(200) + 'c'.repeat(200))
    const src = new DataView(bytes.buffer, bytes.byteOffset, bytes.length)
    const out = new ByteWriter(1024)
    out.words(constantWords('['))
    out.stage(src, 0, 600)
    bytes.fill(0x23)
    out.range(src, 0, 200)
    out.words(constantWords(','))
    out.range(src, 400, 600)
    expect(text(out.result())).toBe('[' + 'a'.repeat(200) + ',' + 'c'.repeat(200))
  })

  it('copies from the source a staged range the padding of the last write may have reached', () => {
    const src = exactView('x'.repeat(130) + 'Y' + 'z'.repeat(130))
    const out = new ByteWriter(1024)
    out.stage(src, 0, 261)
    out.range(src, 0, 130)
    // A one-byte constant is written as a whole word: three bytes of padding land on the
    // staged 'zzz' the next range would otherwise take from the reply.
    out.words(constantWords(','))
    out.range(src, 131, 261)
    expect(text(out.result())).toBe('x'.repeat(130) + ',' + 'z'.repeat(130))
  })

  it.each(LENGTHS)(
    'copies %i bytes with copyShortRange into claimed room, reading nothing past a source that ends there',
    (length) => {
      const source = 'abcdefghijklmnopqrstuvwxyz'.slice(0, length)
      const out = new ByteWriter(4)
      const view = out.claim(2 * length + 1)
      let pos = copyShortRange(view, out.position, exactView(source), 0, length)
      pos = putWords(view, pos, constantWords('|'))
      pos = copyShortRange(view, pos, offsetView(source + '"TAIL', 2), 0, length)
      out.advanceTo(pos)
      out.words(constantWords('!'))
      expect(text(out.result())).toBe(`${source}|${source}!`)
    }
  )

  it('refuses to move past the room the last claim made, even where the buffer has more', () => {
    const out = new ByteWriter(1024)
    out.claim(10)
    expect(() => out.advanceTo(11)).toThrow('reply written to byte 11, past the 10 claimed')
    out.advanceTo(10)
    expect(out.position).toBe(10)
  })

  it('takes each claim as all the loop after it may write, not added to the claims before it', () => {
    const out = new ByteWriter(1024)
    out.claim(100)
    out.advanceTo(4)
    out.claim(2)
    expect(() => out.advanceTo(7)).toThrow('reply written to byte 7, past the 6 claimed')
    out.advanceTo(6)
    expect(out.position).toBe(6)
  })

  it.each([
    ['a signalling NaN', [0x01, 0, 0, 0, 0, 0, 0xf0, 0x7f]],
    ['a NaN with a payload and the sign set', [0xef, 0xbe, 0xad, 0xde, 0xff, 0xff, 0xf7, 0xff]],
    ['infinity', [0, 0, 0, 0, 0, 0, 0xf0, 0x7f]],
    ['−0', [0, 0, 0, 0, 0, 0, 0, 0x80]],
    ['+0', [0, 0, 0, 0, 0, 0, 0, 0]],
  ])(
    'copies bytes that read as %s bit for bit with copyShortRange, at every length from 8 to 40 and every place in the range',
    (_, pattern) => {
      for (let length = 8; length <= 40; length++) {
        for (let at = 0; at + 8 <= length; at++) {
          const source = Uint8Array.from({ length: length + 5 }, (_, i) => 0x61 + (i % 26))
          source.set(pattern, at + 2)
          const src = new DataView(source.buffer)
          const out = new ByteWriter(4)
          const view = out.claim(length + 2)
          out.advanceTo(
            copyShortRange(view, putWords(view, 0, constantWords('<')), src, 2, 2 + length)
          )
          out.words(constantWords('>'))
          expect([...out.result()]).toEqual([0x3c, ...source.subarray(2, 2 + length), 0x3e])
        }
      }
    }
  )

  it('claims room after what was written so far, keeping those bytes when it grows', () => {
    const out = new ByteWriter(1)
    out.words(constantWords('head:'))
    let view = out.claim(3)
    let pos = putWords(view, out.position, constantWords('abc'))
    out.advanceTo(pos)
    view = out.claim(4000)
    pos = out.position
    for (let i = 0; i < 1000; i++) pos = putWords(view, pos, constantWords('wxyz'))
    out.advanceTo(pos)
    expect(text(out.result())).toBe('head:abc' + 'wxyz'.repeat(1000))
  })
})
