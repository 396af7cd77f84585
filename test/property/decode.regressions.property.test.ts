import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeExtenderArgs, ProtocolError } from '../../src/protocol/index.js'
import { SEED } from './field-arbitraries.js'
import { escapeSpoiledDocument } from './byte-arbitraries.js'
import { checkAgainstJsonParse, decodeOutcome, utf8 } from './decode-outcomes.js'

/**
 * Bodies an earlier request scanner got wrong, kept as regressions. The decoder must refuse, as
 * JSON, exactly what JSON.parse refuses, and never throw anything but ProtocolError.
 */

describe('regressions: bodies an earlier scanner got wrong', () => {
  it('refuses a member key that is not a string, {0":1}, as not valid JSON', () => {
    expect(decodeOutcome(utf8('{0":1}'))).toMatchObject({ kind: 'structural' })
    expect(() => decodeExtenderArgs(utf8('{0\\"":1}'))).toThrow(ProtocolError)
    expect(() => decodeExtenderArgs(utf8('{0\u00e9":1}'))).toThrow(ProtocolError)
  })

  it('refuses a member without its colon, {"Pod":{},"NodeNames":["n"], "x"=1}', () => {
    const body = utf8('{"Pod":{},"NodeNames":["n"], "x"=1}')
    expect(decodeOutcome(body)).toMatchObject({ kind: 'structural' })
  })

  it('refuses a document nested 10 001 deep in all, counting the top-level object as Go does', () => {
    const body = utf8(`{"Pod":{},"NodeNames":["n"],"x":${'['.repeat(10_000)}${']'.repeat(10_000)}}`)
    expect(decodeOutcome(body)).toMatchObject({
      kind: 'structural',
      message: expect.stringMatching(/nesting deeper than 10000/),
    })
  })

  it('says an empty body ends before any value, not that it is a number', () => {
    expect(() => decodeExtenderArgs(utf8(''))).toThrow(
      /^request body is not valid JSON: expected a value, found end of body at byte 0$/
    )
  })
})

describe('\\u escapes in the request scanner (src/json/json-scan.ts)', () => {
  // Regression: the four hex digits were once tested as `(byte | 0x20)`, which let the control
  // bytes 0x10-0x19 pass as '0'-'9': accepted in an unread field (and echoed back as invalid
  // JSON), a raw SyntaxError (HTTP 500) in a parsed one.
  it('refuses a \\u escape with control bytes in an unread label', () => {
    const body = utf8(
      '{"Pod":{},"Nodes":{"items":[{"metadata":{"name":"n","labels":{"a":"\\u\u0010\u0011\u0012\u0013"}}}]}}'
    )
    expect(decodeOutcome(body)).toMatchObject({ kind: 'structural' })
  })

  it('throws only ProtocolError for a \\u escape with control bytes in the pod', () => {
    const body = utf8(
      '{"Pod":{"metadata":{"name":"\\u\u0010\u0011\u0012\u0013"}},"NodeNames":["n"]}'
    )
    expect(() => decodeExtenderArgs(body)).toThrow(ProtocolError)
  })

  it('agrees with JSON.parse on spoiled \\u escapes', () => {
    fc.assert(
      fc.property(escapeSpoiledDocument, (buf) => {
        checkAgainstJsonParse(buf)
      }),
      { seed: SEED + 20, numRuns: 1000 }
    )
  })
})
