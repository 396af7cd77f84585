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
  readonly empty: boolean
}

const NONE: readonly TermMatch[] = []

/**
 * topologyToMatchedTermCount, keeping who counted rather than how many: topology key → label
 * value → the matches, so that a node's labels are looked up without building a pair's key.
 */
export class TopologyCounts implements Counts {
  readonly #byKey = new Map<string, Map<string, TermMatch[]>>()

  add(node: LabelledNode, topologyKey: string, match: TermMatch): void {
    const value = labelOf(node.labels, topologyKey)
    if (value === undefined) return
    let values = this.#byKey.get(topologyKey)
    if (values === undefined) {
      values = new Map()
      this.#byKey.set(topologyKey, values)
    }
    const list = values.get(value)
    if (list === undefined) values.set(value, [match])
    else list.push(match)
  }

  /** Puts each pair's matches in `order` of their pods, keeping a pod's own in term order. */
  sort(order: (pod: AffinityPod) => number): void {
    for (const list of this.#lists()) list.sort((a, b) => order(a.pod) - order(b.pod))
  }

  clone(): TopologyCounts {
    const copy = new TopologyCounts()
    for (const [key, values] of this.#byKey)
      copy.#byKey.set(key, new Map([...values].map(([value, list]) => [value, [...list]])))
    return copy
  }

  get(topologyKey: string, value: string): readonly TermMatch[] {
    return this.#byKey.get(topologyKey)?.get(value) ?? NONE
  }

  first(topologyKey: string, value: string): TermMatch | undefined {
    return this.get(topologyKey, value)[0]
  }

  get empty(): boolean {
    return this.#byKey.size === 0
  }

  /** Whether a pair keeps a count once `removed` pods are gone. */
  someBesides(removed: ReadonlySet<AffinityPod>): boolean {
    for (const list of this.#lists()) if (list.some((m) => !removed.has(m.pod))) return true
    return false
  }

  *#lists(): Iterable<TermMatch[]> {
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

  /** The removed pods are those of one node, so the search past them stays short. */
  first(topologyKey: string, value: string): TermMatch | undefined {
    const kept = this.base.get(topologyKey, value).find((m) => !this.removed.has(m.pod))
    return kept ?? this.extra.first(topologyKey, value)
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
