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

describe('the snapshot', () => {
  it('keeps each node image states: the first listing node sets the size, the count is of every node listing the name', () => {
    const snapshot = Snapshot.build(
      [
        withImages('n1', [{ names: ['app:1', 'app@sha256:1'], sizeBytes: 100 }]),
        withImages('n2', [{ names: ['app:1'], sizeBytes: 200 }]),
        withImages('n3', []),
      ],
      []
    )
    const states = snapshot.nodeInfoList.map((n) => Object.fromEntries(n.imageStates))
    expect(states).toEqual([
      { 'app:1': { size: 100, numNodes: 2 }, 'app@sha256:1': { size: 100, numNodes: 1 } },
      { 'app:1': { size: 100, numNodes: 2 } },
      {},
    ])
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
