import { describe, expect, it } from 'vitest'
import { type TaintProfile } from '../../src/core/index.js'
import { hashNameBytes, TaintIndex } from '../../src/node-index/index.js'
import { node } from './builders.js'
import { keysOf, spansOf } from './name-bytes-spans.js'

/** The profile TaintIndex.profilesByBytes finds for `name`'s UTF-8 bytes, looked up alone. */
function profileOf(index: TaintIndex, name: string): TaintProfile | undefined {
  const bytes = new TextEncoder().encode(name)
  const view = new DataView(bytes.buffer)
  const out: (TaintProfile | undefined)[] = []
  index.profilesByBytes(
    keysOf(view, Int32Array.of(0, bytes.length, hashNameBytes(view, 0, bytes.length))),
    out
  )
  return out[0]
}

describe('TaintIndex.profilesByBytes', () => {
  it('finds the profile of what get finds for plain names through upserts, deletes and relists', () => {
    const index = new TaintIndex()
    index.upsert(node('a', { taints: ['x:NoSchedule'], resourceVersion: '1' }))
    index.upsert(node('b', { resourceVersion: '1' }))
    const tainted = index.get('a')?.profile
    expect(profileOf(index, 'a')).toBe(tainted)

    // Untainted now: another profile, which the bytes lookup must follow.
    const updated = index.upsert(node('a', { resourceVersion: '2' }))
    expect(updated.profile).not.toBe(tainted)
    expect(profileOf(index, 'a')).toBe(updated.profile)

    index.delete('a')
    expect(profileOf(index, 'a')).toBeUndefined()

    index.replaceAll([node('c', { resourceVersion: '3' })])
    expect(profileOf(index, 'b')).toBeUndefined()
    expect(profileOf(index, 'c')).toBe(index.get('c')?.profile)

    const all = spansOf(['a', 'b', 'c'])
    const out: (TaintProfile | undefined)[] = []
    index.profilesByBytes(all.keys, out)
    expect(out).toEqual([undefined, undefined, index.get('c')?.profile])
  })

  it('leaves a node whose name is not plain to get', () => {
    const index = new TaintIndex()
    index.upsert(node('nœud', { resourceVersion: '1' }))
    expect(index.get('nœud')).toBeDefined()
    expect(profileOf(index, 'nœud')).toBeUndefined()
  })
})
