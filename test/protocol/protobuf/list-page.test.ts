import { describe, expect, it } from 'vitest'
import { readListMetaAhead, readListPage } from '../../../src/protocol/protobuf/list-page.js'
import { ProtobufError } from '../../../src/protocol/protobuf/wire-reader.js'
import { envelope, pb } from '../../support/protobuf-writer.js'

/**
 * The envelope (`k8s\0` and runtime.Unknown) and a PodList or NodeList page in it: its kind,
 * its paging, its items one by one, and the faults of a truncated or malformed body.
 */

const podItem = (name: string) => pb.message(2, pb.message(1, pb.string(1, name)))
const listMeta = (...parts: Uint8Array[]) => pb.message(1, ...parts)

function messageOf(read: () => unknown): string {
  try {
    read()
  } catch (err) {
    if (err instanceof ProtobufError) return err.message
    throw err
  }
  throw new Error('no failure')
}

describe('a list page', () => {
  it('reads the kind, the continue token, the remaining count and every item in order', () => {
    const raw = pb.concat(
      listMeta(pb.string(2, '12345'), pb.string(3, 'token-2'), pb.varint(4, 7)),
      podItem('a'),
      podItem('b')
    )
    const page = readListPage(envelope('PodList', raw))
    expect(page.kind).toBe('PodList')
    expect(page.metadata).toEqual({
      resourceVersion: '12345',
      continue: 'token-2',
      remainingItemCount: 7,
    })
    expect(page.count).toBe(2)
    expect([...page.items()]).toEqual([{ metadata: { name: 'a' } }, { metadata: { name: 'b' } }])
  })

  it('reads metadata after the items and between them, and skips unknown fields of the list and the envelope', () => {
    const raw = pb.concat(
      podItem('a'),
      pb.string(9, 'unknown'),
      listMeta(pb.string(3, 'late')),
      podItem('b')
    )
    const body = pb.concat(envelope('NodeList', raw), pb.varint(15, 3))
    const page = readListPage(body)
    expect(page.metadata).toEqual({ continue: 'late' })
    expect(
      [...page.items()].map((n) => (n as { metadata: { name: string } }).metadata.name)
    ).toEqual(['a', 'b'])
  })

  it('gives an empty list no metadata members and no items', () => {
    const page = readListPage(envelope('PodList', new Uint8Array(0)))
    expect(page.metadata).toEqual({})
    expect([...page.items()]).toEqual([])
  })

  it.each([
    [
      'a body without the prefix',
      Uint8Array.from([0x7b, 0x7d]),
      'the body does not start with the protobuf prefix k8s\\0 at byte 0',
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
  ])('refuses %s, naming the byte', (_, body, message) => {
    expect(messageOf(() => [...readListPage(body).items()])).toBe(message)
  })

  it('refuses an item whose fields are malformed when that item is reached, naming the byte', () => {
    const bad = pb.message(2, pb.message(1, Uint8Array.from([0x0a, 0x05, 0x61])))
    const page = readListPage(envelope('PodList', pb.concat(podItem('a'), bad)))
    const items = page.items()[Symbol.iterator]()
    expect(items.next().value).toEqual({ metadata: { name: 'a' } })
    expect(messageOf(() => items.next())).toBe(
      'a length runs past the end of its message at byte 33'
    )
  })
})

describe('the list metadata from the first bytes of a body', () => {
  const body = envelope(
    'PodList',
    pb.concat(listMeta(pb.string(3, 'next'), pb.varint(4, 9000)), podItem('a'), podItem('b'))
  )
  const metaEnd = body.indexOf('a'.charCodeAt(0), 40)

  it('reads it as soon as the bytes hold it whole, though the list runs on past them', () => {
    expect(readListMetaAhead(body.subarray(0, metaEnd))).toEqual({
      continue: 'next',
      remainingItemCount: 9000,
    })
    expect(readListMetaAhead(body)).toEqual({ continue: 'next', remainingItemCount: 9000 })
  })

  it('waits (null) while the bytes end before it is whole', () => {
    for (let cut = 0; cut < 30; cut++) expect(readListMetaAhead(body.subarray(0, cut))).toBeNull()
  })

  it('waits (null) for the whole page when the list does not start with its metadata', () => {
    const late = envelope('PodList', pb.concat(podItem('a'), listMeta(pb.string(3, 'next'))))
    expect(readListMetaAhead(late)).toBeNull()
  })
})
