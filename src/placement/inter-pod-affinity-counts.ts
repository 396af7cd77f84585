import type { AffinityPod } from './cluster-pod.js'
import { labelOf } from './label-requirements.js'
import type { LabelledNode } from './node-affinity.js'

/**
 * InterPodAffinity's PreFilter counts (interpodaffinity filtering.go `topologyToMatchedTermCount`),
 * keeping which pod counted, and the view of them after AddPod and RemovePod.
 */

/** Which pod, by which of its terms, put a count on a topology pair. */
export interface TermMatch {
  readonly pod: AffinityPod
  readonly termIndex: number
}

/** What InterPodAffinity reads of its counts: who counted on a topology pair, and whether any did. */
export interface Counts {
  /** The first pod counted on the pair; undefined when none is. */
  first(topologyKey: string, value: string): TermMatch | undefined
  /** Whether any pod counted on the pair: `first` without finding which is first. */
  has(topologyKey: string, value: string): boolean
  readonly empty: boolean
}

/** A pod's place in the snapshot's order, by which the first match of a pair is named. */
export type MatchOrder = (pod: AffinityPod) => number

/** The matches of one topology pair, in the order they were counted, and the first by order. */
interface PairMatches {
  readonly matches: TermMatch[]
  first: TermMatch | undefined
}

/**
 * The first of `matches` by `order` whose pod is not `removed`: the earliest counted among equals,
 * as a stable sort would put it.
 */
function firstIn(
  matches: readonly TermMatch[],
  order: MatchOrder | null,
  removed?: ReadonlySet<AffinityPod>
): TermMatch | undefined {
  let first: TermMatch | undefined
  let at = Number.POSITIVE_INFINITY
  for (const m of matches) {
    if (removed?.has(m.pod) === true) continue
    if (order === null) return m
    const place = order(m.pod)
    if (first === undefined || place < at) {
      first = m
      at = place
    }
  }
  return first
}

/**
 * topologyToMatchedTermCount, keeping who counted rather than how many: topology key → label
 * value → the matches, so that a node's labels are looked up without building a pair's key. A
 * pair names its first match by the pods' order once `orderBy` gives it, else the first counted;
 * it is found when first asked for rather than by sorting every pair, as most are never asked.
 */
export class TopologyCounts implements Counts {
  readonly #byKey = new Map<string, Map<string, PairMatches>>()
  #order: MatchOrder | null = null

  add(node: LabelledNode, topologyKey: string, match: TermMatch): void {
    const value = labelOf(node.labels, topologyKey)
    if (value === undefined) return
    let values = this.#byKey.get(topologyKey)
    if (values === undefined) {
      values = new Map()
      this.#byKey.set(topologyKey, values)
    }
    const pair = values.get(value)
    if (pair === undefined) values.set(value, { matches: [match], first: undefined })
    else {
      pair.matches.push(match)
      pair.first = undefined
    }
  }

  /** Names each pair's first match by `order` of their pods, a pod's own in term order. */
  orderBy(order: MatchOrder): void {
    this.#order = order
    for (const pair of this.#pairs()) pair.first = undefined
  }

  clone(): TopologyCounts {
    const copy = new TopologyCounts()
    copy.#order = this.#order
    for (const [key, values] of this.#byKey) {
      const pairs = [...values].map(([value, p]): [string, PairMatches] => [
        value,
        { matches: [...p.matches], first: p.first },
      ])
      copy.#byKey.set(key, new Map(pairs))
    }
    return copy
  }

  first(topologyKey: string, value: string): TermMatch | undefined {
    const pair = this.#byKey.get(topologyKey)?.get(value)
    if (pair === undefined) return undefined
    pair.first ??= firstIn(pair.matches, this.#order)
    return pair.first
  }

  has(topologyKey: string, value: string): boolean {
    return this.#byKey.get(topologyKey)?.has(value) === true
  }

  /** Whether the pair keeps a match once the `removed` pods' matches are left out. */
  hasBesides(topologyKey: string, value: string, removed: ReadonlySet<AffinityPod>): boolean {
    const pair = this.#byKey.get(topologyKey)?.get(value)
    return pair !== undefined && firstIn(pair.matches, null, removed) !== undefined
  }

  /** The first match of the pair once the `removed` pods' matches are left out. */
  firstBesides(
    topologyKey: string,
    value: string,
    removed: ReadonlySet<AffinityPod>
  ): TermMatch | undefined {
    const first = this.first(topologyKey, value)
    if (first === undefined || !removed.has(first.pod)) return first
    const pair = this.#byKey.get(topologyKey)?.get(value)
    return pair && firstIn(pair.matches, this.#order, removed)
  }

  get empty(): boolean {
    return this.#byKey.size === 0
  }

  /** Whether a pair keeps a count once `removed` pods are gone. */
  someBesides(removed: ReadonlySet<AffinityPod>): boolean {
    for (const pair of this.#pairs()) if (pair.matches.some((m) => !removed.has(m.pod))) return true
    return false
  }

  *#pairs(): Iterable<PairMatches> {
    for (const values of this.#byKey.values()) yield* values.values()
  }
}

/**
 * The counts after PreFilterExtensions' AddPod and RemovePod: `extra` holds what the added pods
 * count; the removed pods' counts are dropped, and a pair left at zero is gone, as
 * `topologyToMatchedTermCount.update` deletes it.
 */
export class ChangedCounts implements Counts {
  constructor(
    private readonly base: TopologyCounts,
    private readonly extra: TopologyCounts,
    private readonly removed: ReadonlySet<AffinityPod>
  ) {}

  first(topologyKey: string, value: string): TermMatch | undefined {
    const kept = this.base.firstBesides(topologyKey, value, this.removed)
    return kept ?? this.extra.first(topologyKey, value)
  }

  has(topologyKey: string, value: string): boolean {
    return (
      this.base.hasBesides(topologyKey, value, this.removed) || this.extra.has(topologyKey, value)
    )
  }

  get empty(): boolean {
    return this.extra.empty && !this.base.someBesides(this.removed)
  }
}

export interface CountSet<C extends Counts> {
  readonly affinity: C
  readonly antiAffinity: C
  readonly existing: C
}

export function newCountSet(): CountSet<TopologyCounts> {
  return {
    affinity: new TopologyCounts(),
    antiAffinity: new TopologyCounts(),
    existing: new TopologyCounts(),
  }
}

/**
 * InterPodAffinity's data in the cycle state (filtering.go `preFilterState`) beside the counts
 * PreFilter made, which it shares: what AddPod counted for the pods added, and the pods RemovePod
 * took off. A pod taken off and added back counts as it did before.
 */
export class AffinityPodChanges {
  constructor(
    readonly extra: CountSet<TopologyCounts> = newCountSet(),
    readonly removed: Set<AffinityPod> = new Set()
  ) {}

  get none(): boolean {
    return (
      this.removed.size === 0 &&
      this.extra.affinity.empty &&
      this.extra.antiAffinity.empty &&
      this.extra.existing.empty
    )
  }

  clone(): AffinityPodChanges {
    const extra = {
      affinity: this.extra.affinity.clone(),
      antiAffinity: this.extra.antiAffinity.clone(),
      existing: this.extra.existing.clone(),
    }
    return new AffinityPodChanges(extra, new Set(this.removed))
  }
}
