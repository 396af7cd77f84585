import { parseInt64 } from './decimal-integer.js'
import type { NodeTaints, Taint } from './types.js'
import {
  TAINT_EFFECT_NO_EXECUTE,
  TAINT_EFFECT_NO_SCHEDULE,
  TAINT_EFFECT_PREFER_NO_SCHEDULE,
} from './types.js'

/** Index of a taint's effect in a CompiledTolerations' per-effect matchers. */
export const EFFECT_SLOT_NO_SCHEDULE = 0
export const EFFECT_SLOT_NO_EXECUTE = 1
export const EFFECT_SLOT_PREFER_NO_SCHEDULE = 2
export const EFFECT_SLOT_OTHER = 3

/**
 * A taint prepared once per node change: its effect resolved to a slot and its value parsed as
 * an int64 up front, so `Lt`/`Gt` tolerations compare bigints instead of re-parsing per pod.
 */
export interface CompiledTaint extends Taint {
  readonly effectSlot: number
  /** The value as int64 when it is a decimal integer in range, else null. */
  readonly numeric: bigint | null
}

/**
 * One node as the rules see it, compiled when the node changes. Filter reads only `hardTaints`
 * and `unschedulable`; Score reads only `softTaints`. Nothing of the Node object is kept beyond
 * what the rules and the explanation need.
 */
export interface CompiledNode extends NodeTaints {
  readonly resourceVersion: string
  readonly taints: readonly CompiledTaint[]
  /** NoSchedule and NoExecute taints, in node order. */
  readonly hardTaints: readonly CompiledTaint[]
  /** PreferNoSchedule taints, in node order. */
  readonly softTaints: readonly CompiledTaint[]
}

/** What compileNode reads: a node's name, version, cordon flag and taints. */
export interface NodeTaintsAt extends NodeTaints {
  readonly resourceVersion: string
}

const NO_TAINTS: readonly CompiledTaint[] = Object.freeze([])

/**
 * Shares one copy of each taint string across nodes (a fleet repeats the same few keys and
 * values thousands of times). It is cleared when it grows past its bound, which only costs
 * sharing, never correctness.
 */
export class StringInterner {
  readonly #strings = new Map<string, string>()
  readonly #maxSize: number

  constructor(maxSize = 65_536) {
    if (!Number.isInteger(maxSize) || maxSize < 1) {
      throw new TypeError('StringInterner maxSize must be a positive integer')
    }
    this.#maxSize = maxSize
  }

  intern(s: string): string {
    const known = this.#strings.get(s)
    if (known !== undefined) return known
    if (this.#strings.size >= this.#maxSize) this.#strings.clear()
    this.#strings.set(s, s)
    return s
  }
}

function effectSlotOf(effect: string): number {
  switch (effect) {
    case TAINT_EFFECT_NO_SCHEDULE:
      return EFFECT_SLOT_NO_SCHEDULE
    case TAINT_EFFECT_NO_EXECUTE:
      return EFFECT_SLOT_NO_EXECUTE
    case TAINT_EFFECT_PREFER_NO_SCHEDULE:
      return EFFECT_SLOT_PREFER_NO_SCHEDULE
    default:
      return EFFECT_SLOT_OTHER
  }
}

function compileTaint(taint: Taint, interner: StringInterner | undefined): CompiledTaint {
  return Object.freeze({
    key: interner ? interner.intern(taint.key) : taint.key,
    value: interner ? interner.intern(taint.value) : taint.value,
    effect: interner ? interner.intern(taint.effect) : taint.effect,
    effectSlot: effectSlotOf(taint.effect),
    numeric: parseInt64(taint.value),
  })
}

/** Compiles one node's taints and cordon state; call it once per (name, resourceVersion). */
export function compileNode(node: NodeTaintsAt, interner?: StringInterner): CompiledNode {
  if (node.taints.length === 0) {
    return Object.freeze({
      name: node.name,
      resourceVersion: node.resourceVersion,
      unschedulable: node.unschedulable,
      taints: NO_TAINTS,
      hardTaints: NO_TAINTS,
      softTaints: NO_TAINTS,
    })
  }
  const taints = node.taints.map((t) => compileTaint(t, interner))
  const hardTaints: CompiledTaint[] = []
  const softTaints: CompiledTaint[] = []
  for (const taint of taints) {
    if (taint.effectSlot === EFFECT_SLOT_PREFER_NO_SCHEDULE) softTaints.push(taint)
    else if (taint.effectSlot !== EFFECT_SLOT_OTHER) hardTaints.push(taint)
  }
  return Object.freeze({
    name: node.name,
    resourceVersion: node.resourceVersion,
    unschedulable: node.unschedulable,
    taints: Object.freeze(taints),
    hardTaints: hardTaints.length === 0 ? NO_TAINTS : Object.freeze(hardTaints),
    softTaints: softTaints.length === 0 ? NO_TAINTS : Object.freeze(softTaints),
  })
}
