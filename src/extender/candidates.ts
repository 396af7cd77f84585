import {
  REASON_LOOKUP_FAILED,
  REASON_UNKNOWN_NODE,
  type CompiledNode,
  type RejectionReason,
  type TaintProfile,
} from '../core/index.js'
import type { NameBytesKeys } from '../node-index/index.js'
import { TaintAllowance, type NodeNameList, type NodeRef } from '../protocol/index.js'
import type { SeenNodesCache } from './compiled-caches.js'
import { ExtenderUnavailableError } from './errors.js'
import type { Logger, NodeCache } from './ports.js'

/**
 * Candidates resolved to what the caller needs of each (a compiled node, or only its taint
 * profile), plus the names that could not be resolved.
 */
export interface ResolvedNames<T> {
  /** What was found for each known node, in request order. */
  readonly found: T[]
  /**
   * Where each of `found` sits in the request's NodeNames; null when the index knew every name
   * (then `found` lines up with the request).
   */
  readonly positions: number[] | null
  /** Positions of names that could not be resolved, and why. */
  readonly unresolvedPositions: number[]
  readonly unresolvedReasons: RejectionReason[]
}

/**
 * Full-node mode: each node compiled from what the request carries (a kept compilation of the
 * same bytes is reused, see SeenNodesCache); the result is aligned with `refs`, so index i of
 * the answer is request node i. The taints the request's nodes decode are at most `maxTaints`
 * (see TaintAllowance).
 */
export function compileNodeRefs(
  refs: readonly NodeRef[],
  seen: SeenNodesCache,
  maxTaints?: number
): CompiledNode[] {
  const nodes = new Array<CompiledNode>(refs.length)
  const allowance = new TaintAllowance(maxTaints)
  for (let i = 0; i < refs.length; i++) nodes[i] = seen.compile(refs[i] as NodeRef, allowance)
  return nodes
}

/**
 * Refuses node-cache requests the extender cannot answer truthfully yet. A malformed name
 * literal is refused first, as a bad request, whatever the cache's state (see
 * NodeNameList.requireValid).
 */
export function requireReadyNodeCache(cache: NodeCache | null, names: NodeNameList): NodeCache {
  const readiness = cache?.readiness() ?? null
  if (cache !== null && readiness?.ready === true) return cache
  names.requireValid()
  throw new ExtenderUnavailableError(
    readiness === null
      ? 'the request carries NodeNames (nodeCacheCapable: true) but this extender has no ' +
          'cluster connection to learn nodes from; start it with --kubeconfig or in a pod, or ' +
          'set nodeCacheCapable: false'
      : `node cache not ready: ${readiness.reason}`
  )
}

/**
 * Node-cache mode: each name's taint profile, all that Filter and Score read, looked up in the
 * index; a name it does not know is fetched from the API server (concurrent misses share one
 * request). A node that is not found, or whose lookup failed, is never passed silently: it is
 * reported with its own reason. A malformed name literal throws its ProtocolError here (see
 * NodeNameList.match). Synchronous when the index knows every name (the hot path has no promise
 * to wait for); a promise otherwise. The profiles are written into `known`, which the result's
 * `found` may be.
 */
export function resolveNodeProfiles(
  names: NodeNameList,
  cache: NodeCache,
  logger: Logger,
  known: (TaintProfile | undefined)[] = []
): ResolvedNames<TaintProfile> | Promise<ResolvedNames<TaintProfile>> {
  // Looked up as the bytes they arrived as, all at once (see NameBytesTable.getAll). `known`
  // may be a previous call's (see VerbScratch): written from the start, then cut to length, it
  // stays a packed array that the per-node loops read unchecked.
  const byBytes = (keys: NameBytesKeys, out: (TaintProfile | undefined)[]): void =>
    cache.profilesByBytes(keys, out)
  return resolveNames(names, cache, logger, byBytes, (node) => node.profile, known)
}

/** The same for whole compiled nodes, every name looked up by string: for explain. */
export function resolveNodes(
  names: NodeNameList,
  cache: NodeCache,
  logger: Logger
): ResolvedNames<CompiledNode> | Promise<ResolvedNames<CompiledNode>> {
  return resolveNames(names, cache, logger, NOTHING_BY_BYTES, (node) => node, [])
}

/** A lookup by bytes that finds nothing, leaving every name to its string. */
const NOTHING_BY_BYTES = (): void => {}

/**
 * Resolves `names` to what `pick` takes of each node: first by their bytes (`byBytes`), then a
 * name that lookup missed (one not plain, say) by its string in the index, then from the API
 * server (see fetchMisses).
 */
function resolveNames<T>(
  names: NodeNameList,
  cache: NodeCache,
  logger: Logger,
  byBytes: (keys: NameBytesKeys, out: (T | undefined)[]) => void,
  pick: (node: CompiledNode) => T,
  known: (T | undefined)[]
): ResolvedNames<T> | Promise<ResolvedNames<T>> {
  const missed = names.match(byBytes, known)
  // The common case: the index knows every name, and what was found lines up with the request.
  if (missed === null) return everyNameFound(known as T[])
  let misses: Misses | null = null
  for (let m = 0; m < missed.positions.length; m++) {
    const i = missed.positions[m] as number
    const name = missed.names[m] as string
    const node = cache.get(name)
    known[i] = node === undefined ? undefined : pick(node)
    if (node === undefined) {
      misses ??= { positions: [], names: [] }
      misses.positions.push(i)
      misses.names.push(name)
    }
  }
  if (misses === null) return everyNameFound(known as T[])
  return fetchMisses(known, misses, cache, logger, pick)
}

/** Every name known: what was found lines up with the request. */
function everyNameFound<T>(found: T[]): ResolvedNames<T> {
  return { found, positions: null, unresolvedPositions: [], unresolvedReasons: [] }
}

/** The names the index did not know: where each sits in the request, and the name. */
interface Misses {
  readonly positions: number[]
  readonly names: string[]
}

/**
 * Resolves the names the index did not know. Most are answered at once (see NodeCache.fetch):
 * only names actually sent to the API server are waited for, all together, so a call whose
 * misses are all answered at once stays synchronous.
 */
function fetchMisses<T>(
  known: (T | undefined)[],
  misses: Misses,
  cache: NodeCache,
  logger: Logger,
  pick: (node: CompiledNode) => T
): ResolvedNames<T> | Promise<ResolvedNames<T>> {
  const outcome = new MissOutcome()
  // Which misses were sent to the API server (indices into `misses`), and their lookups.
  let asked: number[] | null = null
  let lookups: Promise<CompiledNode | null>[] | null = null
  for (let m = 0; m < misses.positions.length; m++) {
    const i = misses.positions[m] as number
    const answer = cache.fetch(misses.names[m] as string)
    if (answer === 'not_found') outcome.unresolved(i, REASON_UNKNOWN_NODE)
    else if (answer === 'not_looked_up') outcome.failed(i, misses.names[m] as string, NOT_LOOKED_UP)
    else {
      ;(asked ??= []).push(m)
      ;(lookups ??= []).push(answer)
    }
  }
  if (asked === null || lookups === null) return outcome.resolve(known, logger)
  const waitedFor = asked
  return Promise.allSettled(lookups).then((settled) => {
    for (let k = 0; k < waitedFor.length; k++) {
      const m = waitedFor[k] as number
      const i = misses.positions[m] as number
      const result = settled[k] as PromiseSettledResult<CompiledNode | null>
      if (result.status === 'rejected') {
        outcome.failed(i, misses.names[m] as string, String(result.reason))
      } else if (result.value === null) {
        outcome.unresolved(i, REASON_UNKNOWN_NODE)
      } else {
        known[i] = pick(result.value)
      }
    }
    return outcome.resolve(known, logger)
  })
}

const NOT_LOOKED_UP = 'not looked up: the lookups in flight or per second are used up'

/** The names set aside while resolving misses, and the one log line for those that failed. */
class MissOutcome {
  readonly unresolvedPositions: number[] = []
  readonly unresolvedReasons: RejectionReason[] = []
  #failed = 0
  #firstFailure: { node: string; err: string } | null = null

  unresolved(position: number, reason: RejectionReason): void {
    this.unresolvedPositions.push(position)
    this.unresolvedReasons.push(reason)
  }

  failed(position: number, node: string, err: string): void {
    this.unresolved(position, REASON_LOOKUP_FAILED)
    this.#failed++
    this.#firstFailure ??= { node, err }
  }

  /** The result, with `known`'s found items in request order; logs failures once. */
  resolve<T>(known: readonly (T | undefined)[], logger: Logger): ResolvedNames<T> {
    // One line per request, not per name: a call can name thousands of nodes nobody looked up.
    if (this.#firstFailure !== null) {
      logger.warn('node lookups failed', { failed: this.#failed, first: this.#firstFailure })
    }
    const found: T[] = []
    const positions: number[] = []
    for (let i = 0; i < known.length; i++) {
      const item = known[i]
      if (item !== undefined) {
        found.push(item)
        positions.push(i)
      }
    }
    return {
      found,
      positions,
      unresolvedPositions: this.unresolvedPositions,
      unresolvedReasons: this.unresolvedReasons,
    }
  }
}
