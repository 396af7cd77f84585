import type { CompiledNode, TaintProfile } from '../core/index.js'
import type { Candidates } from '../protocol/index.js'
import { NamesEcho, NodesEcho, type CandidateEcho } from './candidate-echo.js'
import {
  compileNodeRefs,
  requireReadyNodeCache,
  resolveNodeProfiles,
  type ResolvedNames,
} from './candidates.js'
import type { SeenNodesCache } from './compiled-caches.js'
import type { Logger, NodeCache } from './ports.js'
import type { VerbScratch } from './verb-scratch.js'

/**
 * A request's candidates as the rules read them, whatever the mode: the taint profile of each
 * candidate found (all that Filter and Score read), where each sits in the request, the
 * candidates that could not be resolved and why, and how the answer names them.
 */
export interface ResolvedCandidates extends ResolvedNames<TaintProfile> {
  readonly echo: CandidateEcho
}

/** Where candidates are resolved from: the request's own nodes, or the node cache. */
export interface CandidateSources {
  readonly seenNodes: SeenNodesCache
  /** The informer-fed node cache; null when there is no cluster connection. */
  readonly nodeCache: NodeCache | null
  readonly logger: Logger
  /** Candidates, and taints of full nodes, one request may decode (--max-nodes-per-request). */
  readonly maxNodes: number | undefined
}

/**
 * The one step that differs between the modes, before the shared judge and scorer: full nodes
 * are compiled from the request (every one resolves, in request order); names are looked up in
 * the node cache (see resolveNodeProfiles), synchronously unless one must be fetched. The
 * profiles are written into `scratch`, refilled by the next request that takes it.
 */
export function resolveCandidates(
  candidates: Candidates,
  sources: CandidateSources,
  scratch: VerbScratch
): ResolvedCandidates | Promise<ResolvedCandidates> {
  if (candidates.kind === 'nodes') {
    const nodes = compileNodeRefs(candidates.nodes, sources.seenNodes, sources.maxNodes)
    return {
      found: profilesInto(nodes, scratch.profiles),
      positions: null,
      unresolvedPositions: [],
      unresolvedReasons: [],
      echo: new NodesEcho(candidates.nodes, nodes),
    }
  }
  const names = candidates.names
  const cache = requireReadyNodeCache(sources.nodeCache, names)
  const echo = new NamesEcho(names)
  const resolved = resolveNodeProfiles(names, cache, sources.logger, scratch.profiles)
  return resolved instanceof Promise
    ? resolved.then((settled) => ({ ...settled, echo }))
    : { ...resolved, echo }
}

/** Each node's profile, written from the start of `into` (cut to length): it stays packed. */
function profilesInto(
  nodes: readonly CompiledNode[],
  into: (TaintProfile | undefined)[]
): TaintProfile[] {
  for (let i = 0; i < nodes.length; i++) into[i] = (nodes[i] as CompiledNode).profile
  if (into.length !== nodes.length) into.length = nodes.length
  return into as TaintProfile[]
}
