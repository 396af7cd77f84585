import { describe, expect, it } from 'vitest'
import { ImageStates } from '../../src/placement/image-states.js'
import { withImages } from './builders.js'

/**
 * The image states ImageLocality scores by, as upstream's cache keeps them: one table, run
 * against each way of finding them (each name looked for across the nodes when asked, and
 * every name indexed at once), and with the index built part way through the names asked.
 */

const app = (size: number, ...names: string[]) => ({ names, sizeBytes: size })
const many = Array.from({ length: 70 }, (_, i) =>
  withImages(`m${i}`, i % 33 === 0 ? [app(7, 'app:1')] : [app(1, `own:${i}`)])
)

/** Each node's state of the names asked. */
const IMAGE_CASES = [
  {
    name: 'the first node listing a name sets its size, and its count is of every node listing it',
    nodes: [
      withImages('n1', [app(100, 'app:1', 'app@sha256:1')]),
      withImages('n2', [app(200, 'app:1')]),
      withImages('n3', []),
    ],
    asked: ['app:1', 'app@sha256:1', 'absent:1'],
    expected: [
      { 'app:1': { size: 100, numNodes: 2 }, 'app@sha256:1': { size: 100, numNodes: 1 } },
      { 'app:1': { size: 100, numNodes: 2 } },
      {},
    ],
  },
  {
    name: 'a node listing a name in two images counts once, the first image setting the size',
    nodes: [withImages('n1', [app(5, 'app:1'), app(9, 'app:1')]), withImages('n2', [])],
    asked: ['app:1'],
    expected: [{ 'app:1': { size: 5, numNodes: 1 } }, {}],
  },
  {
    name: 'two nodes of one name count as one node, as the cache keeps nodes by name',
    nodes: [
      withImages('n1', [app(5, 'app:1')]),
      withImages('n2', [app(6, 'app:1')]),
      withImages('n1', [app(7, 'app:1')]),
    ],
    asked: ['app:1'],
    expected: [1, 2, 3].map(() => ({ 'app:1': { size: 5, numNodes: 2 } })),
  },
  {
    name: 'a node read without its images holds none',
    nodes: [{ ...withImages('n1', []), images: undefined }, withImages('n2', [app(3, 'a:1')])],
    asked: ['a:1'],
    expected: [{}, { 'a:1': { size: 3, numNodes: 1 } }],
  },
  {
    name: 'the nodes past the 32nd are told apart: those holding a name have it, no other',
    nodes: many,
    asked: ['app:1', 'own:34'],
    expected: many.map((_, i) => ({
      ...(i % 33 === 0 ? { 'app:1': { size: 7, numNodes: 3 } } : {}),
      ...(i === 34 ? { 'own:34': { size: 1, numNodes: 1 } } : {}),
    })),
  },
]

const WAYS = [
  { way: 'each name looked for when asked', namesLookedFor: Number.POSITIVE_INFINITY },
  { way: 'every name indexed at the first ask', namesLookedFor: 0 },
  { way: 'names looked for, then every name indexed', namesLookedFor: 1 },
]

describe.each(WAYS)('image states, $way', ({ namesLookedFor }) => {
  it.each(IMAGE_CASES)('$name', ({ nodes, asked, expected }) => {
    const images = new ImageStates(nodes, namesLookedFor)
    const states = nodes.map((_, position) =>
      Object.fromEntries(
        asked.flatMap((name) => {
          const state = images.of(name, position)
          return state === undefined ? [] : [[name, state]]
        })
      )
    )
    expect(states).toEqual(expected)
  })
})
