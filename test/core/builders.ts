import type { NodeTaintsAt, RuleOptions, Taint, Toleration } from '../../src/core/index.js'

/** The rules with the `TaintTolerationComparisonOperators` gate on and off. */
export const GATE_ON: RuleOptions = Object.freeze({ comparisonOperators: true })
export const GATE_OFF: RuleOptions = Object.freeze({ comparisonOperators: false })

/**
 * Tiny builders for the core tests. Every field defaults to Go's zero value ("" for strings,
 * null for tolerationSeconds, false for unschedulable), as a decoded core/v1 object would.
 */

/**
 * A taint in kubectl's form: `key=value:Effect` or `key:Effect`. The effect is everything after
 * the last `:` (it may be empty or unknown); the key is everything before the first `=`. Nothing
 * is trimmed, so `'sla= 200 :NoSchedule'` has the value `' 200 '`. An object is taken as is,
 * with missing fields defaulted to "".
 */
export function taint(spec: string | Partial<Taint>): Taint {
  if (typeof spec !== 'string') {
    return { key: spec.key ?? '', value: spec.value ?? '', effect: spec.effect ?? '' }
  }
  const colon = spec.lastIndexOf(':')
  if (colon < 0) throw new Error(`taint ${JSON.stringify(spec)} has no ':Effect' part`)
  const keyValue = spec.slice(0, colon)
  const effect = spec.slice(colon + 1)
  const equals = keyValue.indexOf('=')
  if (equals < 0) return { key: keyValue, value: '', effect }
  return { key: keyValue.slice(0, equals), value: keyValue.slice(equals + 1), effect }
}

export interface TolerationSpec {
  readonly key?: string
  readonly operator?: string
  readonly value?: string
  readonly effect?: string
  readonly tolerationSeconds?: bigint | null
}

/** A toleration; omitted fields are Go's zero values (so an omitted operator is ""). */
export function toleration(spec: TolerationSpec = {}): Toleration {
  return {
    key: spec.key ?? '',
    operator: spec.operator ?? '',
    value: spec.value ?? '',
    effect: spec.effect ?? '',
    tolerationSeconds: spec.tolerationSeconds ?? null,
  }
}

export interface NodeSpec {
  readonly unschedulable?: boolean
  readonly taints?: readonly (string | Taint)[]
  readonly resourceVersion?: string
}

/** A node as compileNode reads it; taints may be given in kubectl form. */
export function node(name: string, spec: NodeSpec = {}): NodeTaintsAt {
  return {
    name,
    resourceVersion: spec.resourceVersion ?? '1',
    unschedulable: spec.unschedulable ?? false,
    taints: (spec.taints ?? []).map((t) => (typeof t === 'string' ? taint(t) : t)),
  }
}

/** The single element of a list, failing loudly otherwise (keeps noUncheckedIndexedAccess happy). */
export function only<T>(items: readonly T[]): T {
  if (items.length !== 1) throw new Error(`expected exactly one element, got ${items.length}`)
  return items[0] as T
}
