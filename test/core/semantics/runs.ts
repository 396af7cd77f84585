import type {
  EvictingNodes,
  NodeTaintsAt,
  RejectionReason,
  RuleOptions,
  Toleration,
} from '../../../src/core/index.js'
import { referenceEvicts } from '../../../src/core/index.js'
import { GATE_OFF, GATE_ON } from '../builders.js'
import { EVICTING } from './rows.js'
import type { Gate } from './types.js'

/** The options each row runs under, and how the extender's own rule changes upstream's answers. */

export function expandGate(gate: Gate): readonly [string, RuleOptions][] {
  switch (gate) {
    case 'on':
      return [['gate on', GATE_ON]]
    case 'off':
      return [['gate off', GATE_OFF]]
    case 'either':
      return [
        ['gate on', GATE_ON],
        ['gate off', GATE_OFF],
      ]
  }
}

/** Each state of the gate the row runs under, in each `--evicting-nodes` mode. */
export function expandRuns(
  gate: Gate,
  modes: readonly EvictingNodes[]
): readonly [string, RuleOptions][] {
  return expandGate(gate).flatMap(([gateName, options]) =>
    modes.map((mode): [string, RuleOptions] => [
      `${gateName}, ${mode}`,
      { ...options, evictingNodes: mode },
    ])
  )
}

/**
 * Upstream's Filter answer as the extender's own rule changes it: with `reject`, a node the pod
 * fits but would be evicted from is turned away (referenceEvicts, the one rule).
 */
export function filterWithEvictionRule(
  upstream: RejectionReason | null,
  tolerations: readonly Toleration[],
  target: NodeTaintsAt,
  options: RuleOptions
): RejectionReason | null {
  if (upstream !== null || options.evictingNodes !== 'reject') return upstream
  return referenceEvicts(tolerations, target, options) ? EVICTING : null
}

/**
 * Upstream's scores as the extender's own rule changes them: with `avoid`, a node that would
 * evict the pod scores 0 and every other node at least 1.
 */
export function scoresWithEvictionRule(
  upstream: readonly number[],
  tolerations: readonly Toleration[],
  nodes: readonly NodeTaintsAt[],
  options: RuleOptions
): number[] {
  if (options.evictingNodes !== 'avoid') return [...upstream]
  return upstream.map((score, i) =>
    referenceEvicts(tolerations, nodes[i] as NodeTaintsAt, options) ? 0 : Math.max(1, score)
  )
}
