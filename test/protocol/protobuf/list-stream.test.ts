import { describe, expect, it } from 'vitest'
import type { JsonObject } from '../../../src/json/json-fields.js'
import { ProtobufListStream } from '../../../src/protocol/protobuf/list-stream.js'
import { ProtobufError } from '../../../src/protocol/protobuf/wire-reader.js'
import { envelope, pb } from '../../support/protobuf-writer.js'

/**
 * The envelope (`k8s\0` and runtime.Unknown) and a PodList or NodeList in it, read as its bytes
 * arrive: its kind, its paging, its items one by one as each is whole, and the faults of a
 * truncated or malformed body, the same however the body is cut into parts.
 */

const podItem = (name: string) => pb.message(2, pb.message(1, pb.string(1, name)))
const listMeta = (...parts: Uint8Array[]) => pb.message(1, ...parts)

/** Part sizes a body is pushed in: a byte at a time, odd sizes, and whole. */
const CUTS = [1, 2, 3, 7, 64, Infinity]

interface Read {
  kind: string
  metadata: JsonObject | null
  items: JsonObject[]
}

/** What the stream reads of `body` pushed in parts of `size` bytes. */
function streamed(body: Uint8Array, size: number, read: Read = emptyRead()): Read {
  const stream = new ProtobufListStream({
    metadata: (metadata) => (read.metadata = { ...metadata }),
    item: (item) => read.items.push(item),
  })
  for (let at = 0; at < body.length; at += size) stream.push(body.slice(at, at + size))
  read.kind = stream.end()
  return read
}

const emptyRead = (): Read => ({ kind: '', metadata: null, items: [] })

/** The fault reading `body` in parts of `size` bytes, with the items read before it. */
function fault(body: Uint8Array, size: number): { message: string; items: JsonObject[] } {
  const read = emptyRead()
  try {
    streamed(body, size, read)
  } catch (err) {
    if (err instanceof ProtobufError) return { message: err.message, items: read.items }
    throw err
  }
  throw new Error('no failure')
}

const names = (read: Read) => read.items.map((i) => (i.metadata as { name: string }).name)

describe('a list read as its bytes arrive', () => {
  it.each(CUTS)(
    'reads the kind, the continue token, the remaining count and every item in order, in parts of %s bytes',
    (size) => {
      const raw = pb.concat(
        listMeta(pb.string(2, '12345'), pb.string(3, 'token-2'), pb.varint(4, 7)),
        podItem('a'),
        podItem('b')
      )
      expect(streamed(envelope('PodList', raw), size)).toEqual({
        kind: 'PodList',
        metadata: { resourceVersion: '12345', continue: 'token-2', remainingItemCount: 7 },
        items: [{ metadata: { name: 'a' } }, { metadata: { name: 'b' } }],
      })
    }
  )

  it.each(CUTS)(
    'reads metadata after the items and between them, and skips unknown fields of every wire type in the list and the envelope, in parts of %s bytes',
    (size) => {
      const raw = pb.concat(
        podItem('a'),
        pb.string(9, 'unknown'),
        pb.varint(10, -1),
        pb.fixed32(11),
        listMeta(pb.string(3, 'late')),
        pb.fixed64(12),
        podItem('b')
      )
      const body = pb.concat(envelope('NodeList', raw), pb.varint(15, 3))
      const read = streamed(body, size)
      expect(read.metadata).toEqual({ continue: 'late' })
      expect(names(read)).toEqual(['a', 'b'])
    }
  )

  it('merges list metadata given twice, as a message field read twice merges', () => {
    const raw = pb.concat(listMeta(pb.string(3, 'next')), listMeta(pb.varint(4, 9)))
    expect(streamed(envelope('PodList', raw), 5).metadata).toEqual({
      continue: 'next',
      remainingItemCount: 9,
    })
  })

  it('gives an empty list no metadata and no items', () => {
    expect(streamed(envelope('PodList', new Uint8Array(0)), 1)).toEqual({
      kind: 'PodList',
      metadata: null,
      items: [],
    })
  })

  it('gives the metadata as soon as its bytes are in and each item as soon as its last byte is, not later', () => {
    const parts = [listMeta(pb.string(3, 'next')), podItem('a'), podItem('bb')]
    const body = envelope('PodList', pb.concat(...parts))
    // The list's bytes start at 21: the prefix, the typeMeta (15), the raw tag and length.
    let end = 21
    const lastBytes = parts.map((part) => (end += part.length) - 1)
    const seen: string[] = []
    const stream = new ProtobufListStream({
      metadata: (m) => seen.push(`metadata ${String(m.continue)}`),
      item: (i) => seen.push((i.metadata as { name: string }).name),
    })
    const seenAfterByte: number[] = []
    for (let at = 0; at < body.length; at++) {
      stream.push(body.slice(at, at + 1))
      seenAfterByte.push(seen.length)
    }
    expect(seen).toEqual(['metadata next', 'a', 'bb'])
    lastBytes.forEach((last, i) => {
      expect(seenAfterByte[last - 1]).toBe(i)
      expect(seenAfterByte[last]).toBe(i + 1)
    })
  })

  const bad = pb.message(2, pb.message(1, Uint8Array.from([0x0a, 0x05, 0x61])))

  it.each([
    [
      'a body without the prefix',
      Uint8Array.from([0x7b, 0x7d]),
      'the body does not start with the protobuf prefix k8s\\0 at byte 0',
    ],
    [
      'a body shorter than the prefix',
      Uint8Array.from([0x6b, 0x38]),
      'the body does not start with the protobuf prefix k8s\\0 at byte 2',
    ],
    [
      'a prefix with no object',
      Uint8Array.from([0x6b, 0x38, 0x73, 0x00]),
      'runtime.Unknown has no raw object at byte 4',
    ],
    [
      'a list of another kind',
      envelope('ConfigMapList', new Uint8Array(0)),
      'a ConfigMapList body, not a PodList or NodeList at byte 27',
    ],
    [
      'a gzip content encoding',
      pb.concat(envelope('PodList', new Uint8Array(0)), pb.string(3, 'gzip')),
      'a content encoding other than none at byte 25',
    ],
    [
      'a body cut inside an item',
      envelope('PodList', podItem('abcdef')).subarray(0, 30),
      'a length runs past the end of its message at byte 20',
    ],
    [
      'a body cut inside a field of the envelope',
      pb.concat(envelope('PodList', new Uint8Array(0)), pb.string(9, 'abc')).subarray(0, 28),
      'a length runs past the end of its message at byte 26',
    ],
    [
      'a body cut inside a tag',
      pb.concat(envelope('PodList', new Uint8Array(0)), Uint8Array.from([0x80])),
      'the message ends inside a varint at byte 26',
    ],
    [
      'an item that runs past the end of its list',
      pb.concat(envelope('PodList', Uint8Array.from([0x12, 0x05, 0x0a])), new Uint8Array(8)),
      'a length runs past the end of its message at byte 22',
    ],
    [
      'a group among the list’s fields',
      envelope('PodList', pb.group(7, pb.varint(1, 1))),
      'a field of wire type 3 at byte 21',
    ],
    [
      'a tag of more than five bytes',
      envelope('PodList', Uint8Array.from([0x80, 0x80, 0x80, 0x80, 0x80, 0x01])),
      'a varint runs past 5 bytes at byte 21',
    ],
    [
      'an item whose fields are malformed, after the items before it',
      envelope('PodList', pb.concat(podItem('a'), bad)),
      'a length runs past the end of its message at byte 33',
    ],
  ])('refuses %s, naming the byte of the body, however it is cut', (_, body, message) => {
    const faults = CUTS.map((size) => fault(body, size))
    for (const found of faults) expect(found.message).toBe(message)
    const before = faults.map((f) => f.items.length)
    expect(new Set(before).size).toBe(1)
  })
})
