import { describe, expect, it } from 'vitest'
import { Snapshot, type ClusterPod, type PlacementNode } from '../../src/placement/index.js'
import { placed, placementNodes, node } from './builders.js'

/** What the snapshot holds besides the pods' sums: images, unknown nodes, the pod itself. */

function withImages(
  name: string,
  images: readonly { names: string[]; sizeBytes: number }[]
): PlacementNode {
  const [base] = placementNodes([node(name)])
  return { ...(base as PlacementNode), images }
}

const app = (size: number, ...names: string[]) => ({ names, sizeBytes: size })
const many = Array.from({ length: 70 }, (_, i) =>
  withImages(`m${i}`, i % 33 === 0 ? [app(7, 'app:1')] : [app(1, `own:${i}`)])
)

/** Each node's state of the names asked, as upstream's ImageStates of the snapshot hold them. */
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

describe('the snapshot', () => {
  it.each(IMAGE_CASES)('$name', ({ nodes, asked, expected }) => {
    const snapshot = Snapshot.build(nodes, [])
    const states = snapshot.nodeInfoList.map((info) =>
      Object.fromEntries(
        asked.flatMap((name) => {
          const state = info.imageState(name)
          return state === undefined ? [] : [[name, state]]
        })
      )
    )
    expect(states).toEqual(expected)
  })

  it('leaves out a pod bound to a node it does not hold, and adding or removing one changes nothing', () => {
    const nodes = placementNodes([node('n1')])
    const away = placed('gone', { requests: { cpu: '1' } })
    const snapshot = Snapshot.build(nodes, [away])
    expect(snapshot.nodeInfoList[0]?.pods).toEqual([])
    expect(snapshot.removePod(away)).toBe(false)
    expect(snapshot.addPod(away)).toBe(false)
    expect([...snapshot.namespaces()]).toEqual([])
  })

  it('puts a pod taken off and added back in the place it was read in, before pods added later', () => {
    const nodes = placementNodes([node('n1')])
    const pods = ['a', 'b', 'c'].map((name) => placed('n1', { name }))
    const [a, , c] = pods as [ClusterPod, ClusterPod, ClusterPod]
    const snapshot = Snapshot.build(nodes, pods.slice(0, 2))
    snapshot.addPod(c)
    snapshot.removePod(a)
    snapshot.addPod(a)
    expect(snapshot.nodeInfoList[0]?.pods.map((p) => p.name)).toEqual(['a', 'b', 'c'])
  })
})
