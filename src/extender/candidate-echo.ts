import type { CompiledNode } from '../core/index.js'
import {
  EMPTY_NODE_REASONS,
  encodeFilterResult,
  encodeHostPriorityList,
  encodeNamesFilterResult,
  encodeNamesHostPriorityList,
  type ByteLender,
  type IndexedReasons,
  type NodeNameList,
  type NodeRef,
  type ReplyBody,
} from '../protocol/index.js'

/**
 * How a verb's answer names the candidates of its request, the one thing (with how candidates
 * are resolved, see resolveCandidates) that depends on the mode. Positions are places in the
 * request's candidate list. Full nodes are echoed as the node objects received and their
 * names; node-cache names as the very literals the request carried.
 */
export interface CandidateEcho {
  /** How many candidates the request names. */
  readonly count: number
  /** ExtenderFilterResult: the passing candidates, then the two maps of rejected ones. */
  filterResult(
    passing: ArrayLike<number>,
    failed: IndexedReasons,
    failedAndUnresolvable: IndexedReasons,
    lender: ByteLender
  ): ReplyBody
  /** HostPriorityList for the candidates at `positions`, or all in request order when null. */
  priorityList(
    positions: readonly number[] | null,
    scores: ArrayLike<number>,
    lender: ByteLender
  ): ReplyBody
}

/** Full-node mode: the request's node objects, with what was compiled of each, aligned. */
export class NodesEcho implements CandidateEcho {
  readonly #refs: readonly NodeRef[]
  readonly #nodes: readonly CompiledNode[]

  constructor(refs: readonly NodeRef[], nodes: readonly CompiledNode[]) {
    this.#refs = refs
    this.#nodes = nodes
  }

  get count(): number {
    return this.#refs.length
  }

  filterResult(
    passing: ArrayLike<number>,
    failed: IndexedReasons,
    failedAndUnresolvable: IndexedReasons
  ): ReplyBody {
    return encodeFilterResult({
      nodes: Array.from(passing, (i) => (this.#refs[i] as NodeRef).raw),
      failed: failed.indices.length === 0 ? EMPTY_NODE_REASONS : this.#named(failed),
      failedAndUnresolvable: this.#named(failedAndUnresolvable),
    })
  }

  priorityList(positions: readonly number[] | null, scores: ArrayLike<number>): ReplyBody {
    const nodes = this.#nodes
    const hosts =
      positions === null
        ? nodes.map((n) => n.name)
        : positions.map((i) => (nodes[i] as CompiledNode).name)
    return encodeHostPriorityList(hosts, scores)
  }

  #named(map: IndexedReasons): { names: string[]; reasons: string[] } {
    return {
      names: Array.from(map.indices, (i) => (this.#nodes[i] as CompiledNode).name),
      reasons: Array.from(map.reasons),
    }
  }
}

/** Node-cache mode: the request's NodeNames, echoed as the literals received. */
export class NamesEcho implements CandidateEcho {
  readonly count: number
  readonly #names: NodeNameList

  constructor(names: NodeNameList) {
    this.count = names.length
    this.#names = names
  }

  filterResult(
    passing: ArrayLike<number>,
    failed: IndexedReasons,
    failedAndUnresolvable: IndexedReasons,
    lender: ByteLender
  ): ReplyBody {
    return encodeNamesFilterResult(this.#names, passing, failed, failedAndUnresolvable, lender)
  }

  priorityList(
    positions: readonly number[] | null,
    scores: ArrayLike<number>,
    lender: ByteLender
  ): ReplyBody {
    return encodeNamesHostPriorityList(this.#names, positions, scores, lender)
  }
}
