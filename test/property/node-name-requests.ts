import fc from 'fast-check'
import { decodeExtenderArgs, type NodeNameList } from '../../src/protocol/index.js'

// Requests that carry NodeNames, laid out and escaped as any encoder might, for the tests that
// hold the names read from request bytes against JSON.parse and JSON.stringify.

export const POD = '{"metadata":{"name":"p"},"spec":{}}'

export function namesOf(body: string): NodeNameList {
  const args = decodeExtenderArgs(Buffer.from(body, 'utf8'))
  if (args.candidates.kind !== 'names') throw new Error('expected names')
  return args.candidates.names
}

/** Names of every kind: DNS-like, any printable ASCII, any Unicode (lone surrogates too). */
export const nameArb = fc.oneof(
  fc.stringMatching(/^[a-z0-9]([-a-z0-9.]{0,60}[a-z0-9])?$/),
  fc.string({ minLength: 1, maxLength: 20, unit: 'binary-ascii' }),
  fc.string({ minLength: 1, maxLength: 12, unit: 'binary' }),
  fc.string({ minLength: 1, maxLength: 12 })
)

/** A literal for `name` as some encoder might write it: minimal, or with every char \u-escaped. */
export function literalOf(name: string, escapeAll: boolean): string {
  if (!escapeAll) return JSON.stringify(name)
  let out = '"'
  for (let i = 0; i < name.length; i++) {
    out += '\\u' + name.charCodeAt(i).toString(16).padStart(4, '0')
  }
  return out + '"'
}

export const layoutArb = fc.record({
  space: fc.constantFrom('', ' ', '\n  ', '\t'),
  escapeAll: fc.array(fc.boolean(), { maxLength: 40 }),
  namesLast: fc.boolean(),
})
