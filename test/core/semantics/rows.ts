import type { NodeTaintsAt, RejectionReason } from '../../../src/core/index.js'
import {
  REASON_EVICTING_TAINT,
  REASON_UNSCHEDULABLE,
  REASON_UNTOLERATED_TAINT,
} from '../../../src/core/index.js'
import { node, taint, toleration, type TolerationSpec } from '../builders.js'
import type { EvictionCase, EvictionText, FilterCase, Gate, PairCase, ScoreCase } from './types.js'

// Shorthands every section of the table shares, so that a row reads as its spec.

export const NS = 'NoSchedule'
export const NE = 'NoExecute'
export const PNS = 'PreferNoSchedule'
export const UNSCHEDULABLE_KEY = 'node.kubernetes.io/unschedulable'

export const INT64_MAX = '9223372036854775807'
export const INT64_MAX_MINUS_1 = '9223372036854775806'
export const INT64_MIN = '-9223372036854775808'
export const INT64_MIN_PLUS_1 = '-9223372036854775807'

export function pair(
  name: string,
  tol: TolerationSpec,
  taintSpec: string,
  tolerated: boolean,
  gate: Gate = 'either'
): PairCase {
  return { name, toleration: toleration(tol), taint: taint(taintSpec), gate, tolerated }
}

export function gt(key: string, value: string, effect = ''): TolerationSpec {
  return { key, operator: 'Gt', value, effect }
}

export function lt(key: string, value: string, effect = ''): TolerationSpec {
  return { key, operator: 'Lt', value, effect }
}

export function filter(
  name: string,
  tolerations: readonly TolerationSpec[],
  target: NodeTaintsAt,
  reason: RejectionReason | null,
  gate: Gate = 'either'
): FilterCase {
  return { name, tolerations: tolerations.map((t) => toleration(t)), node: target, gate, reason }
}

export const UNTOLERATED = REASON_UNTOLERATED_TAINT
export const EVICTING = REASON_EVICTING_TAINT
export const UNSCHEDULABLE = REASON_UNSCHEDULABLE
export const cordoned = (taints: readonly string[] = []) =>
  node('cordoned', { unschedulable: true, taints })
export const tainted = (...taints: string[]) => node('tainted', { taints })

export function score(
  name: string,
  tolerations: readonly TolerationSpec[],
  nodes: readonly NodeTaintsAt[],
  scores: readonly number[],
  gate: Gate = 'either'
): ScoreCase {
  return { name, tolerations: tolerations.map((t) => toleration(t)), nodes, gate, scores }
}

/** Nodes named n0, n1, … carrying the given numbers of distinct PreferNoSchedule taints. */
export function softTaintCounts(...counts: number[]): NodeTaintsAt[] {
  return counts.map((count, i) =>
    node(`n${i}`, { taints: Array.from({ length: count }, (_, j) => `k${j}=v:PreferNoSchedule`) })
  )
}

export const nodeA = (...taints: string[]) => node('nodeA', { taints })
export const nodeB = (...taints: string[]) => node('nodeB', { taints })
export const nodeC = (...taints: string[]) => node('nodeC', { taints })
export const nodeD = (...taints: string[]) => node('nodeD', { taints })

/** A row of the eviction level: a pod with these tolerations on a node `evicting` with these taints. */
export function evictionRow(
  name: string,
  tolerations: readonly TolerationSpec[],
  taints: readonly string[],
  eviction: EvictionText,
  rejectReason: RejectionReason | null,
  gate: Gate = 'either'
): EvictionCase {
  return {
    name,
    tolerations: tolerations.map((t) => toleration(t)),
    node: node('evicting', { taints }),
    gate,
    eviction,
    rejectReason,
  }
}
