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

/** One image name's state, and the places of the nodes listing it, ascending. */
interface ImageHolders {
  readonly state: ImageStateSummary
  readonly positions: readonly number[]
}

/**
 * Names looked for across the nodes one at a time before every name is indexed at once: a
 * production node lists a hundred names, so 5000 nodes list half a million, and indexing them
 * all costs as much as looking for some dozens one by one.
 */
export const NAMES_LOOKED_FOR = 16

/**
 * The image states of a snapshot's nodes, found when a score first asks for a name: `explain`
 * scores one pod, naming an image or two, so each name is looked for across the nodes and kept;
 * past `namesLookedFor` names (many pods of many images), every name of every node is indexed
 * once, as upstream's cache keeps them. The nodes never change in a snapshot, so neither does
 * what was found.
 */
export class ImageStates {
  readonly #nodes: readonly PlacementNode[]
  readonly #namesLookedFor: number
  readonly #byName = new Map<string, ImageHolders>()
  #indexed = false
  /** Whether two nodes share a name, found when first needed. */
  #namesRepeat: boolean | null = null

  constructor(nodes: readonly PlacementNode[], namesLookedFor = NAMES_LOOKED_FOR) {
    this.#nodes = nodes
    this.#namesLookedFor = namesLookedFor
  }

  /** The state of image `name` when the node at `position` lists it; undefined otherwise. */
  of(name: string, position: number): ImageStateSummary | undefined {
    const holders = this.#holders(name)
    return holders !== undefined && includesSorted(holders.positions, position)
      ? holders.state
      : undefined
  }

  #holders(name: string): ImageHolders | undefined {
    const known = this.#byName.get(name)
    if (known !== undefined || this.#indexed) return known
    if (this.#byName.size >= this.#namesLookedFor) {
      this.#indexAll()
      return this.#byName.get(name)
    }
    const found = this.#lookFor(name)
    this.#byName.set(name, found)
    return found
  }

  /** Every node listing `name`: the first sets the size. */
  #lookFor(name: string): ImageHolders {
    const positions: number[] = []
    let size = 0
    this.#nodes.forEach((node, position) => {
      const image = node.images?.find((i) => i.names.includes(name))
      if (image === undefined) return
      if (positions.length === 0) size = image.sizeBytes
      positions.push(position)
    })
    return { state: { size, numNodes: this.#nodeNames(positions) }, positions }
  }

  /** Every name of every node, in one pass. */
  #indexAll(): void {
    const found = new Map<string, { size: number; positions: number[] }>()
    this.#nodes.forEach((node, position) => {
      for (const image of node.images ?? [])
        for (const name of image.names) {
          const entry = found.get(name)
          if (entry === undefined) found.set(name, { size: image.sizeBytes, positions: [position] })
          else if (entry.positions.at(-1) !== position) entry.positions.push(position)
        }
    })
    for (const [name, { size, positions }] of found) {
      const state = { size, numNodes: this.#nodeNames(positions) }
      this.#byName.set(name, { state, positions })
    }
    this.#indexed = true
  }

  /** How many node names the nodes at `positions` have: two nodes of one name are one. */
  #nodeNames(positions: readonly number[]): number {
    this.#namesRepeat ??= new Set(this.#nodes.map((n) => n.name)).size < this.#nodes.length
    if (!this.#namesRepeat || positions.length < 2) return positions.length
    return new Set(positions.map((p) => this.#nodes[p]?.name)).size
  }
}

/** Whether ascending `values` holds `value`. */
function includesSorted(values: readonly number[], value: number): boolean {
  let low = 0
  let high = values.length - 1
  while (low <= high) {
    const middle = (low + high) >>> 1
    const at = values[middle] as number
    if (at === value) return true
    if (at < value) low = middle + 1
    else high = middle - 1
  }
  return false
}
