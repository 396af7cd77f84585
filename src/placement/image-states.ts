import type { PlacementNode } from './placement-node.js'

/**
 * The images the nodes hold, for ImageLocality's score (pkg/scheduler/framework types.go
 * `ImageStateSummary`; internal/cache snapshot.go `createImageExistenceMap`,
 * `getNodeImageStates`): every name of every image in `status.images` is a key; its size is
 * that of the first node listing it, and its node count the number of node names listing it.
 * Nodes read without their images hold none.
 */

export interface ImageStateSummary {
  readonly size: number
  readonly numNodes: number
}

/** One image name's state, and which nodes hold it: one bit for each node's place. */
interface ImageHolders {
  readonly state: ImageStateSummary
  readonly held: Uint32Array
}

/**
 * The image states of a snapshot's nodes, each name's found when a score first asks for it.
 * Upstream keeps a map of every name on every node; a cluster's nodes list some hundred
 * thousand names between them, while the pods scored name a few, so a name is looked for
 * across the nodes once, when asked, and kept. The nodes never change in a snapshot, so
 * neither does what was found.
 */
export class ImageStates {
  readonly #nodes: readonly PlacementNode[]
  readonly #byName = new Map<string, ImageHolders>()

  constructor(nodes: readonly PlacementNode[]) {
    this.#nodes = nodes
  }

  /** The state of image `name` when the node at `position` holds it; undefined otherwise. */
  of(name: string, position: number): ImageStateSummary | undefined {
    let holders = this.#byName.get(name)
    if (holders === undefined) {
      holders = this.#find(name)
      this.#byName.set(name, holders)
    }
    return (holders.held[position >>> 5] ?? 0) & (1 << (position & 31)) ? holders.state : undefined
  }

  /** Every node listing `name`, in order: the first sets the size, their names are counted. */
  #find(name: string): ImageHolders {
    const held = new Uint32Array(Math.ceil(this.#nodes.length / 32))
    const names = new Set<string>()
    let size = 0
    this.#nodes.forEach((node, position) => {
      for (const image of node.images ?? []) {
        if (!image.names.includes(name)) continue
        if (names.size === 0) size = image.sizeBytes
        names.add(node.name)
        held[position >>> 5] = (held[position >>> 5] ?? 0) | (1 << (position & 31))
        return
      }
    })
    return { state: { size, numNodes: names.size }, held }
  }
}
