import { describe, expect, it } from 'vitest'
import { BoundedInterner, internedEntryBytes } from '../../src/node-index/bounded-interner.js'
import { compileNode } from '../../src/core/index.js'
import { TaintProfiles } from '../../src/node-index/index.js'
import { node } from './builders.js'

describe('BoundedInterner', () => {
  it('makes a value once per key and hands the same one out after', () => {
    const interner = new BoundedInterner<{ key: string }>('test', 4, 1 << 20)
    let made = 0
    const make = (key: string) => () => ({ key, n: made++ })
    const a = interner.intern('a', make('a'))
    expect(interner.intern('a', make('a'))).toBe(a)
    expect(made).toBe(1)
  })

  it('clears itself past its bound, so a key seen before gets a fresh value it then shares', () => {
    const interner = new BoundedInterner<object>('test', 2, 1 << 20)
    const first = interner.intern('a', () => ({}))
    interner.intern('b', () => ({}))
    interner.intern('c', () => ({}))
    expect(interner.size).toBe(1)
    const again = interner.intern('a', () => ({}))
    expect(again).not.toBe(first)
    expect(interner.intern('a', () => ({}))).toBe(again)
  })

  it('clears itself when the next key would take its bytes past their bound', () => {
    const bound = 3 * internedEntryBytes('x'.repeat(100))
    const interner = new BoundedInterner<object>('test', 1000, bound)
    const first = interner.intern('a'.repeat(100), () => ({}))
    interner.intern('b'.repeat(100), () => ({}))
    interner.intern('c'.repeat(100), () => ({}))
    expect(interner.bytes).toBe(bound)
    interner.intern('d'.repeat(100), () => ({}))
    expect(interner.size).toBe(1)
    expect(interner.bytes).toBe(internedEntryBytes('d'.repeat(100)))
    expect(interner.intern('a'.repeat(100), () => ({}))).not.toBe(first)
  })

  it('never keeps a key too large for the byte bound alone, and keeps what it held', () => {
    const interner = new BoundedInterner<object>('test', 1000, 1000)
    const small = interner.intern('a', () => ({}))
    const huge = 'h'.repeat(1000)
    const made = interner.intern(huge, () => ({}))
    expect(interner.intern(huge, () => ({}))).not.toBe(made)
    expect(interner.intern('a', () => ({}))).toBe(small)
    expect(interner.size).toBe(1)
  })

  it.each([0, -1, 1.5, Number.NaN])('refuses a bound of %s, naming the interner', (bound) => {
    expect(() => new BoundedInterner('TaintProfiles', bound, 1024)).toThrow(
      'TaintProfiles maxSize must be a positive integer'
    )
    expect(() => new BoundedInterner('TaintProfiles', 8, bound)).toThrow(
      'TaintProfiles maxBytes must be a positive integer'
    )
  })
})

describe('TaintProfiles', () => {
  it('gives nodes with the same cordon state and taints one profile, and any difference its own', () => {
    const profiles = new TaintProfiles()
    const profileOf = (name: string, taints: string[], unschedulable = false) =>
      compileNode(node(name, { taints, unschedulable }), undefined, profiles).profile
    const gpu = profileOf('a', ['gpu=true:NoSchedule', 'spot:PreferNoSchedule'])
    expect(profileOf('b', ['gpu=true:NoSchedule', 'spot:PreferNoSchedule'])).toBe(gpu)
    expect(profileOf('c', ['gpu=true:NoSchedule', 'spot:PreferNoSchedule'], true)).not.toBe(gpu)
    expect(profileOf('d', ['gpu=false:NoSchedule', 'spot:PreferNoSchedule'])).not.toBe(gpu)
    expect(profileOf('e', ['gpu=true:NoExecute', 'spot:PreferNoSchedule'])).not.toBe(gpu)
    expect(profileOf('f', ['gpu=true:NoSchedule'])).not.toBe(gpu)
    expect(profiles.size).toBe(5)
  })
})
