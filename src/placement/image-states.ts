import type { PlacementNode } from './placement-node.js'

/**
 * The images each node holds, as the snapshot keeps them for ImageLocality's score
 * (pkg/scheduler/framework types.go `ImageStateSummary`; internal/cache snapshot.go
 * `createImageExistenceMap`, `getNodeImageStates`): every name of every image in
 * `status.images` is a key; its size is that of the first node listing it, and its node count
 * the number of nodes listing it. Nodes read without their images hold none.
 */

export interface ImageStateSummary {
  readonly size: number
  readonly numNodes: number
}

/** Image name → its state, for each node in order. */
export function nodeImageStates(
  nodes: readonly PlacementNode[]
): ReadonlyMap<string, ImageStateSummary>[] {
  const existence = new Map<string, { size: number; nodes: Set<string> }>()
  for (const node of nodes)
    for (const image of node.images ?? [])
      for (const name of image.names) {
        const seen = existence.get(name)
        if (seen === undefined)
          existence.set(name, { size: image.sizeBytes, nodes: new Set([node.name]) })
        else seen.nodes.add(node.name)
      }
  return nodes.map((node) => {
    const states = new Map<string, ImageStateSummary>()
    for (const image of node.images ?? [])
      for (const name of image.names) {
        const seen = existence.get(name)
        if (seen !== undefined) states.set(name, { size: seen.size, numNodes: seen.nodes.size })
      }
    return states
  })
}
