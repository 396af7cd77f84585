import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { NameBytesTable } from '../../src/node-index/index.js'
import { SEED } from '../property/field-arbitraries.js'
import { getOne, keysOf, spansOf } from './name-bytes-spans.js'

describe('NameBytesTable.getAll', () => {
  it('answers for each of 300 names, in batches and across their edges, what a lookup of that name alone answers: held, never held, deleted, and a held name repeated', () => {
    const table = new NameBytesTable<number>()
    for (let i = 0; i < 1000; i++) table.set(`node-${i}`, i)
    for (let i = 0; i < 1000; i += 10) table.delete(`node-${i}`)
    const literals = Array.from({ length: 300 }, (_, i) =>
      i % 7 === 0 ? `unknown-${i}` : `node-${(i * 37) % 1000}`
    )
    literals.push('node-1', 'node-1')
    const { view, spans, keys } = spansOf(literals)
    const out: (number | undefined)[] = []
    table.getAll(keys, out)
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
    const { keys } = spansOf(['node-a', 'node-b', 'we\\"ird'], [0, undefined, 0])
    const out: (string | undefined)[] = []
    table.getAll(keys, out)
    expect(out).toEqual([undefined, 'b', undefined])
  })

  it('writes exactly one answer per span from the start of out, so a reused out is cut to length by its caller, not left stale in front', () => {
    const table = new NameBytesTable<number>()
    table.set('n1', 1)
    const out: (number | undefined)[] = [7, 7, 7, 7]
    const { view, keys } = spansOf(['n2', 'n1'])
    table.getAll(keys, out)
    expect(out).toEqual([undefined, 1, 7, 7])
    table.getAll(keysOf(view, new Int32Array(0)), out)
    expect(out).toEqual([undefined, 1, 7, 7])
  })

  it('agrees with a Map under any sequence of sets and deletes (300 runs)', () => {
    const names = ['a', 'ab', 'abcd', 'abcde', 'node-1', 'node-2']
    const opArb = fc.tuple(fc.boolean(), fc.constantFrom(...names), fc.integer())
    const { keys } = spansOf(names)
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
        table.getAll(keys, out)
        expect(out).toEqual(names.map((name) => model.get(name)))
      }),
      { seed: SEED, numRuns: 300 }
    )
  })
})
