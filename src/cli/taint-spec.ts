import {
  isLabelKey,
  isLabelValue,
  TAINT_EFFECT_NO_EXECUTE,
  TAINT_EFFECT_NO_SCHEDULE,
  TAINT_EFFECT_PREFER_NO_SCHEDULE,
  type Taint,
  type TaintRemoval,
} from '../core/index.js'
import { ProtocolError } from '../protocol/index.js'

const EFFECTS = [TAINT_EFFECT_NO_SCHEDULE, TAINT_EFFECT_PREFER_NO_SCHEDULE, TAINT_EFFECT_NO_EXECUTE]

/** What `forecast --taint` asks: a taint added, or (a trailing "-") taints removed. */
export type TaintChange =
  | { readonly kind: 'add'; readonly taint: Taint }
  | { readonly kind: 'remove'; readonly removal: TaintRemoval }

/**
 * A taint change as `kubectl taint` reads one (kubectl's parseTaints): a trailing "-" removes
 * (`key:Effect-` the taints of that key and effect, `key-` those of the key whatever their
 * effect; a value given is read and dropped, as kubectl drops it), anything else adds.
 */
export function parseTaintChange(spec: string): TaintChange {
  if (!spec.endsWith('-')) return { kind: 'add', taint: parseTaint(spec) }
  const { key, effect } = parseTaintParts(spec, spec.slice(0, -1), true)
  return { kind: 'remove', removal: { key, effect } }
}

/**
 * Parses a taint to add as `kubectl taint` does (kubectl's parseTaint): `key=value:Effect` or
 * `key:Effect`, one `:` and at most one `=`, the key a label key and the value a label value.
 */
export function parseTaint(spec: string): Taint {
  return parseTaintParts(spec, spec, false)
}

/** `text` (the spec less its "-" for a removal) read; `removal` lets the effect be left out. */
function parseTaintParts(spec: string, text: string, removal: boolean): Taint {
  const parts = text.split(':')
  const effect = parts.length === 2 ? (parts[1] as string) : ''
  const keyOnly = removal && parts.length === 1
  if (!keyOnly && !EFFECTS.includes(effect)) {
    const forms = removal ? 'key:Effect- or key-' : 'key=value:Effect'
    throw new ProtocolError(
      `--taint "${spec}": expected ${forms} with Effect one of ${EFFECTS.join(', ')}`
    )
  }
  // A key alone is all key, as kubectl reads it: `a=b-` names the key "a=b", which is refused.
  const keyValue = keyOnly ? [parts[0] as string] : (parts[0] as string).split('=')
  const key = keyValue[0] as string
  const value = keyValue[1] ?? ''
  if (keyValue.length > 2) throw new ProtocolError(`--taint "${spec}": more than one "="`)
  if (!isLabelKey(key)) throw new ProtocolError(`--taint "${spec}": "${key}" is not a valid key`)
  if (!isLabelValue(value)) {
    throw new ProtocolError(`--taint "${spec}": "${value}" is not a valid value`)
  }
  return { key, value, effect }
}

/** A removal as kubectl names it in its messages (`Taint.ToString`: `key:Effect`, or `key`). */
export function formatRemoval(removal: TaintRemoval): string {
  return removal.effect === '' ? removal.key : `${removal.key}:${removal.effect}`
}
