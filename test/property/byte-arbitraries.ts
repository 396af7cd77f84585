import fc from 'fast-check'
import type { Json } from './json-paths.js'
import { argsCaseArb, wireArgsOf } from './wire-documents.js'
import { utf8 } from './decode-outcomes.js'

/**
 * Byte generators for the decoders: JSON-ish token soup, valid documents spoiled byte by byte,
 * and valid documents with one hex digit of a `\\u` escape replaced.
 */

export const tokenSoup: fc.Arbitrary<Uint8Array> = fc
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
export const spoiledDocument: fc.Arbitrary<Uint8Array> = fc
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
export const escapeSpoiledDocument: fc.Arbitrary<Uint8Array> = fc
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
