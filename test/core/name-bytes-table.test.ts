import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { hashNameBytes, isPlainName, NameBytesTable } from '../../src/node-index/index.js'
import { SEED } from '../property/field-arbitraries.js'
import { getOne, lookup, placed } from './name-bytes-spans.js'

describe('isPlainName', () => {
  it.each([
    ['a DNS subdomain is plain', 'gke-prod-pool-1a2b3c4d-x7k2.europe-west1', true],
    [
      'every ASCII character from space to DEL but the quote and backslash is plain',
      ' !#~\x7f',
      true,
    ],
    ['the empty name is not plain', '', false],
    ['a quote is not plain: its literal needs an escape', 'we"ird', false],
    ['a backslash is not plain: its literal needs an escape', 'back\\slash', false],
    ['a control character is not plain: its literal needs an escape', 'tab\there', false],
    ['a non-ASCII character is not plain: its bytes are not its UTF-16 units', 'nœud', false],
  ])('%s', (_, name, plain) => {
    expect(isPlainName(name)).toBe(plain)
  })
})

describe('NameBytesTable', () => {
  it('finds a name by its bytes anywhere in a larger buffer, at any alignment', () => {
    const table = new NameBytesTable<number>()
    table.set('node-a.example', 1)
    for (let offset = 0; offset < 9; offset++) {
      expect(lookup(table, 'node-a.example', offset)).toBe(1)
    }
  })

  it('holds names of every length from 1 to 9 bytes apart (whole words and tails)', () => {
    const table = new NameBytesTable<string>()
    const names = Array.from({ length: 9 }, (_, i) => 'abcdefghi'.slice(0, i + 1))
    for (const name of names) table.set(name, name)
    for (const name of names) expect(lookup(table, name)).toBe(name)
    expect(lookup(table, 'abcdefghij')).toBeUndefined()
    expect(lookup(table, 'abcdefgh_')).toBeUndefined()
  })

  it('tells apart names that differ only in their first, middle or last byte', () => {
    const table = new NameBytesTable<string>()
    const names = ['pool-a-0001', 'pool-a-0002', 'pool-b-0001', 'Pool-a-0001']
    for (const name of names) table.set(name, name)
    for (const name of names) expect(lookup(table, name)).toBe(name)
    expect(lookup(table, 'pool-c-0001')).toBeUndefined()
  })

  it('compares in full: a name of 1 to 20 bytes differing in any one byte is not found, even under the hash of the held one', () => {
    for (let length = 1; length <= 20; length++) {
      const held = 'node-0123456789abcdefgh'.slice(0, length)
      const table = new NameBytesTable<string>()
      table.set(held, held)
      const heldAt = placed(held)
      const heldHash = hashNameBytes(heldAt.view, heldAt.start, heldAt.end)
      expect(getOne(table, heldAt.view, heldAt.start, heldAt.end, heldHash)).toBe(held)
      for (let at = 0; at < length; at++) {
        const other = held.slice(0, at) + '_' + held.slice(at + 1)
        const { view, start, end } = placed(other)
        expect(getOne(table, view, start, end, heldHash)).toBeUndefined()
      }
    }
  })

  it.each([
    ['an ASCII byte', 0x5f],
    ['a zero byte (the bits of +0 and −0 are all zero but the sign)', 0x00],
    ['a byte with the top bit set (the sign of a double, −0)', 0x80],
    ['a byte of all ones (the exponent of NaN and infinity)', 0xff],
    ['a UTF-8 lead byte (0xf0)', 0xf0],
  ])(
    "compares in full at every length to 40 bytes: one byte changed to %s at any position is not found, even under the held name's hash",
    (_, byte) => {
      for (let length = 1; length <= 40; length++) {
        const held = 'gke-prod-europe-west1-pool-0123456789abcdef'.slice(0, length)
        const table = new NameBytesTable<string>()
        table.set(held, held)
        const heldHash = hashNameBytes(placed(held).view, placed(held).start, placed(held).end)
        for (let at = 0; at < length; at++) {
          const { view, start, end } = placed(held)
          if (view.getUint8(start + at) === byte) continue
          view.setUint8(start + at, byte)
          expect(getOne(table, view, start, end, heldHash)).toBeUndefined()
        }
        // Bytes around the name that would compare (a NaN or −0 pattern) change nothing.
        const { view, start, end } = placed(held)
        view.setUint8(start - 1, 0xff)
        view.setUint8(end, 0xff)
        expect(getOne(table, view, start, end, heldHash)).toBe(held)
      }
    }
  )

  it('compares lengths before bytes: a prefix or an extension of the held name is not found, even under its hash', () => {
    const held = 'gke-prod-europe-west1-pool-0123'
    for (let length = 1; length < held.length; length++) {
      const table = new NameBytesTable<string>()
      table.set(held.slice(0, length), 'held')
      const heldAt = placed(held.slice(0, length))
      const heldHash = hashNameBytes(heldAt.view, heldAt.start, heldAt.end)
      const prefix = placed(held.slice(0, length - 1))
      const extension = placed(held.slice(0, length + 1))
      expect(getOne(table, prefix.view, prefix.start, prefix.end, heldHash)).toBeUndefined()
      expect(
        getOne(table, extension.view, extension.start, extension.end, heldHash)
      ).toBeUndefined()
    }
  })

  it('deletes any one name from a table holding only it, whichever bucket it hashes to (200 names)', () => {
    for (let i = 0; i < 200; i++) {
      const table = new NameBytesTable<number>()
      table.set(`node-${i}`, i)
      expect(table.delete(`node-${i}`)).toBe(true)
      expect(table.size).toBe(0)
      expect(lookup(table, `node-${i}`)).toBeUndefined()
    }
  })

  it('deleting a name that is not plain leaves alone the plain name its characters would truncate to as bytes', () => {
    const table = new NameBytesTable<number>()
    // U+0153 (œ) cut to a byte is 0x53 (S).
    table.set('nSud', 1)
    expect(table.delete('n\u0153ud')).toBe(false)
    expect(table.set('n\u0153ud', 2)).toBe(false)
    expect(table.size).toBe(1)
    expect(lookup(table, 'nSud')).toBe(1)
  })

  it('holds a name longer than twice the bytes it has room for, growing its byte arena to fit', () => {
    const table = new NameBytesTable<number>()
    const long = 'n'.repeat(5000)
    table.set('short', 1)
    table.set(long, 2)
    expect(lookup(table, long)).toBe(2)
    expect(lookup(table, 'short')).toBe(1)
    expect(lookup(table, long.slice(1))).toBeUndefined()
  })

  it('keeps nothing for a name that is not plain, leaving it to lookups by string', () => {
    const table = new NameBytesTable<number>()
    expect(table.set('nœud', 1)).toBe(false)
    expect(table.set('we"ird', 1)).toBe(false)
    expect(table.size).toBe(0)
    expect(table.delete('nœud')).toBe(false)
  })

  it('replaces the value of a name set twice, still holding one entry', () => {
    const table = new NameBytesTable<number>()
    table.set('n1', 1)
    table.set('n1', 2)
    expect(table.size).toBe(1)
    expect(lookup(table, 'n1')).toBe(2)
  })

  it('forgets a deleted name, and finds it again once it is set again', () => {
    const table = new NameBytesTable<number>()
    table.set('n1', 1)
    table.set('n2', 2)
    expect(table.delete('n1')).toBe(true)
    expect(table.delete('n1')).toBe(false)
    expect(lookup(table, 'n1')).toBeUndefined()
    expect(lookup(table, 'n2')).toBe(2)
    table.set('n1', 3)
    expect(lookup(table, 'n1')).toBe(3)
    expect(table.size).toBe(2)
  })

  it('keeps every live name through the rebuilds that growth and churn cause', () => {
    const table = new NameBytesTable<number>()
    // 20 000 inserts and 15 000 deletes: many rebuilds and tombstones on the way.
    for (let i = 0; i < 20_000; i++) {
      table.set(`node-${i}`, i)
      if (i >= 5000) table.delete(`node-${i - 5000}`)
    }
    expect(table.size).toBe(5000)
    for (let i = 0; i < 20_000; i += 7) {
      expect(lookup(table, `node-${i}`)).toBe(i >= 15_000 ? i : undefined)
    }
  })

  it('answers like a Map under any sequence of sets and deletes (500 runs)', () => {
    const nameArb = fc.constantFrom('a', 'ab', 'abcd', 'abcde', 'node-1', 'node-2', 'nœud', 'x"y')
    const opArb = fc.tuple(fc.boolean(), nameArb, fc.integer())
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 200 }), (ops) => {
        const table = new NameBytesTable<number>()
        const model = new Map<string, number>()
        for (const [isSet, name, value] of ops) {
          if (isSet) {
            table.set(name, value)
            if (isPlainName(name)) model.set(name, value)
          } else {
            table.delete(name)
            model.delete(name)
          }
        }
        expect(table.size).toBe(model.size)
        for (const name of ['a', 'ab', 'abcd', 'abcde', 'node-1', 'node-2']) {
          expect(lookup(table, name)).toBe(model.get(name))
        }
      }),
      { seed: SEED, numRuns: 500 }
    )
  })
})
