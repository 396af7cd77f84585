import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  decodeExtenderArgs,
  decodeNodeTaints,
  decodePreemptionArgs,
  ProtocolError,
} from '../../src/protocol/index.js'
import {
  argsCaseArb,
  FOLDING_RECASES,
  mutate,
  mutationArb,
  recaseKeys,
  SEED,
  wireArgsOf,
  wirePodOf,
  type Json,
} from './arbitraries.js'

/**
 * The request decoders on hostile input. decodeExtenderArgs scans raw bytes with its own JSON
 * scanner, so it is held against JSON.parse: it must refuse, as JSON, exactly what JSON.parse
 * refuses (plus any top-level value that is not an object), accept structurally everything
 * JSON.parse accepts, and never throw anything but ProtocolError.
 *
 * Intended difference: nesting deeper than 10 000 is refused as Go's encoding/json refuses it;
 * JSON.parse has no such limit (see 'documented differences' below).
 *
 */

const utf8 = (s: string): Buffer => Buffer.from(s, 'utf8')

/** How JSON.parse judges the same bytes (decoded as Go would: invalid UTF-8 becomes U+FFFD). */
type JsonVerdict = 'syntax-error' | 'not-an-object' | 'object'

function jsonVerdict(buf: Uint8Array): { verdict: JsonVerdict; message: string } {
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
const STRUCTURAL = /^request body(?: is not valid JSON: |: expected an object, got )/

/**
 * Every other refusal names the place and the problem: a path rooted at a top-level field and
 * 'expected …' or 'is missing', or one of the two whole-request complaints.
 */
const NAMES_A_PLACE =
  /^(?:(?:Pod|Nodes|NodeNames)(?:\.[A-Za-z]+|\[\d+\])*(?:: expected (?:an object|an array|a string|a boolean|an integer|a non-empty node name)(?:, got (?:an object|an array|a string|a number|a boolean|null))?| is missing(?: or empty)?)|both Nodes and NodeNames are set; .+|request has neither Nodes nor NodeNames)$/

type Outcome =
  | { readonly kind: 'accepted' }
  | { readonly kind: 'structural'; readonly message: string }
  | { readonly kind: 'semantic'; readonly message: string }
  | { readonly kind: 'thrown'; readonly error: unknown }

/**
 * The decoder as the filter verb runs it: the request, then each node's spec or each name on
 * demand (a name literal is validated when read, unless it matches an indexed name).
 */
function decodeOutcome(buf: Uint8Array): Outcome {
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
function expectValidJsonOutcome(doc: Json, buf: Uint8Array): void {
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
function checkAgainstJsonParse(buf: Uint8Array): void {
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

// ---------------------------------------------------------------------------------------------
// Byte generators: random bytes, JSON-ish token soup, and valid documents spoiled byte by byte.

const tokenSoup: fc.Arbitrary<Uint8Array> = fc
  .array(
    fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      ':',
      ',',
      '"',
      '"a"',
      '"Pod"',
      '"pod"',
      '"Nodes"',
      '"items"',
      '"metadata"',
      '"name"',
      '"spec"',
      '"NodeNames"',
      '"n"',
      '{}',
      '[]',
      '0',
      '-',
      '1',
      '12',
      '-0',
      '01',
      '1.',
      '1.5',
      '1e5',
      'e',
      '.',
      'true',
      'false',
      'null',
      'tru',
      'nul',
      '\\',
      '\\u',
      '00e9',
      '\\n',
      '\\x',
      ' ',
      '\n',
      '\t',
      '\r',
      '\u000b',
      'x',
      '\u00e9',
      '\u0000',
      '\u0010',
      '\u001f',
      '\u007f',
      '\ufeff',
      '\ud800'
    ),
    { maxLength: 40 }
  )
  .map((parts) => utf8(parts.join('')))

const INTERESTING_BYTES = Buffer.from('{}[]:,"\\ \n\t0123456789-+.eEtfnrulsaxu/bz', 'latin1')
  .toJSON()
  .data.concat([0x00, 0x10, 0x15, 0x19, 0x1f, 0x7f, 0x80, 0xc3, 0xef, 0xff])

type ByteEdit =
  | { readonly kind: 'truncate'; readonly at: number }
  | { readonly kind: 'delete'; readonly at: number }
  | { readonly kind: 'insert' | 'replace'; readonly at: number; readonly byte: number }

const byteEditArb: fc.Arbitrary<ByteEdit> = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constantFrom('insert' as const, 'replace' as const),
    at: fc.nat(),
    byte: fc.oneof(fc.constantFrom(...INTERESTING_BYTES), fc.integer({ min: 0, max: 255 })),
  })
)

function applyEdits(bytes: Uint8Array, edits: readonly ByteEdit[]): Uint8Array {
  let out = Buffer.from(bytes)
  for (const edit of edits) {
    const at = edit.at % (out.length + 1)
    if (edit.kind === 'truncate') out = out.subarray(0, at)
    else if (edit.kind === 'delete')
      out = Buffer.concat([out.subarray(0, at), out.subarray(at + 1)])
    else if (edit.kind === 'insert') {
      out = Buffer.concat([out.subarray(0, at), Buffer.of(edit.byte), out.subarray(at)])
    } else if (at < out.length) {
      out = Buffer.from(out)
      out[at] = edit.byte
    }
  }
  return out
}

/** Valid documents (compact or indented), with one to three byte edits. */
const spoiledDocument: fc.Arbitrary<Uint8Array> = fc
  .tuple(
    fc.oneof(
      argsCaseArb.map((c) => wireArgsOf(c)),
      fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
      fc.dictionary(
        fc.constantFrom('Pod', 'Nodes', 'NodeNames', 'x'),
        fc.jsonValue({ maxDepth: 2 })
      )
    ),
    fc.constantFrom<number | undefined>(undefined, undefined, 1, 2),
    fc.array(byteEditArb, { minLength: 1, maxLength: 3 })
  )
  .map(([doc, indent, edits]) => applyEdits(utf8(JSON.stringify(doc, null, indent)), edits))

/**
 * A valid request whose strings hold `\\u` escapes (control characters, lone surrogates) in a
 * parsed place (pod name), a scanned-only place (a node label) or both, with one hex digit of
 * one escape replaced by an arbitrary byte: the scanner's escape check, byte by byte.
 */
const escapeSpoiledDocument: fc.Arbitrary<Uint8Array> = fc
  .record({
    podName: fc.constantFrom('p\u0001', 'p\ud800', 'p'),
    label: fc.constantFrom('v\u001f', 'v\udfff', 'v'),
    escape: fc.nat(),
    digit: fc.integer({ min: 0, max: 3 }),
    byte: fc.oneof(fc.integer({ min: 0x00, max: 0x2f }), fc.integer({ min: 0, max: 255 })),
  })
  .map(({ podName, label, escape, digit, byte }) => {
    const text = JSON.stringify({
      Pod: { metadata: { name: podName } },
      Nodes: { items: [{ metadata: { name: 'n', labels: { l: label } } }] },
    })
    const escapes = [...text.matchAll(/\\u[0-9a-fA-F]{4}/g)]
    const bytes = utf8(text)
    if (escapes.length === 0) return bytes
    const at = (escapes[escape % escapes.length]?.index ?? 0) + 2 + digit
    bytes[at] = byte
    return bytes
  })

/** A document of one of the shapes the decoder walks, with values of every JSON type inside. */
const shapedDocument: fc.Arbitrary<Json> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }) as fc.Arbitrary<Json>,
  fc
    .record(
      {
        Pod: fc.jsonValue({ maxDepth: 3 }),
        Nodes: fc.oneof(
          fc.jsonValue({ maxDepth: 3 }),
          fc.record({ items: fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 3 }) }),
          fc.record({
            items: fc.array(
              fc.record(
                {
                  metadata: fc.oneof(
                    fc.jsonValue({ maxDepth: 2 }),
                    fc.record({ name: fc.jsonValue({ maxDepth: 1 }) })
                  ),
                  spec: fc.jsonValue({ maxDepth: 3 }),
                },
                { requiredKeys: [] }
              ),
              { maxLength: 3 }
            ),
          })
        ),
        NodeNames: fc.jsonValue({ maxDepth: 2 }),
      },
      { requiredKeys: [] }
    )
    .map((x) => x as Json)
)

describe('decodeExtenderArgs on valid JSON', () => {
  it('never refuses as JSON what JSON.stringify wrote, and throws only ProtocolError (1500)', () => {
    fc.assert(
      fc.property(
        shapedDocument,
        fc.constantFrom<number | string | undefined>(undefined, 2, '\t'),
        (doc, indent) => {
          expectValidJsonOutcome(doc, utf8(JSON.stringify(doc, null, indent)))
        }
      ),
      { seed: SEED, numRuns: 1500 }
    )
  })

  it('decodes a well-formed request to exactly its pod and nodes (500)', () => {
    fc.assert(
      fc.property(argsCaseArb, (c) => {
        const args = decodeExtenderArgs(utf8(JSON.stringify(wireArgsOf(c))))
        expect(args.pod.tolerations).toEqual(c.tolerations)
        expect(args.candidates.kind).toBe('nodes')
        if (args.candidates.kind !== 'nodes') return
        const decoded = args.candidates.nodes.map((ref) => decodeNodeTaints(ref))
        expect(decoded).toEqual(
          c.nodes.map((n) => ({ ...n, taints: n.taints.map((t) => ({ ...t })) }))
        )
      }),
      { seed: SEED + 1, numRuns: 500 }
    )
  })

  it('decodes keys in any casing Go folds to the field name to the same request (500)', () => {
    fc.assert(
      fc.property(argsCaseArb, fc.constantFrom(...FOLDING_RECASES), (c, recase) => {
        const plain = decodeExtenderArgs(utf8(JSON.stringify(wireArgsOf(c))))
        const recased = decodeExtenderArgs(utf8(JSON.stringify(recaseKeys(wireArgsOf(c), recase))))
        const identityAndTolerations = (pod: typeof plain.pod) => ({
          name: pod.name,
          namespace: pod.namespace,
          uid: pod.uid,
          tolerations: pod.tolerations,
        })
        expect(identityAndTolerations(recased.pod)).toEqual(identityAndTolerations(plain.pod))
        if (plain.candidates.kind !== 'nodes' || recased.candidates.kind !== 'nodes') {
          throw new Error('expected full-node candidates')
        }
        expect(recased.candidates.nodes.map((r) => decodeNodeTaints(r))).toEqual(
          plain.candidates.nodes.map((r) => decodeNodeTaints(r))
        )
      }),
      { seed: SEED + 2, numRuns: 500 }
    )
  })

  it('answers wrong types, nulls, missing and respelt fields at every level with a ProtocolError naming the place (2000)', () => {
    const namesMode = argsCaseArb.map((c): Json => ({
      Pod: wirePodOf('p', c.tolerations),
      NodeNames: c.nodes.map((n) => n.name),
    }))
    fc.assert(
      fc.property(
        fc.oneof(
          { weight: 3, arbitrary: argsCaseArb.map(wireArgsOf) },
          { weight: 1, arbitrary: namesMode }
        ),
        fc.array(mutationArb, { minLength: 1, maxLength: 3 }),
        (doc, mutations) => {
          const spoiled = mutate(doc, mutations)
          expectValidJsonOutcome(spoiled, utf8(JSON.stringify(spoiled)))
        }
      ),
      { seed: SEED + 3, numRuns: 2000 }
    )
  })
})

describe('decodeExtenderArgs on arbitrary bytes agrees with JSON.parse', () => {
  const run = (arb: fc.Arbitrary<Uint8Array>, seed: number, numRuns: number): void => {
    fc.assert(
      fc.property(arb, (buf) => {
        checkAgainstJsonParse(buf)
      }),
      { seed, numRuns }
    )
  }

  it('on random bytes (1000)', () => run(fc.uint8Array({ maxLength: 48 }), SEED + 10, 1000))

  it('on random UTF-8 text, lone surrogates included (1000)', () =>
    run(fc.string({ unit: 'binary', maxLength: 48 }).map(utf8), SEED + 11, 1000))

  it('on JSON-ish token soup (2000)', () => run(tokenSoup, SEED + 12, 2000))

  it('on valid documents spoiled by one to three byte edits (2000)', () =>
    run(spoiledDocument, SEED + 13, 2000))

  it('on valid documents with one \\u escape digit replaced by any byte (1000)', () =>
    run(escapeSpoiledDocument, SEED + 14, 1000))

  it('on every truncation of a valid request', () => {
    const body = utf8(
      JSON.stringify(
        wireArgsOf({
          tolerations: [
            { key: 'k', operator: 'Gt', value: '5', effect: '', tolerationSeconds: null },
          ],
          nodes: [
            {
              name: 'n\u00e9-1',
              resourceVersion: '7',
              unschedulable: true,
              taints: [{ key: 'k', value: '6', effect: 'NoSchedule' }],
            },
          ],
        }),
        null,
        1
      )
    )
    for (let end = 0; end < body.length; end++) {
      checkAgainstJsonParse(body.subarray(0, end))
      expect(decodeOutcome(body.subarray(0, end)).kind).toBe('structural')
    }
    expect(decodeOutcome(body)).toEqual({ kind: 'accepted' })
  })
})

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

describe('\\u escapes in the request scanner (src/protocol/json-scan.ts)', () => {
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

// ---------------------------------------------------------------------------------------------

function preemptOutcome(buf: Uint8Array): Outcome {
  try {
    decodePreemptionArgs(buf)
    return { kind: 'accepted' }
  } catch (err) {
    if (!(err instanceof ProtocolError)) return { kind: 'thrown', error: err }
    // A top-level null is 'request body is missing' here (readObject's wording for null).
    return STRUCTURAL.test(err.message) || err.message === 'request body is missing'
      ? { kind: 'structural', message: err.message }
      : { kind: 'semantic', message: err.message }
  }
}

const victimsDocument: fc.Arbitrary<Json> = fc
  .record({
    tolerations: argsCaseArb.map((c) => c.tolerations),
    victims: fc.dictionary(
      fc.constantFrom('n1', 'n2', '__proto__', 'constructor', 'toString', 'N1'),
      fc.record({
        uids: fc.array(fc.constantFrom('u1', 'u2', ''), { maxLength: 3 }),
        pdb: fc.integer({ min: 0, max: 3 }),
      }),
      { maxKeys: 4 }
    ),
    full: fc.boolean(),
  })
  .map(({ tolerations, victims, full }) => {
    const map = JSON.parse('{}') as { [key: string]: Json }
    for (const [name, v] of Object.entries(victims)) {
      Object.defineProperty(map, name, {
        enumerable: true,
        value: {
          Pods: v.uids.map((uid) => (full ? { metadata: { uid }, spec: {} } : { UID: uid })),
          NumPDBViolations: v.pdb,
        },
      })
    }
    return {
      Pod: wirePodOf('p', tolerations),
      [full ? 'NodeNameToVictims' : 'NodeNameToMetaVictims']: map,
    } as Json
  })

describe('decodePreemptionArgs throws only ProtocolError', () => {
  it('on valid victims, wrong types, nulls and respelt fields at every level (1500)', () => {
    fc.assert(
      fc.property(victimsDocument, fc.array(mutationArb, { maxLength: 3 }), (doc, mutations) => {
        const spoiled = mutate(doc, mutations)
        const outcome = preemptOutcome(utf8(JSON.stringify(spoiled)))
        if (outcome.kind === 'thrown') throw outcome.error
        const isObject = typeof spoiled === 'object' && spoiled !== null && !Array.isArray(spoiled)
        expect(outcome.kind === 'structural').toBe(!isObject)
        if (mutations.length === 0) expect(outcome.kind).toBe('accepted')
      }),
      { seed: SEED + 30, numRuns: 1500 }
    )
  })

  it('on arbitrary JSON (1000)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (doc) => {
        const outcome = preemptOutcome(utf8(JSON.stringify(doc)))
        if (outcome.kind === 'thrown') throw outcome.error
        const isObject = typeof doc === 'object' && doc !== null && !Array.isArray(doc)
        expect(outcome.kind === 'structural').toBe(!isObject)
      }),
      { seed: SEED + 31, numRuns: 1000 }
    )
  })

  it('on arbitrary bytes, spoiled documents and token soup, refusing exactly what JSON.parse refuses (2000)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 48 }), tokenSoup, spoiledDocument), (buf) => {
        const outcome = preemptOutcome(buf)
        if (outcome.kind === 'thrown') throw outcome.error
        const json = jsonVerdict(buf)
        expect(outcome.kind === 'structural').toBe(json.verdict !== 'object')
      }),
      { seed: SEED + 32, numRuns: 2000 }
    )
  })

  it('on nesting a million deep (JSON.parse copes; Go would refuse past 10 000)', () => {
    const body = utf8(
      `{"Pod":{},"NodeNameToMetaVictims":{},"x":${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}}`
    )
    expect(preemptOutcome(body).kind).not.toBe('thrown')
  })

  // ProtocolError promises messages that never echo values; V8's SyntaxError quotes the body
  // around the fault, so preempt validates with the scanner before JSON.parse.
  it('does not echo request content in its invalid-JSON message', () => {
    const body = utf8('{"Pod":{"spec":{"tolerations":[{"value":"s3cr3t"},]}}}')
    expect(() => decodePreemptionArgs(body)).toThrow(ProtocolError)
    expect(() => decodePreemptionArgs(body)).not.toThrow(/s3cr3t/)
  })
})
