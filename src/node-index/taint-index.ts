import {
  compileNode,
  type CompiledNode,
  type NodeTaintsAt,
  type TaintProfile,
} from '../core/index.js'
import { StringInterner, TaintProfiles } from './interners.js'
import { NameBytesTable } from './name-bytes-table.js'
import type { NameBytesKeys } from './name-hash.js'

/**
 * Every known node's compiled taints, by name: what node-cache mode answers from. Each node is
 * compiled when it changes (informer event), so a request costs one map lookup per candidate
 * name and never grows with the cluster.
 */
export class TaintIndex {
  readonly #nodes = new Map<string, CompiledNode>()
  /**
   * The same nodes' profiles by name bytes, for names read straight from a request body: all
   * that Filter and Score read. Names in kube-scheduler's order land all over the index, and
   * reading each node object on the way to its profile was one more cache miss per name, a
   * measurable share of a call (bench/README.md, "Measurements behind the code").
   */
  readonly #byBytes = new NameBytesTable<TaintProfile>()
  readonly #interner = new StringInterner()
  readonly #profiles = new TaintProfiles()
  #generation = 0

  /** Number of nodes indexed. */
  get size(): number {
    return this.#nodes.size
  }

  /** Bumped on every change; lets callers tell whether what they read is still current. */
  get generation(): number {
    return this.#generation
  }

  get(name: string): CompiledNode | undefined {
    return this.#nodes.get(name)
  }

  /**
   * For each of `names`, the profile of the node whose name is the plain name (see isPlainName)
   * at its bytes, or undefined, into out[0 … length − 1]; a name that is not plain is only found
   * by `get`. In batches that wait for their cache misses together (see NameBytesTable.getAll).
   */
  profilesByBytes(names: NameBytesKeys, out: (TaintProfile | undefined)[]): void {
    this.#byBytes.getAll(names, out)
  }

  has(name: string): boolean {
    return this.#nodes.has(name)
  }

  /** Adds or replaces a node; an unchanged resourceVersion keeps the compiled entry. */
  upsert(node: NodeTaintsAt): CompiledNode {
    const known = this.#nodes.get(node.name)
    if (
      known !== undefined &&
      node.resourceVersion !== '' &&
      known.resourceVersion === node.resourceVersion
    ) {
      return known
    }
    const compiled = compileNode(node, this.#interner, this.#profiles)
    this.#nodes.set(node.name, compiled)
    this.#byBytes.set(node.name, compiled.profile)
    this.#generation++
    return compiled
  }

  delete(name: string): boolean {
    const deleted = this.#nodes.delete(name)
    this.#byBytes.delete(name)
    if (deleted) this.#generation++
    return deleted
  }

  /** Replaces the whole index with a fresh list (a relist), dropping nodes no longer listed. */
  replaceAll(nodes: Iterable<NodeTaintsAt>): void {
    const listed = new Set<string>()
    for (const node of nodes) {
      listed.add(node.name)
      this.upsert(node)
    }
    for (const name of this.#nodes.keys()) {
      if (!listed.has(name)) this.delete(name)
    }
    this.#generation++
  }

  names(): IterableIterator<string> {
    return this.#nodes.keys()
  }
}
