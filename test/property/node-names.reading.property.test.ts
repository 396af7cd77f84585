import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { hashNameBytes, isPlainName } from '../../src/node-index/index.js'
import { ProtocolError } from '../../src/protocol/index.js'
import { SEED } from './field-arbitraries.js'
import { layoutArb, literalOf, nameArb, namesOf, POD } from './node-name-requests.js'

/**
 * NodeNames are read where they lie in the request (scanNodeNames). Held here against
 * JSON.parse: every name decodes to what JSON.parse gives and plainness is exactly "needs no
 * escape", whatever the names hold and however the request was laid out; a literal JSON.parse
 * would refuse is refused too, once its name is read.
 */

describe('NodeNames read from the request bytes', () => {
  it('decodes every name as JSON.parse does, looks up by bytes every literal without a quote after a backslash, and hashes those while scanning as hashNameBytes does (1000 runs)', () => {
    fc.assert(
      fc.property(fc.array(nameArb, { maxLength: 40 }), layoutArb, (names, layout) => {
        const s = layout.space
        const literals = names.map((n, i) => literalOf(n, layout.escapeAll[i] === true))
        const array = `[${s}${literals.join(`${s},${s}`)}${s}]`
        const body = layout.namesLast
          ? `{"Pod":${POD},${s}"NodeNames":${s}${array}${s}}`
          : `{"NodeNames":${array},"Pod":${POD}}`
        const list = namesOf(body)
        expect(list.length).toBe(names.length)
        expect(list.names()).toEqual(JSON.parse(array))
        for (let i = 0; i < names.length; i++) {
          // Only a quote right after a backslash sends a literal to the general scanner.
          const inner = (literals[i] as string).slice(1, -1)
          expect(list.hashed(i)).toBe(!inner.includes('"') && !inner.endsWith('\\'))
          if (list.hashed(i)) {
            expect(list.hash(i)).toBe(hashNameBytes(list.view, list.start(i), list.end(i)))
          }
          // Every name a plain table can hold is hashed, so found by its bytes, when sent unescaped.
          if (layout.escapeAll[i] !== true && isPlainName(names[i] as string)) {
            expect(list.hashed(i)).toBe(true)
          }
        }
      }),
      { seed: SEED, numRuns: 1000 }
    )
  })

  it.each([
    ['an empty name', '["a",""]', 'NodeNames[1]: expected a non-empty node name'],
    ['a number among the names', '["a",1]', 'NodeNames[1]: expected a non-empty node name'],
    ['a string instead of a list', '"a"', 'NodeNames: expected an array, got a string'],
    ['a raw tab inside a name', '["a\tb"]', 'control character in string'],
    ['a bad escape inside a name', '["a\\qb"]', 'bad escape'],
    ['a name left open at the end of the body', '["abcdefgh', 'unterminated string'],
    ['a missing comma between names', '["a" "b"]', "expected ',' or ']'"],
  ])(
    'refuses %s with a ProtocolError saying so, by the time the names are read',
    (_, names, message) => {
      const body = Buffer.from(`{"Pod":${POD},"NodeNames":${names}}`, 'utf8')
      expect(() => namesOf(body.toString('utf8')).names()).toThrow(ProtocolError)
      expect(() => namesOf(body.toString('utf8')).names()).toThrow(message)
    }
  )

  it.each([
    ['a raw tab', '"a\tb"', 'control character in string'],
    ['a raw line feed at the very end', '"ab\n"', 'control character in string'],
    ['a bad escape', '"a\\qb"', 'bad escape'],
    ['a \\u escape with a letter beyond f', '"a\\u00zz"', 'bad \\u escape'],
  ])(
    'leaves a literal with %s to be refused when its name is read, not while scanning',
    (_, literal, message) => {
      const list = namesOf(`{"Pod":${POD},"NodeNames":["ok",${literal}]}`)
      expect(list.name(0)).toBe('ok')
      expect(list.hashed(1)).toBe(true)
      expect(() => list.name(1)).toThrow(ProtocolError)
      expect(() => list.name(1)).toThrow(message)
    }
  )
})
