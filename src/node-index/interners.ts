import type { CompiledTaint, SharedProfiles, SharedStrings, TaintProfile } from '../core/index.js'
import { BoundedInterner } from './bounded-interner.js'

/**
 * The byte bound of one StringInterner: some forty thousand fleet-sized taint strings, and a
 * cap on what distinct long keys and values sent to the extender can keep alive.
 */
export const STRING_INTERNER_MAX_BYTES = 8 * 1024 * 1024

/**
 * Shares one copy of each taint string across nodes (a fleet repeats the same few keys and
 * values thousands of times), within a bound (see BoundedInterner).
 */
export class StringInterner implements SharedStrings {
  readonly #strings: BoundedInterner<string>

  constructor(maxSize = 65_536, maxBytes = STRING_INTERNER_MAX_BYTES) {
    this.#strings = new BoundedInterner('StringInterner', maxSize, maxBytes)
  }

  intern(s: string): string {
    return this.#strings.intern(s, () => s)
  }
}

/** The byte bound of one TaintProfiles (see BoundedInterner). */
export const TAINT_PROFILES_MAX_BYTES = 4 * 1024 * 1024

/**
 * Hands out one TaintProfile per distinct cordon state and taint list, within a bound (a
 * cluster whose every node has a taint of its own clears it now and then): a profile is judged
 * by what it holds, never by which nodes hold it, so losing sharing never changes an answer.
 * The default bound is far above the few dozen profiles of a real fleet, and it keeps the
 * profiles of nodes long changed or gone to a few MiB (a taint whose value changes on every
 * update leaves one behind each time).
 */
export class TaintProfiles implements SharedProfiles {
  readonly #profiles: BoundedInterner<TaintProfile>

  constructor(maxSize = 8192, maxBytes = TAINT_PROFILES_MAX_BYTES) {
    this.#profiles = new BoundedInterner('TaintProfiles', maxSize, maxBytes)
  }

  get size(): number {
    return this.#profiles.size
  }

  /** The shared profile for these taints, made from `make` the first time they are seen. */
  intern(
    unschedulable: boolean,
    taints: readonly CompiledTaint[],
    make: () => TaintProfile
  ): TaintProfile {
    // Every field a phase reads, unambiguously: JSON quotes whatever a key or value holds.
    const signature = JSON.stringify([unschedulable, taints.map((t) => [t.key, t.value, t.effect])])
    return this.#profiles.intern(signature, make)
  }
}
