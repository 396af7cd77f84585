import { describe, expect, it } from 'vitest'
import { compileNode } from '../../src/core/index.js'
import { StringInterner, TaintIndex } from '../../src/node-index/index.js'
import { node } from './builders.js'

describe('TaintIndex', () => {
  it('starts empty at generation 0', () => {
    const index = new TaintIndex()
    expect(index.size).toBe(0)
    expect(index.generation).toBe(0)
    expect(index.get('a')).toBeUndefined()
    expect(index.has('a')).toBe(false)
    expect([...index.names()]).toEqual([])
  })

  it('upserts a new node, compiles it and bumps the generation', () => {
    const index = new TaintIndex()
    const compiled = index.upsert(
      node('a', { taints: ['x=1:NoSchedule', 'y:PreferNoSchedule'], resourceVersion: '7' })
    )
    expect(index.size).toBe(1)
    expect(index.has('a')).toBe(true)
    expect(index.get('a')).toBe(compiled)
    expect(index.generation).toBe(1)
    expect(compiled.resourceVersion).toBe('7')
    expect(compiled.profile.hardTaints.map((t) => t.key)).toEqual(['x'])
    expect(compiled.profile.softTaints.map((t) => t.key)).toEqual(['y'])
  })

  it('keeps the compiled entry, and the generation, when the resourceVersion is unchanged', () => {
    const index = new TaintIndex()
    const first = index.upsert(node('a', { taints: ['x:NoSchedule'], resourceVersion: '5' }))
    const generation = index.generation
    // Same version: the informer re-delivered the same object, even if this copy differs.
    const again = index.upsert(node('a', { taints: ['z:NoExecute'], resourceVersion: '5' }))
    expect(again).toBe(first)
    expect(index.get('a')).toBe(first)
    expect(index.get('a')?.taints.map((t) => t.key)).toEqual(['x'])
    expect(index.generation).toBe(generation)
  })

  it('recompiles on a new resourceVersion and bumps the generation', () => {
    const index = new TaintIndex()
    const first = index.upsert(node('a', { taints: ['x:NoSchedule'], resourceVersion: '5' }))
    const generation = index.generation
    const second = index.upsert(
      node('a', { taints: ['z:NoExecute'], unschedulable: true, resourceVersion: '6' })
    )
    expect(second).not.toBe(first)
    expect(index.get('a')).toBe(second)
    expect(second.resourceVersion).toBe('6')
    expect(second.unschedulable).toBe(true)
    expect(second.taints.map((t) => t.key)).toEqual(['z'])
    expect(index.size).toBe(1)
    expect(index.generation).toBe(generation + 1)
  })

  it('always recompiles a node whose resourceVersion is empty', () => {
    const index = new TaintIndex()
    const first = index.upsert(node('a', { taints: ['x:NoSchedule'], resourceVersion: '' }))
    const generation = index.generation
    const second = index.upsert(node('a', { taints: ['y:NoSchedule'], resourceVersion: '' }))
    expect(second).not.toBe(first)
    expect(second.taints.map((t) => t.key)).toEqual(['y'])
    expect(index.generation).toBe(generation + 1)
  })

  it('deletes a known node, bumping the generation, and reports an unknown one as not deleted', () => {
    const index = new TaintIndex()
    index.upsert(node('a'))
    index.upsert(node('b'))
    const generation = index.generation
    expect(index.delete('a')).toBe(true)
    expect(index.has('a')).toBe(false)
    expect(index.get('a')).toBeUndefined()
    expect(index.size).toBe(1)
    expect(index.generation).toBe(generation + 1)
    expect(index.delete('a')).toBe(false)
    expect(index.delete('never-seen')).toBe(false)
    expect(index.generation).toBe(generation + 1)
  })

  it('recompiles a node re-added after deletion even with the same resourceVersion', () => {
    const index = new TaintIndex()
    const first = index.upsert(node('a', { resourceVersion: '3' }))
    index.delete('a')
    const again = index.upsert(node('a', { resourceVersion: '3' }))
    expect(again).not.toBe(first)
    expect(index.get('a')).toBe(again)
  })

  it('replaceAll drops unlisted nodes, adds new ones, keeps unchanged entries and bumps the generation', () => {
    const index = new TaintIndex()
    const kept = index.upsert(node('kept', { taints: ['k:NoSchedule'], resourceVersion: '1' }))
    const changed = index.upsert(node('changed', { resourceVersion: '1' }))
    index.upsert(node('gone', { resourceVersion: '1' }))
    const generation = index.generation

    index.replaceAll([
      node('kept', { taints: ['k:NoSchedule'], resourceVersion: '1' }),
      node('changed', { taints: ['c:NoExecute'], resourceVersion: '2' }),
      node('new', { resourceVersion: '1' }),
    ])

    expect(new Set(index.names())).toEqual(new Set(['kept', 'changed', 'new']))
    expect(index.size).toBe(3)
    expect(index.has('gone')).toBe(false)
    expect(index.get('kept')).toBe(kept)
    expect(index.get('changed')).not.toBe(changed)
    expect(index.get('changed')?.profile.hardTaints.map((t) => t.key)).toEqual(['c'])
    expect(index.generation).toBeGreaterThan(generation)
  })

  it('replaceAll with an unchanged list still bumps the generation', () => {
    const index = new TaintIndex()
    index.upsert(node('a'))
    const generation = index.generation
    index.replaceAll([node('a')])
    expect(index.generation).toBeGreaterThan(generation)
    expect(index.size).toBe(1)
  })

  it('replaceAll with an empty list empties the index', () => {
    const index = new TaintIndex()
    index.upsert(node('a'))
    index.upsert(node('b'))
    index.replaceAll([])
    expect(index.size).toBe(0)
    expect([...index.names()]).toEqual([])
  })

  it('replaceAll accepts any iterable, such as a generator', () => {
    const index = new TaintIndex()
    function* listed() {
      yield node('a')
      yield node('b')
    }
    index.replaceAll(listed())
    expect(new Set(index.names())).toEqual(new Set(['a', 'b']))
  })

  it('never decreases its generation', () => {
    const index = new TaintIndex()
    const seen: number[] = [index.generation]
    index.upsert(node('a'))
    seen.push(index.generation)
    index.upsert(node('a'))
    seen.push(index.generation)
    index.upsert(node('a', { resourceVersion: '2' }))
    seen.push(index.generation)
    index.delete('a')
    seen.push(index.generation)
    index.replaceAll([node('b')])
    seen.push(index.generation)
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1] as number)
    }
    expect(seen.at(-1)).toBeGreaterThan(seen[0] as number)
  })
})

describe('compileNode', () => {
  it('splits taints into hard (NoSchedule, NoExecute) and soft (PreferNoSchedule), in node order', () => {
    const compiled = compileNode(
      node('n', {
        taints: [
          'a:NoExecute',
          'b=1:PreferNoSchedule',
          'c:NoSchedule',
          'd:Custom',
          'e:PreferNoSchedule',
          'f:',
        ],
      })
    )
    expect(compiled.taints.map((t) => t.key)).toEqual(['a', 'b', 'c', 'd', 'e', 'f'])
    expect(compiled.profile.hardTaints.map((t) => t.key)).toEqual(['a', 'c'])
    expect(compiled.profile.softTaints.map((t) => t.key)).toEqual(['b', 'e'])
  })

  it('parses each taint value as an int64 once, or null when it is not one', () => {
    const compiled = compileNode(
      node('n', {
        taints: [
          'a=5:NoSchedule',
          'b=-9223372036854775808:NoSchedule',
          'c=9223372036854775808:NoSchedule',
          'd=05:NoSchedule',
          'e:NoSchedule',
        ],
      })
    )
    expect(compiled.taints.map((t) => t.numeric)).toEqual([
      5n,
      -9223372036854775808n,
      null,
      null,
      null,
    ])
  })

  it('keeps name, resourceVersion, cordon flag and taint strings as given', () => {
    const compiled = compileNode(
      node('n1', {
        unschedulable: true,
        resourceVersion: '42',
        taints: ['k= v :NoSchedule'],
      }),
      new StringInterner()
    )
    expect(compiled.name).toBe('n1')
    expect(compiled.resourceVersion).toBe('42')
    expect(compiled.unschedulable).toBe(true)
    expect(compiled.taints.map(({ key, value, effect }) => ({ key, value, effect }))).toEqual([
      { key: 'k', value: ' v ', effect: 'NoSchedule' },
    ])
  })

  it('returns a frozen result', () => {
    const compiled = compileNode(node('n', { taints: ['a:NoSchedule'] }))
    expect(Object.isFrozen(compiled)).toBe(true)
    expect(Object.isFrozen(compiled.taints)).toBe(true)
    expect(Object.isFrozen(compiled.taints[0])).toBe(true)
  })
})

describe('StringInterner', () => {
  it('returns the same string for equal strings', () => {
    const interner = new StringInterner()
    const a = interner.intern('node.kubernetes.io/unschedulable')
    expect(interner.intern(['node.kubernetes.io', 'unschedulable'].join('/'))).toBe(a)
  })

  it('keeps working after it is cleared for growing past its bound', () => {
    const interner = new StringInterner(2)
    for (const s of ['a', 'b', 'c', 'd', 'a']) expect(interner.intern(s)).toBe(s)
  })

  it.each([0, -1, 1.5, Number.NaN])('refuses the maximum size %s', (maxSize) => {
    expect(() => new StringInterner(maxSize)).toThrow(TypeError)
  })
})
