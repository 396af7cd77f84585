import {
  TAINT_EFFECT_NO_EXECUTE,
  TAINT_EFFECT_NO_SCHEDULE,
  TAINT_EFFECT_PREFER_NO_SCHEDULE,
  type Taint,
} from '../core/index.js'
import { ProtocolError } from '../protocol/index.js'

const EFFECTS = [TAINT_EFFECT_NO_SCHEDULE, TAINT_EFFECT_PREFER_NO_SCHEDULE, TAINT_EFFECT_NO_EXECUTE]

/** Parses a taint as `kubectl taint` writes it: `key=value:Effect` or `key:Effect`. */
export function parseTaint(spec: string): Taint {
  const colon = spec.lastIndexOf(':')
  const effect = colon < 0 ? '' : spec.slice(colon + 1)
  if (!EFFECTS.includes(effect)) {
    throw new ProtocolError(
      `--taint "${spec}": expected key=value:Effect with Effect one of ${EFFECTS.join(', ')}`
    )
  }
  const keyValue = spec.slice(0, colon)
  const equals = keyValue.indexOf('=')
  const key = equals < 0 ? keyValue : keyValue.slice(0, equals)
  if (key === '') throw new ProtocolError(`--taint "${spec}": the key is empty`)
  return { key, value: equals < 0 ? '' : keyValue.slice(equals + 1), effect }
}

type Requirement = { key: string; op: '=' | '!=' | 'exists' | '!exists'; value: string }

/** An equality-based label selector (`a=b,c!=d,e,!f`), as `kubectl -l` accepts them. */
export function parseSelector(
  selector: string
): (labels: Readonly<Record<string, string>>) => boolean {
  const requirements: Requirement[] = []
  for (const raw of selector.split(',')) {
    const part = raw.trim()
    if (part === '') continue
    if (/[()]|\s(in|notin)\s/.test(part)) {
      throw new ProtocolError(
        `--selector "${selector}": set-based selectors are not supported; use a=b, a!=b, a or !a`
      )
    }
    const match = /^([^=!]+)(==|=|!=)(.*)$/.exec(part)
    if (match) {
      requirements.push({
        key: (match[1] as string).trim(),
        op: match[2] === '!=' ? '!=' : '=',
        value: (match[3] as string).trim(),
      })
    } else if (part.startsWith('!')) {
      requirements.push({ key: part.slice(1).trim(), op: '!exists', value: '' })
    } else {
      requirements.push({ key: part, op: 'exists', value: '' })
    }
  }
  return (labels) =>
    requirements.every(({ key, op, value }) => {
      const has = Object.hasOwn(labels, key)
      if (op === 'exists') return has
      if (op === '!exists') return !has
      if (op === '=') return has && labels[key] === value
      return !has || labels[key] !== value
    })
}
