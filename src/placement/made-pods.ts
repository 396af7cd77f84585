import type { PlannedEviction } from './eviction-plan.js'
import type { PlacementPod } from './placement-pod.js'
import type { Replacement } from './replacement.js'
import { NEW_POD_SUFFIX } from './replacement-pod.js'

/**
 * The new pods the follow-up of evictions (follow-evictions.ts) sees controllers make: those
 * not placed yet, in the order they are made (kube-scheduler takes a new pod when its
 * controller creates it), and the names the follow-up gives them.
 */

/** How a followed pod goes: evicted as planned, or preempted by a replacement. */
export interface Cause {
  readonly cause: 'evicted' | 'preempted'
  /** The replacement (its name) whose preemption deletes the pod; null when evicted. */
  readonly preemptedBy: string | null
}

/** A replacement its controller makes at `createdAfterSeconds`, not placed yet. */
export interface MadePod {
  readonly index: number
  readonly cause: Cause
  readonly eviction: PlannedEviction & { readonly afterSeconds: number }
  readonly replacement: Replacement & { readonly pod: PlacementPod }
  readonly createdAfterSeconds: number
}

/** The replacements made and not placed yet, in the order they are made (ties as evicted). */
export class MadePods {
  readonly #pods: MadePod[] = []

  add(pod: MadePod): void {
    let at = this.#pods.length
    while (at > 0 && (this.#pods[at - 1] as MadePod).createdAfterSeconds > pod.createdAfterSeconds)
      at -= 1
    this.#pods.splice(at, 0, pod)
  }

  /**
   * The first made before `seconds` (any when null), taken off; one at a time, as placing it
   * may make more (its victims' replacements).
   */
  takeBefore(seconds: number | null): MadePod | undefined {
    const next = this.#pods[0]
    if (next === undefined || (seconds !== null && next.createdAfterSeconds >= seconds))
      return undefined
    return this.#pods.shift()
  }
}

/**
 * The names of the new pods one forecast follows. The API server ends each `generateName` with
 * a random suffix no forecast can know; the forecast numbers each controller's new pods in the
 * order they are made instead (`web-7d9-<new-1>`, `web-7d9-<new-2>`), so that a name it gives
 * (a preemptor, a victim) is one pod's. A StatefulSet's new pod keeps the old one's name.
 */
export class NewPodNames {
  readonly #made = new Map<string, number>()

  /** The name of the next pod made under `name`. */
  next(name: string): string {
    if (!name.endsWith(`-${NEW_POD_SUFFIX}`)) return name
    const count = (this.#made.get(name) ?? 0) + 1
    this.#made.set(name, count)
    return `${name.slice(0, -NEW_POD_SUFFIX.length)}<new-${count}>`
  }
}
