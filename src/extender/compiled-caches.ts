import { LRUCache } from 'lru-cache'
import {
  compileNode,
  CompiledTolerations,
  StringInterner,
  TaintProfiles,
  tolerationSetSignature,
  type CompiledNode,
  type NodeTaintsAt,
  type RuleOptions,
  type Toleration,
} from '../core/index.js'
import type { ExtenderMetrics } from './ports.js'

/**
 * Compiled tolerations, one per distinct toleration set. Pods of one workload share a set, so a
 * scheduling burst compiles it once; the bound keeps a stream of distinct pods from growing it.
 */
export class CompiledTolerationsCache {
  readonly #cache: LRUCache<string, CompiledTolerations>
  /** The same, keyed by the tolerations' JSON text as received: a hit needs no parsing. */
  readonly #byText: LRUCache<string, CompiledTolerations>
  readonly #options: RuleOptions
  readonly #metrics: ExtenderMetrics

  constructor(maxEntries: number, options: RuleOptions, metrics: ExtenderMetrics) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) {
      throw new TypeError('tolerations cache size must be a positive integer')
    }
    this.#cache = new LRUCache({ max: maxEntries })
    this.#byText = new LRUCache({ max: maxEntries })
    this.#options = options
    this.#metrics = metrics
  }

  get size(): number {
    return this.#cache.size
  }

  /**
   * The compiled form of a pod's tolerations: by their text when the pod came from request
   * bytes (no parsing on a hit), else by their order-independent signature.
   */
  compilePod(pod: {
    readonly tolerations: readonly Toleration[]
    readonly tolerationsText?: string
  }): CompiledTolerations {
    const text = pod.tolerationsText
    if (text === undefined) return this.compile(pod.tolerations)
    const known = this.#byText.get(text)
    if (known !== undefined) {
      this.#metrics.cacheLookup('tolerations', true)
      return known
    }
    const compiled = this.compile(pod.tolerations)
    this.#byText.set(text, compiled)
    return compiled
  }

  compile(tolerations: readonly Toleration[]): CompiledTolerations {
    const signature = tolerationSetSignature(tolerations)
    const known = this.#cache.get(signature)
    this.#metrics.cacheLookup('tolerations', known !== undefined)
    if (known !== undefined) return known
    const compiled = new CompiledTolerations(tolerations, this.#options)
    this.#cache.set(signature, compiled)
    return compiled
  }
}

/**
 * Nodes received in full-node requests, compiled once per (name, resourceVersion) and kept by
 * name: a repeated node costs a lookup, and preempt judges a node by its taints as last seen.
 * A node without a resourceVersion cannot be recognised and is always compiled afresh.
 */
export class SeenNodesCache {
  readonly #cache: LRUCache<string, CompiledNode>
  readonly #interner = new StringInterner()
  readonly #profiles = new TaintProfiles()
  readonly #metrics: ExtenderMetrics

  constructor(maxEntries: number, metrics: ExtenderMetrics) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) {
      throw new TypeError('nodes cache size must be a positive integer')
    }
    this.#cache = new LRUCache({ max: maxEntries })
    this.#metrics = metrics
  }

  get size(): number {
    return this.#cache.size
  }

  /** The compiled node for this name and version, if seen; counts a hit or a miss. */
  lookup(name: string, resourceVersion: string): CompiledNode | undefined {
    const known = this.#cache.get(name)
    const hit =
      known !== undefined && resourceVersion !== '' && known.resourceVersion === resourceVersion
    this.#metrics.cacheLookup('nodes', hit)
    return hit ? known : undefined
  }

  /** Compiles and remembers a node. */
  remember(node: NodeTaintsAt): CompiledNode {
    const compiled = compileNode(node, this.#interner, this.#profiles)
    this.#cache.set(node.name, compiled)
    return compiled
  }

  /** The node as last seen, whatever its version; undefined when never seen (or evicted). */
  lastSeen(name: string): CompiledNode | undefined {
    return this.#cache.peek(name)
  }
}
