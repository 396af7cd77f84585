import type { PlacementDecision } from './replacement-placement.js'
import type { Snapshot } from './snapshot.js'

/**
 * The placement decisions of one follow-up of evictions, for the next follow-up of the same
 * cluster to take where it has come the same way. `forecast --drain` follows its evictions once
 * per round (forecast-drain-read.ts `settle`) and each round changes only evictions later than
 * the last: every follow-up begins as the one before did.
 *
 * The follow-up names each step that changes the snapshot (an eviction and its time, a
 * replacement placed and its time) in the order it takes them. The snapshot after the same
 * steps, from the same cluster, is the same snapshot, so a placement at a step all of whose
 * predecessors match the previous follow-up's is decided as it was then. From the first step
 * that differs, every placement is judged again. The snapshot itself is built once: each
 * follow-up's changes to it are taken back before the next begins.
 */
export class FollowReplay {
  #previous: readonly Step[] = []
  #steps: Step[] = []
  /** Whether every step of this follow-up so far matches the previous one's. */
  #same = true
  #snapshot: Snapshot | null = null

  /**
   * A new follow-up begins, the one just ended the one to match: the cluster's snapshot as
   * `build` gives it, built for the first follow-up, as it was then for every later one.
   */
  begin(build: () => Snapshot): Snapshot {
    this.#previous = this.#steps
    this.#steps = []
    this.#same = true
    if (this.#snapshot === null) this.#snapshot = build()
    else this.#snapshot.rollBack()
    this.#snapshot.record()
    return this.#snapshot
  }

  /** A step that changes the snapshot without a decision (an eviction, at its time). */
  step(name: string): void {
    this.#match(name)
    this.#steps.push({ name, decision: null })
  }

  /** A placement: the previous follow-up's decision where it came the same way, else `decide`'s. */
  placement(name: string, decide: () => PlacementDecision): PlacementDecision {
    const decision = this.#match(name) ?? decide()
    this.#steps.push({ name, decision })
    return decision
  }

  /** The previous follow-up's decision at this step, while every step so far matches. */
  #match(name: string): PlacementDecision | null {
    const before = this.#previous[this.#steps.length]
    this.#same &&= before?.name === name
    return this.#same ? (before?.decision ?? null) : null
  }
}

interface Step {
  readonly name: string
  readonly decision: PlacementDecision | null
}
