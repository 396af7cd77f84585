import { describe, expect, it } from 'vitest'
import { Snapshot, type ClusterPod } from '../../src/placement/index.js'
import { placed, placementNodes, node, withImages } from './builders.js'

/** What the snapshot holds besides the pods' sums: images, unknown nodes, the pod itself. */

describe('the snapshot', () => {
  it('gives each node the states of the images it lists, through NodeInfo.imageState', () => {
    const snapshot = Snapshot.build(
      [
        withImages('n1', [{ names: ['app:1', 'app@sha256:1'], sizeBytes: 100 }]),
        withImages('n2', [{ names: ['app:1'], sizeBytes: 200 }]),
        withImages('n3', []),
      ],
      []
    )
    const states = snapshot.nodeInfoList.map((n) => [n.imageState('app:1'), n.imageState('x:1')])
    const app = { size: 100, numNodes: 2 }
    expect(states).toEqual([
      [app, undefined],
      [app, undefined],
      [undefined, undefined],
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
