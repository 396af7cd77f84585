import { expect } from 'vitest'
import { decodeExtenderArgs, decodeNodeTaints, ProtocolError } from '../../src/protocol/index.js'
import type { Json } from './json-paths.js'

/**
 * How the decode property tests judge a decoder's answer: what it did with some bytes (accepted,
 * refused as JSON, refused naming a place, or threw something else), and how JSON.parse judges
 * the same bytes, for holding one against the other.
 */

export const utf8 = (s: string): Buffer => Buffer.from(s, 'utf8')

/** How JSON.parse judges the same bytes (decoded as Go would: invalid UTF-8 becomes U+FFFD). */
export type JsonVerdict = 'syntax-error' | 'not-an-object' | 'object'

export function jsonVerdict(buf: Uint8Array): { verdict: JsonVerdict; message: string } {
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(buf).toString('utf8'))
  } catch (err) {
    if (!(err instanceof SyntaxError)) throw err
    return { verdict: 'syntax-error', message: err.message }
  }
  const isObject = typeof value === 'object' && value !== null && !Array.isArray(value)
  return { verdict: isObject ? 'object' : 'not-an-object', message: '' }
}

/** A refusal of the bytes as JSON (or of a top-level value that is not an object). */
export const STRUCTURAL = /^request body(?: is not valid JSON: |: expected an object, got )/

/**
 * Every other refusal names the place and the problem: a path rooted at a top-level field and
 * 'expected …' or 'is missing', or one of the two whole-request complaints.
 */
const NAMES_A_PLACE =
  /^(?:(?:Pod|Nodes|NodeNames)(?:\.[A-Za-z]+|\[\d+\])*(?:: expected (?:an object|an array|a string|a boolean|an integer|a non-empty node name)(?:, got (?:an object|an array|a string|a number|a boolean|null))?| is missing(?: or empty)?)|both Nodes and NodeNames are set; .+|request has neither Nodes nor NodeNames)$/

export type Outcome =
  | { readonly kind: 'accepted' }
  | { readonly kind: 'structural'; readonly message: string }
  | { readonly kind: 'semantic'; readonly message: string }
  | { readonly kind: 'thrown'; readonly error: unknown }

/**
 * The decoder as the filter verb runs it: the request, then each node's spec or each name on
 * demand (a name literal is validated when read, unless it matches an indexed name).
 */
export function decodeOutcome(buf: Uint8Array): Outcome {
  try {
    const args = decodeExtenderArgs(buf)
    if (args.candidates.kind === 'nodes') {
      for (const ref of args.candidates.nodes) decodeNodeTaints(ref)
    } else {
      args.candidates.names.names()
    }
    return { kind: 'accepted' }
  } catch (err) {
    if (!(err instanceof ProtocolError)) return { kind: 'thrown', error: err }
    return STRUCTURAL.test(err.message)
      ? { kind: 'structural', message: err.message }
      : { kind: 'semantic', message: err.message }
  }
}

function describeTopLevel(value: Json): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'object') return 'an object'
  return typeof value === 'boolean' ? 'a boolean' : `a ${typeof value}`
}

/** Checks an outcome for a document JSON.stringify produced: valid JSON by construction. */
export function expectValidJsonOutcome(doc: Json, buf: Uint8Array): void {
  const outcome = decodeOutcome(buf)
  if (outcome.kind === 'thrown') throw outcome.error
  const isObject = typeof doc === 'object' && doc !== null && !Array.isArray(doc)
  if (!isObject) {
    expect(outcome).toEqual({
      kind: 'structural',
      message: `request body: expected an object, got ${describeTopLevel(doc)}`,
    })
    return
  }
  expect(outcome.kind).not.toBe('structural')
  if (outcome.kind === 'semantic') expect(outcome.message).toMatch(NAMES_A_PLACE)
}

/**
 * The byte-level property: refused as JSON exactly when JSON.parse refuses (or the top level is
 * not an object), and only ever a ProtocolError.
 */
export function checkAgainstJsonParse(buf: Uint8Array): void {
  const json = jsonVerdict(buf)
  const outcome = decodeOutcome(buf)
  const refusedAsJson = outcome.kind === 'structural'
  const shown = Buffer.from(buf).toString('latin1').slice(0, 300)
  if (outcome.kind === 'thrown') {
    throw new Error(`decoder threw ${String(outcome.error)} for ${JSON.stringify(shown)}`)
  }
  expect(
    { refusedAsJson, outcome },
    `JSON.parse says ${json.verdict} (${json.message}) for ${JSON.stringify(shown)}`
  ).toMatchObject({ refusedAsJson: json.verdict !== 'object' })
  if (outcome.kind === 'semantic') expect(outcome.message).toMatch(NAMES_A_PLACE)
}
