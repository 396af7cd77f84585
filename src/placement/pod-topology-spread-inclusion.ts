import {
  findMatchingUntoleratedTaint,
  isDoNotScheduleEffect,
  type RuleOptions,
} from '../core/index.js'
import { nodeAffinityMismatch } from './node-affinity.js'
import type { HardConstraint, SpreadNode, SpreadPod } from './pod-topology-spread-constraints.js'

/**
 * `matchNodeInclusionPolicies`, with the node's answers computed once: nodeAffinityPolicy Honor
 * counts only nodes matching the pod's nodeSelector and required node affinity (a term that
 * cannot be parsed matches nothing), nodeTaintsPolicy Honor only nodes whose NoSchedule and
 * NoExecute taints the pod tolerates (`FindMatchingUntoleratedTaint` with
 * `DoNotScheduleTaintsFilterFunc`).
 */
export class NodeInclusion {
  readonly #pod: SpreadPod
  readonly #options: RuleOptions
  readonly #affinity = new Map<string, boolean>()
  readonly #taints = new Map<string, boolean>()

  constructor(pod: SpreadPod, options: RuleOptions) {
    this.#pod = pod
    this.#options = options
  }

  includes(c: HardConstraint, node: SpreadNode): boolean {
    if (c.honorNodeAffinity && !this.#matchesAffinity(node)) return false
    return !c.honorNodeTaints || this.#toleratesTaints(node)
  }

  #matchesAffinity(node: SpreadNode): boolean {
    let known = this.#affinity.get(node.name)
    if (known === undefined) {
      known = nodeAffinityMismatch(this.#pod.nodeAffinity, node) === null
      this.#affinity.set(node.name, known)
    }
    return known
  }

  #toleratesTaints(node: SpreadNode): boolean {
    let known = this.#taints.get(node.name)
    if (known === undefined) {
      const untolerated = findMatchingUntoleratedTaint(
        node.taints,
        this.#pod.tolerations,
        (t) => isDoNotScheduleEffect(t.effect),
        this.#options
      )
      known = untolerated === undefined
      this.#taints.set(node.name, known)
    }
    return known
  }
}
