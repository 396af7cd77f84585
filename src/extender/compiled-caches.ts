import { Buffer } from 'node:buffer'
import { LRUCache } from 'lru-cache'
import {
  compiledNodeBytes,
  compiledTolerationsBytes,
  compileNode,
  CompiledTolerations,
  tolerationSetSignature,
  type CompiledNode,
  type RuleOptions,
  type Toleration,
} from '../core/index.js'
import { StringInterner, TaintProfiles } from '../node-index/index.js'
import { decodeNodeTaints, type NodeRef, type TaintAllowance } from '../protocol/index.js'
import type { ExtenderMetrics } from './ports.js'

/**
 * How much a cache may keep: entries, and bytes as the entries' upper estimates add up (see
 * core/approximate-bytes). The byte bound is what holds when entries are large: a key or value
 * sent by a client can be megabytes.
 */
export interface CacheBounds {
  readonly entries: number
  readonly bytes: number
}

function validBounds(what: string, bounds: CacheBounds): CacheBounds {
  if (!Number.isInteger(bounds.entries) || bounds.entries < 1) {
    throw new TypeError(`${what} cache size must be a positive integer`)
  }
  if (!Number.isSafeInteger(bounds.bytes) || bounds.bytes < 1) {
    throw new TypeError(`${what} cache bytes must be a positive integer`)
  }
  return bounds
}

/**
 * Compiled tolerations, one per distinct toleration set. Pods of one workload share a set, so a
 * scheduling burst compiles it once; the bounds keep a stream of distinct pods from growing it.
 * The two lookups share the byte bound half and half.
 */
export class CompiledTolerationsCache {
  readonly #cache: LRUCache<string, CompiledTolerations>
  /** The same, keyed by the tolerations' JSON text as received: a hit needs no parsing. */
  readonly #byText: LRUCache<string, CompiledTolerations>
  readonly #options: RuleOptions
  readonly #metrics: ExtenderMetrics

  constructor(bounds: CacheBounds, options: RuleOptions, metrics: ExtenderMetrics) {
    const { entries, bytes } = validBounds('tolerations', bounds)
    const half = Math.max(1, Math.floor(bytes / 2))
    const sizeCalculation = (value: CompiledTolerations, key: string): number =>
      2 * key.length + compiledTolerationsBytes(value.tolerations)
    this.#cache = new LRUCache({ max: entries, maxSize: half, sizeCalculation })
    this.#byText = new LRUCache({ max: entries, maxSize: half, sizeCalculation })
    this.#options = options
    this.#metrics = metrics
  }

  get size(): number {
    return this.#cache.size
  }

  /** The bytes counted against the bound, both lookups together. */
  get bytes(): number {
    return this.#cache.calculatedSize + this.#byText.calculatedSize
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

/** A node as compiled, and a copy of the `spec` bytes it was compiled from (null: no spec). */
interface SeenNode {
  readonly compiled: CompiledNode
  readonly spec: Uint8Array | null
}

function sameBytes(a: Uint8Array | null, b: Uint8Array | null): boolean {
  if (a === null || b === null) return a === b
  return a.length === b.length && Buffer.compare(a, b) === 0
}

/**
 * Nodes received in full-node requests, compiled and kept by name: a repeated node costs a
 * lookup and a comparison of its `spec` bytes, and preempt judges a node by its taints as last
 * received. A kept compilation is reused only when the request carries the very `spec` bytes
 * (where taints and the cordon flag live) it was made from, and the same resourceVersion: the
 * answer comes from what the request carries, never from what an earlier body claimed for the
 * same name and version.
 */
export class SeenNodesCache {
  readonly #cache: LRUCache<string, SeenNode>
  readonly #interner = new StringInterner()
  readonly #profiles = new TaintProfiles()
  readonly #metrics: ExtenderMetrics

  constructor(bounds: CacheBounds, metrics: ExtenderMetrics) {
    const { entries, bytes } = validBounds('nodes', bounds)
    this.#cache = new LRUCache({
      max: entries,
      maxSize: bytes,
      sizeCalculation: (seen) =>
        compiledNodeBytes(seen.compiled.name, seen.compiled.taints) + (seen.spec?.length ?? 0),
    })
    this.#metrics = metrics
  }

  get size(): number {
    return this.#cache.size
  }

  /** The bytes counted against the bound. */
  get bytes(): number {
    return this.#cache.calculatedSize
  }

  /**
   * The node `ref` carries, compiled, or the kept compilation of the same bytes; counts a hit or
   * a miss. The taints decoded on a miss are taken from the request's `allowance`.
   */
  compile(ref: NodeRef, allowance?: TaintAllowance): CompiledNode {
    const known = this.#cache.get(ref.name)
    if (
      known !== undefined &&
      known.compiled.resourceVersion === ref.resourceVersion &&
      sameBytes(known.spec, ref.spec)
    ) {
      this.#metrics.cacheLookup('nodes', true)
      return known.compiled
    }
    this.#metrics.cacheLookup('nodes', false)
    const compiled = compileNode(decodeNodeTaints(ref, allowance), this.#interner, this.#profiles)
    // The request's buffer is reused once it is answered: keep a copy of the bytes compared.
    this.#cache.set(ref.name, { compiled, spec: ref.spec === null ? null : ref.spec.slice() })
    return compiled
  }

  /** The node as last received, whatever its version; undefined when never seen (or evicted). */
  lastSeen(name: string): CompiledNode | undefined {
    return this.#cache.peek(name)?.compiled
  }
}
