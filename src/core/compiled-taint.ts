import type { Taint } from './types.js'
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

/** The slot of a taint effect; effects the scheduler does not know share EFFECT_SLOT_OTHER. */
export function effectSlotOf(effect: string): number {
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
