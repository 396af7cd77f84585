import {
  kubeVersionAtLeast,
  NEWEST_KUBE_VERSION,
  REASON_UNTOLERATED_TAINT,
  type KubeVersion,
  type RuleOptions,
  type Taint,
} from '../core/index.js'

/**
 * What kube-scheduler says and decides differently between v1.28 and v1.35, for what the
 * diagnosis judges. Each function names the upstream change; docs/compatibility.md has the table.
 */

/** The release the diagnosis speaks for: the rules' own, else the newest supported. */
export function releaseOf(options: RuleOptions): KubeVersion {
  return options.kubeVersion ?? NEWEST_KUBE_VERSION
}

/**
 * TaintToleration's Filter reason (tainttoleration/taint_toleration.go `Filter`). Up to v1.34.1 it
 * names the first untolerated NoSchedule/NoExecute taint in the node's order
 * (`FindMatchingUntoleratedTaint`) as `{KEY: VALUE}`, so the summary counts each distinct taint
 * apart; kubernetes/kubernetes#134740 (v1.35.0), backported by #135023 (v1.34.2), made it the
 * constant `node(s) had untolerated taint(s)`.
 */
export function untoleratedTaintReason(release: KubeVersion, first: Taint | undefined): string {
  if (kubeVersionAtLeast(release, 34, 2) || first === undefined) return REASON_UNTOLERATED_TAINT
  return `node(s) had untolerated taint {${first.key}: ${first.value}}`
}

/**
 * Whether the default profile holds DynamicResources, whose PostFilter adds `no new claims to
 * deallocate` before preemption's part: `default_plugins.go` inserts it only while the
 * DynamicResourceAllocation gate is on, which is by default since DRA went GA in v1.34
 * (kubernetes/kubernetes#132706); alpha or beta and off before.
 */
export function profileHasDynamicResources(release: KubeVersion): boolean {
  return kubeVersionAtLeast(release, 34)
}

/**
 * What FitError.Error writes after the PostFilter message. Up to v1.29 it appended it with
 * `SeparatorFormat` (" %v."), after preemption's own message had ended in a period, hence `..`;
 * since v1.30 it appends " %v" (kubernetes/kubernetes#117588, "Avoid duplicated dots in pod status
 * when preempting"; issue #123301 was closed as resolved in 1.30).
 */
export function postFilterEnding(release: KubeVersion): string {
  return kubeVersionAtLeast(release, 30) ? '' : '.'
}

/**
 * Whether NodeResourcesFit marks a request above the node's whole allocatable of that resource
 * UnschedulableAndUnresolvable, which keeps preemption from trying the node: since v1.34
 * (kubernetes/kubernetes#131345); before, such a node was Unschedulable, preemption tried it and
 * found no victims.
 */
export function fitRejectsAboveAllocatableForGood(release: KubeVersion): boolean {
  return kubeVersionAtLeast(release, 34)
}
