import { REASON_EVICTING_TAINT, type RuleOptions } from '../core/index.js'
import type { NodeExplanation } from './taint-toleration.js'
import type { Rejection } from './types.js'

/**
 * This extender's own rule with `--evicting-nodes=reject` (src/core taint-eviction.ts), on the
 * nodes every in-tree Filter passed: kube-scheduler calls extenders only then (schedule_one.go
 * `findNodesThatPassExtenders` after `findNodesThatPassFilters`). The extender reports the node
 * in FailedAndUnresolvableNodes, so preemption does not try it.
 */

export const PLUGIN_EXTENDER = 'taint-extender'

export function extenderFilter(
  options: RuleOptions,
  taints: NodeExplanation | undefined
): Rejection | null {
  const eviction = taints?.eviction ?? null
  if (eviction === null || options.evictingNodes !== 'reject') return null
  const when = eviction.afterSeconds === 0 ? 'at once' : `after ${eviction.afterSeconds}s`
  return {
    plugin: PLUGIN_EXTENDER,
    reason: REASON_EVICTING_TAINT,
    unresolvable: true,
    detail: `evicted ${when}: ${eviction.detail}`,
  }
}
