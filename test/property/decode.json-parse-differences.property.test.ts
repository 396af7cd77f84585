import { describe, expect, it } from 'vitest'
import { decodeOutcome, jsonVerdict, utf8 } from './decode-outcomes.js'

/**
 * Where the request decoder intentionally differs from JSON.parse, and where it agrees though one
 * might expect otherwise. Nesting deeper than 10 000 is refused as Go's encoding/json refuses it;
 * JSON.parse has no such limit.
 */

describe('documented differences from JSON.parse', () => {
  const deepMember = (levels: number): Buffer =>
    utf8(`{"Pod":{},"NodeNames":["n"],"x":${'['.repeat(levels)}${']'.repeat(levels)}}`)

  it('refuses nesting deeper than 10 000 (Go refuses it too; JSON.parse does not)', () => {
    for (const levels of [10_001, 10_002, 1_000_000]) {
      const body = deepMember(levels)
      expect(jsonVerdict(body).verdict).toBe('object')
      expect(decodeOutcome(body)).toEqual({
        kind: 'structural',
        message: expect.stringMatching(
          /^request body is not valid JSON: nesting deeper than 10000, found '\[' at byte \d+$/
        ),
      })
    }
  })

  it('accepts 10 000 levels in all (the top-level object and 9 999 arrays)', () => {
    expect(decodeOutcome(deepMember(9_999))).toEqual({ kind: 'accepted' })
  })

  it('refuses a byte-order mark, as Go does (JSON.parse of Buffer text does too)', () => {
    const body = Buffer.concat([Buffer.of(0xef, 0xbb, 0xbf), utf8('{"Pod":{},"NodeNames":["n"]}')])
    expect(jsonVerdict(body).verdict).toBe('syntax-error')
    expect(decodeOutcome(body).kind).toBe('structural')
  })

  it('accepts invalid UTF-8 inside strings, as Go and JSON.parse of Buffer text do', () => {
    const body = Buffer.concat([
      utf8('{"Pod":{"metadata":{"name":"'),
      Buffer.of(0xc3, 0x28, 0xff),
      utf8('"}},"NodeNames":["n"]}'),
    ])
    expect(jsonVerdict(body).verdict).toBe('object')
    expect(decodeOutcome(body)).toEqual({ kind: 'accepted' })
  })
})
