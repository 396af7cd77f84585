import {
  formatKubeVersion,
  judgeProfiles,
  NEWEST_KUBE_VERSION,
  parseKubeVersion,
  scoreProfiles,
  type KubeVersion,
  type CompiledTolerations,
  type IntList,
  type RuleOptions,
} from '../core/index.js'
import { diagnosePlacement, type PlacementNode } from '../placement/index.js'
import {
  decodeExtenderArgs,
  decodePreemptionArgs,
  encodePreemptionResult,
  ProtocolError,
  type MetaVictims,
  type PodTolerations,
  type ReplyBody,
} from '../protocol/index.js'
import { compileNodeRefs, requireReadyNodeCache, resolveNodes } from './candidates.js'
import { resolveCandidates, type CandidateSources } from './resolve-candidates.js'
import { CompiledTolerationsCache, SeenNodesCache, type CacheBounds } from './compiled-caches.js'
import { explainedPod, labelledNodes } from './explain-inputs.js'
import { DecisionRecords, podRef } from './decision-records.js'
import type { ExtenderMetrics, Logger, NodeCache } from './ports.js'
import { RequestMemory } from './request-memory.js'

export interface ExtenderOptions {
  readonly rules: RuleOptions
  /** Distinct toleration sets kept compiled. */
  readonly tolerationsCache: CacheBounds
  /** Nodes from full-node requests kept compiled (and remembered for preempt). */
  readonly nodesCache: CacheBounds
  /** The informer-fed node cache; null when there is no cluster connection. */
  readonly nodeCache: NodeCache | null
  readonly metrics: ExtenderMetrics
  readonly logger: Logger
  /** Candidate nodes or names one request may carry (--max-nodes-per-request); none if absent. */
  readonly maxNodesPerRequest?: number
}

/**
 * The extender's verbs, free of any HTTP framework: each takes the request body's bytes and
 * returns the reply body kube-scheduler expects, or throws ProtocolError (bad request) or
 * ExtenderUnavailableError (cannot answer truthfully yet).
 */
export class Extender {
  readonly #tolerations: CompiledTolerationsCache
  readonly #seenNodes: SeenNodesCache
  readonly #nodeCache: NodeCache | null
  readonly #rules: RuleOptions
  readonly #records: DecisionRecords
  readonly #logger: Logger
  readonly #sources: CandidateSources
  readonly #maxNodes: number | undefined

  constructor(options: ExtenderOptions) {
    this.#tolerations = new CompiledTolerationsCache(
      options.tolerationsCache,
      options.rules,
      options.metrics
    )
    this.#seenNodes = new SeenNodesCache(options.nodesCache, options.metrics)
    this.#nodeCache = options.nodeCache
    this.#rules = options.rules
    this.#records = new DecisionRecords(options.metrics, options.logger)
    this.#logger = options.logger
    this.#maxNodes = options.maxNodesPerRequest
    this.#sources = {
      seenNodes: this.#seenNodes,
      nodeCache: this.#nodeCache,
      logger: this.#logger,
      maxNodes: options.maxNodesPerRequest,
    }
  }

  /** Sizes of the bounded caches, for tests and diagnostics. */
  cacheSizes(): { tolerations: number; nodes: number } {
    return { tolerations: this.#tolerations.size, nodes: this.#seenNodes.size }
  }

  /** Bytes the bounded caches count against their byte bounds, for tests and diagnostics. */
  cacheBytes(): { tolerations: number; nodes: number } {
    return { tolerations: this.#tolerations.bytes, nodes: this.#seenNodes.bytes }
  }

  /** Compiles (or fetches compiled) tolerations of a decoded pod. */
  compilePod(pod: PodTolerations): CompiledTolerations {
    return this.#tolerations.compilePod(pod)
  }

  /**
   * Synchronous unless a name must be fetched from the API server: the scheduling verbs return
   * their reply directly on the hot path, with no promise to settle (see resolveNodeProfiles).
   * The reply may live in `memory`, which the caller releases once the reply has been sent;
   * without one, everything is allocated fresh.
   */
  filter(body: Uint8Array, memory = new RequestMemory()): ReplyBody | Promise<ReplyBody> {
    const scratch = memory.scratch()
    const args = decodeExtenderArgs(body, scratch.spans, this.#maxNodes)
    const pod = this.compilePod(args.pod)
    return then(resolveCandidates(args.candidates, this.#sources, scratch), (resolved) => {
      const verdicts = judgeProfiles(pod, resolved.found, scratch.verdicts)
      const echo = resolved.echo
      this.#records.filter(args.pod, echo.count, verdicts.passing.length, verdicts.reasons)
      this.#records.rejections(resolved.unresolvedReasons)
      return echo.filterResult(
        inRequest(verdicts.passing, resolved.positions),
        { indices: resolved.unresolvedPositions, reasons: resolved.unresolvedReasons },
        { indices: inRequest(verdicts.rejected, resolved.positions), reasons: verdicts.reasons },
        memory
      )
    })
  }

  /** Synchronous unless a name must be fetched, as filter. */
  prioritize(body: Uint8Array, memory = new RequestMemory()): ReplyBody | Promise<ReplyBody> {
    const scratch = memory.scratch()
    const args = decodeExtenderArgs(body, scratch.spans, this.#maxNodes)
    const pod = this.compilePod(args.pod)
    return then(resolveCandidates(args.candidates, this.#sources, scratch), (resolved) => {
      const echo = resolved.echo
      this.#records.evaluated('prioritize', echo.count)
      const count = resolved.found.length
      const scores = scoreProfiles(pod, resolved.found, scratch.scores(count))
      if (resolved.positions === null) return echo.priorityList(null, scores, memory)
      // Unknown nodes are left out of the normalisation and get the lowest score, as a node
      // missing from an extender's reply does in kube-scheduler.
      const positions = resolved.positions.concat(resolved.unresolvedPositions)
      const allScores = new Int32Array(positions.length)
      allScores.set(scores)
      return echo.priorityList(positions, allScores, memory)
    })
  }

  /**
   * `explain`'s diagnosis for what the request carries (node affinity only with full nodes;
   * inter-pod affinity not judged: kube-scheduler sends no other pods). Served only behind
   * --enable-explain-endpoint: taint keys and values can be sensitive. `kubeVersionText` (the
   * `kubeVersion` query parameter) names the release it speaks for, as the CLI's --kube-version.
   */
  async explain(body: Uint8Array, kubeVersionText: string | null = null): Promise<ReplyBody> {
    const release = explainedRelease(kubeVersionText, this.#rules)
    const args = decodeExtenderArgs(body, undefined, this.#maxNodes)
    const pod = this.compilePod(args.pod)
    const placement = explainedPod(body)
    let nodes: PlacementNode[]
    let unknownNodes: readonly string[] = []
    if (args.candidates.kind === 'nodes') {
      const refs = args.candidates.nodes
      nodes = labelledNodes(refs, compileNodeRefs(refs, this.#seenNodes, this.#maxNodes))
    } else {
      const names = args.candidates.names
      const cache = requireReadyNodeCache(this.#nodeCache, names)
      const resolved = await resolveNodes(names, cache, this.#logger)
      nodes = resolved.found.map((node) => ({ name: node.name, labels: {}, compiled: node }))
      unknownNodes = resolved.unresolvedPositions.map((i) => names.name(i))
    }
    this.#records.evaluated('explain', nodes.length)
    const diagnosis = diagnosePlacement({
      pod: placement,
      tolerations: pod,
      nodes,
      placedPods: null,
      namespaces: new Map(),
      nodeLabelsKnown: args.candidates.kind === 'nodes',
      options: { ...this.#rules, kubeVersion: release },
    })
    const kubeVersion = formatKubeVersion(release)
    return JSON.stringify({ pod: podRef(args.pod), kubeVersion, ...diagnosis, unknownNodes })
  }

  /**
   * Keeps the preemption candidates this pod could run on once victims are gone: a node whose
   * taints (as last seen) the pod does not tolerate is dropped, since evicting pods cannot
   * remove a taint. A node never seen cannot be judged and is kept.
   */
  async preempt(body: Uint8Array): Promise<ReplyBody> {
    const args = decodePreemptionArgs(body, this.#maxNodes)
    const pod = this.compilePod(args.pod)
    const kept = new Map<string, MetaVictims>()
    let dropped = 0
    for (const [name, victims] of args.candidates) {
      const node = this.#nodeCache?.get(name) ?? this.#seenNodes.lastSeen(name)
      if (node === undefined || pod.filterNode(node) === null) kept.set(name, victims)
      else dropped++
    }
    this.#records.preempt(args.pod, args.candidates.size, dropped)
    return encodePreemptionResult(kept)
  }
}

/** Request positions of `indices` into what was found (the same when `positions` is null). */
function inRequest(indices: IntList, positions: readonly number[] | null): ArrayLike<number> {
  return positions === null
    ? indices.view()
    : Array.from(indices.view(), (i) => positions[i] as number)
}

/** `f(value)`, at once for a value, after settling for a promise. */
function then<T, R>(value: T | Promise<T>, f: (value: T) => R): R | Promise<R> {
  return value instanceof Promise ? value.then(f) : f(value)
}

/** The release POST /explain speaks for: the one asked for, else the rules', else the newest. */
function explainedRelease(text: string | null, rules: RuleOptions): KubeVersion {
  if (text === null) return rules.kubeVersion ?? NEWEST_KUBE_VERSION
  const parsed = parseKubeVersion(text)
  if ('problem' in parsed) throw new ProtocolError(`kubeVersion: ${parsed.problem}`)
  return parsed
}
