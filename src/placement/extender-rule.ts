import { REASON_EVICTING_TAINT, type RuleOptions } from '../core/index.js'
import type { FilterPlugin } from './framework.js'
import type { TaintVerdict } from './taint-toleration.js'

/**
 * This extender's own rule with `--evicting-nodes=reject` (src/core taint-eviction.ts), on the
 * nodes every in-tree Filter passed: kube-scheduler calls extenders only then (schedule_one.go
 * `findNodesThatPassExtenders` after `findNodesThatPassFilters`), so it is the profile's last
 * filter. The extender reports the node in FailedAndUnresolvableNodes, so preemption does not
 * try it.
 */

export const PLUGIN_EXTENDER = 'taint-extender'

/** The rule as a filter over `taints`, the taint rules' verdict on each node by its place. */
export function extenderRuleFilter(
  options: RuleOptions,
  taints: readonly TaintVerdict[]
): FilterPlugin {
  return {
    name: PLUGIN_EXTENDER,
    filter(_state, node) {
      const eviction = taints[node.position]?.eviction ?? null
      if (eviction === null || options.evictingNodes !== 'reject') return null
      const when = eviction.afterSeconds === 0 ? 'at once' : `after ${eviction.afterSeconds}s`
      return {
        plugin: PLUGIN_EXTENDER,
        reasons: [REASON_EVICTING_TAINT],
        unresolvable: true,
        detail: `evicted ${when}: ${eviction.detail}`,
      }
    },
  }
}
