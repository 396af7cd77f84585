import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  hashNameBytes,
  isPlainName,
  NAME_SPAN_SLOTS,
  NameBytesTable,
  TaintIndex,
  type TaintProfile,
} from '../../src/core/index.js'
import { SEED } from '../property/field-arbitraries.js'
import { node } from './builders.js'

/** `name` written at `offset` of a larger buffer, as a request body holds it. */
function placed(name: string, offset = 7): { view: DataView; start: number; end: number } {
  const bytes = new TextEncoder().encode(`${'x'.repeat(offset)}${name}"],"tail":1}`)
  const copy = new Uint8Array(bytes.length + 5).subarray(3, 3 + bytes.length)
  copy.set(bytes)
  return {
    view: new DataView(copy.buffer, copy.byteOffset, copy.byteLength),
    start: offset,
    end: offset + name.length,
  }
}

/** The value held under the name at view[start, end), through getAll with one span. */
function getOne<V>(
  table: NameBytesTable<V>,
  view: DataView,
  start: number,
  end: number,
  hash = hashNameBytes(view, start, end)
): V | undefined {
  const out: (V | undefined)[] = []
  table.getAll(view, Int32Array.of(start, end, hash), out)
  return out[0]
}

function lookup<V>(table: NameBytesTable<V>, name: string, offset?: number): V | undefined {
  const { view, start, end } = placed(name, offset)
  return getOne(table, view, start, end)
}

/**
 * `literals` written one after another, as a request's NodeNames array, with each one's span
 * (start, end, hashNameBytes, or `hashes[i]` where given) laid out as NAME_SPAN_SLOTS says.
 */
function spansOf(
  literals: readonly string[],
  hashes: readonly (number | undefined)[] = []
): { view: DataView; spans: Int32Array } {
  const text = `{"NodeNames":[${literals.map((l) => `"${l}"`).join(',')}]}`
  const bytes = new TextEncoder().encode(text)
  const view = new DataView(bytes.buffer)
  const spans = new Int32Array(literals.length * NAME_SPAN_SLOTS)
  let at = text.indexOf('[') + 2
  literals.forEach((literal, i) => {
    const end = at + literal.length
    spans.set([at, end, hashes[i] ?? hashNameBytes(view, at, end)], i * NAME_SPAN_SLOTS)
    at = end + 3
  })
  return { view, spans }
}

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

describe('NameBytesTable.getAll', () => {
  it('answers for each of 300 names, in batches and across their edges, what a lookup of that name alone answers: held, never held, deleted, and a held name repeated', () => {
    const table = new NameBytesTable<number>()
    for (let i = 0; i < 1000; i++) table.set(`node-${i}`, i)
    for (let i = 0; i < 1000; i += 10) table.delete(`node-${i}`)
    const literals = Array.from({ length: 300 }, (_, i) =>
      i % 7 === 0 ? `unknown-${i}` : `node-${(i * 37) % 1000}`
    )
    literals.push('node-1', 'node-1')
    const { view, spans } = spansOf(literals)
    const out: (number | undefined)[] = []
    table.getAll(view, spans, out)
    expect(out).toHaveLength(literals.length)
    literals.forEach((literal, i) => {
      const one = getOne(table, view, spans[i * 3] as number, spans[i * 3 + 1] as number)
      expect(out[i]).toBe(one)
      const held = /^node-(\d+)$/.exec(literal)
      const n = held === null ? -1 : Number(held[1])
      expect(out[i]).toBe(n >= 0 && n % 10 !== 0 ? n : undefined)
    })
  })

  it("misses a held name under a hash other than its bytes' (as for a literal with escapes, which its scanner leaves unhashed), never matching it by chance", () => {
    const table = new NameBytesTable<string>()
    table.set('node-a', 'a')
    table.set('node-b', 'b')
    const { view, spans } = spansOf(['node-a', 'node-b', 'we\\"ird'], [0, undefined, 0])
    const out: (string | undefined)[] = []
    table.getAll(view, spans, out)
    expect(out).toEqual([undefined, 'b', undefined])
  })

  it('writes exactly one answer per span from the start of out, so a reused out is cut to length by its caller, not left stale in front', () => {
    const table = new NameBytesTable<number>()
    table.set('n1', 1)
    const out: (number | undefined)[] = [7, 7, 7, 7]
    const { view, spans } = spansOf(['n2', 'n1'])
    table.getAll(view, spans, out)
    expect(out).toEqual([undefined, 1, 7, 7])
    table.getAll(view, new Int32Array(0), out)
    expect(out).toEqual([undefined, 1, 7, 7])
  })

  it('agrees with a Map under any sequence of sets and deletes (300 runs)', () => {
    const names = ['a', 'ab', 'abcd', 'abcde', 'node-1', 'node-2']
    const opArb = fc.tuple(fc.boolean(), fc.constantFrom(...names), fc.integer())
    const { view, spans } = spansOf(names)
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 200 }), (ops) => {
        const table = new NameBytesTable<number>()
        const model = new Map<string, number>()
        for (const [isSet, name, value] of ops) {
          if (isSet) table.set(name, value)
          else table.delete(name)
          if (isSet) model.set(name, value)
          else model.delete(name)
        }
        const out: (number | undefined)[] = []
        table.getAll(view, spans, out)
        expect(out).toEqual(names.map((name) => model.get(name)))
      }),
      { seed: SEED, numRuns: 300 }
    )
  })
})

/** The profile TaintIndex.profilesByBytes finds for `name`'s UTF-8 bytes, looked up alone. */
function profileOf(index: TaintIndex, name: string): TaintProfile | undefined {
  const bytes = new TextEncoder().encode(name)
  const view = new DataView(bytes.buffer)
  const out: (TaintProfile | undefined)[] = []
  index.profilesByBytes(
    view,
    Int32Array.of(0, bytes.length, hashNameBytes(view, 0, bytes.length)),
    out
  )
  return out[0]
}

describe('TaintIndex.profilesByBytes', () => {
  it('finds the profile of what get finds for plain names through upserts, deletes and relists', () => {
    const index = new TaintIndex()
    index.upsert(node('a', { taints: ['x:NoSchedule'], resourceVersion: '1' }))
    index.upsert(node('b', { resourceVersion: '1' }))
    const tainted = index.get('a')?.profile
    expect(profileOf(index, 'a')).toBe(tainted)

    // Untainted now: another profile, which the bytes lookup must follow.
    const updated = index.upsert(node('a', { resourceVersion: '2' }))
    expect(updated.profile).not.toBe(tainted)
    expect(profileOf(index, 'a')).toBe(updated.profile)

    index.delete('a')
    expect(profileOf(index, 'a')).toBeUndefined()

    index.replaceAll([node('c', { resourceVersion: '3' })])
    expect(profileOf(index, 'b')).toBeUndefined()
    expect(profileOf(index, 'c')).toBe(index.get('c')?.profile)

    const all = spansOf(['a', 'b', 'c'])
    const out: (TaintProfile | undefined)[] = []
    index.profilesByBytes(all.view, all.spans, out)
    expect(out).toEqual([undefined, undefined, index.get('c')?.profile])
  })

  it('leaves a node whose name is not plain to get', () => {
    const index = new TaintIndex()
    index.upsert(node('nœud', { resourceVersion: '1' }))
    expect(index.get('nœud')).toBeDefined()
    expect(profileOf(index, 'nœud')).toBeUndefined()
  })
})
