import {
  isLabelKey,
  isLabelValue,
  TAINT_EFFECT_NO_EXECUTE,
  TAINT_EFFECT_NO_SCHEDULE,
  TAINT_EFFECT_PREFER_NO_SCHEDULE,
  type Taint,
} from '../core/index.js'
import { ProtocolError } from '../protocol/index.js'

const EFFECTS = [TAINT_EFFECT_NO_SCHEDULE, TAINT_EFFECT_PREFER_NO_SCHEDULE, TAINT_EFFECT_NO_EXECUTE]

/**
 * Parses a taint as `kubectl taint` does (kubectl's parseTaint): `key=value:Effect` or
 * `key:Effect`, one `:` and at most one `=`, the key a label key and the value a label value.
 */
export function parseTaint(spec: string): Taint {
  // kubectl taint reads a trailing "-" as a removal (parseTaints); forecast has none to offer.
  if (spec.endsWith('-'))
    throw new ProtocolError(
      `--taint "${spec}": a trailing "-" is kubectl taint's removal; forecast takes a taint to add`
    )
  const parts = spec.split(':')
  const effect = parts.length === 2 ? (parts[1] as string) : ''
  if (!EFFECTS.includes(effect)) {
    throw new ProtocolError(
      `--taint "${spec}": expected key=value:Effect with Effect one of ${EFFECTS.join(', ')}`
    )
  }
  const keyValue = (parts[0] as string).split('=')
  const key = keyValue[0] as string
  const value = keyValue[1] ?? ''
  if (keyValue.length > 2) throw new ProtocolError(`--taint "${spec}": more than one "="`)
  if (!isLabelKey(key)) throw new ProtocolError(`--taint "${spec}": "${key}" is not a valid key`)
  if (!isLabelValue(value)) {
    throw new ProtocolError(`--taint "${spec}": "${value}" is not a valid value`)
  }
  return { key, value, effect }
}
