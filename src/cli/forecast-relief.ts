import {
  taintEviction,
  UNSCHEDULABLE_TAINT,
  withoutTaint,
  type RuleOptions,
  type Taint,
} from '../core/index.js'
import {
  schedulingGatesRejection,
  otherSchedulerOf,
  type EvictionFollowUp,
  type PendingPlacement,
} from '../placement/index.js'
import type { ForecastOptions } from '../config/index.js'
import { ProtocolError, type ManifestNode } from '../protocol/index.js'
import { followRelief } from './forecast-follow.js'
import { everyReplacementLands, followSummary } from './forecast-follow-output.js'
import type { NodeForecast } from './forecast-nodes.js'
import { isFinished, podKey, type ForecastPod } from './forecast-pods.js'
import {
  readFollowed,
  readForecastPodsAndRules,
  readSelectedNodes,
  storageFor,
} from './forecast-reading.js'
import { printRelief, type Relief, type ReliefForecast } from './forecast-relief-output.js'
import { formatRemoval } from './taint-spec.js'
import type { ToolIo } from './tool-exit.js'

/**
 * `taint-extender forecast --taint KEY:EFFECT- | KEY- | --uncordon (--node N... | -l S)`: what
 * removing a taint, as `kubectl taint` removes it, or lifting a cordon, as `kubectl uncordon`
 * lifts it, does next. No pod is evicted by either; on the selected nodes a running pod whose
 * NoExecute taint was to evict it after its tolerationSeconds stays (the taint-eviction
 * controller cancels the eviction when the taint goes). The pods already pending are tried
 * again (the node update requeues them), with the pods DaemonSets now make on the changed
 * nodes, in kube-scheduler's queue order, each placed as the default profile places it and
 * counted for the next; the pods their preemptions delete are followed to where their
 * replacements land (forecast-follow.ts `followRelief`). A pending pod kube-scheduler's default
 * profile does not try (held by scheduling gates, or naming another scheduler) is listed apart,
 * not placed. Exit status 1 when a replacement of a preempted pod stays Pending, as for a taint
 * added; 0 otherwise, whatever the pending pods do.
 */

/**
 * A selected node once relieved. Uncordoned, it also loses the unschedulable taint the node
 * lifecycle controller keeps on a cordoned node (`doNoScheduleTaintingPass`, which removes it
 * once `spec.unschedulable` is false).
 */
function relieverOf(relief: Relief): (node: ManifestNode) => ManifestNode {
  if (relief.kind === 'removal')
    return (node) => ({ ...node, taints: withoutTaint(node.taints, relief.removal) })
  return (node) => ({
    ...node,
    unschedulable: false,
    taints: withoutTaint(node.taints, UNSCHEDULABLE_TAINT),
  })
}

/**
 * kubectl taint refuses a removal that matches no taint of a node (`deleteTaints`: `taint
 * "KEY:EFFECT" not found`) and stops there: so does the forecast, naming the nodes.
 */
function refuseUntainted(nodes: readonly ManifestNode[], relief: Relief) {
  if (relief.kind !== 'removal') return
  const { removal, spec } = relief
  const without = nodes.filter((n) => withoutTaint(n.taints, removal) === n.taints)
  if (without.length === 0) return
  throw new ProtocolError(
    `--taint "${spec}": taint "${formatRemoval(removal)}" not found on ${without
      .map((n) => `node ${n.name}`)
      .join(', ')}, which kubectl taint refuses`
  )
}

/** Why the default profile does not try a pending pod; null when it does. */
function notTriedBecause(pod: ForecastPod): string | null {
  const gated = schedulingGatesRejection(pod.schedulingGates)
  return gated ?? otherSchedulerOf(pod.schedulerName)
}

/** Each selected node's unfinished pods, each one's eviction outcome before and after. */
function runningOn(
  node: ManifestNode,
  after: readonly Taint[],
  pods: readonly ForecastPod[],
  rules: RuleOptions
): NodeForecast {
  const running = pods
    .filter((p) => p.placement.nodeName === node.name && !isFinished(p))
    .map(({ placement, tolerations }) => ({
      namespace: placement.namespace,
      name: placement.name,
      before: taintEviction(tolerations, node.taints, rules),
      after: taintEviction(tolerations, after, rules),
    }))
  const none: readonly string[] = []
  return {
    node: node.name,
    running,
    pendingTurnedAway: none,
    pendingScoreLower: none,
    pendingTurnedAwayOnceUngated: none,
    pendingScoreLowerOnceUngated: none,
    pendingTurnedAwayForOtherSchedulers: none,
    pendingScoreLowerForOtherSchedulers: none,
  }
}

export async function runReliefForecast(
  options: ForecastOptions,
  relief: Relief,
  io: ToolIo
): Promise<number> {
  const { allNodes, nodes } = await readSelectedNodes(options)
  refuseUntainted(nodes, relief)
  const relieve = relieverOf(relief)
  const names = nodes.map((n) => n.name)
  const { pods, collector, release, rules } = await readForecastPodsAndRules(options, names, true)
  const pending = pods.filter((p) => p.placement.nodeName === '' && !isFinished(p))
  const { storage, notes } = await storageFor(options, pods, true)
  collector.notes.push(...notes)
  const reading = await readFollowed(options, { nodes: allNodes, pods, storage }, collector)
  const tried = pending
    .filter((p) => notTriedBecause(p) === null)
    .map((p) => ({ pod: p.placement, tolerations: p.tolerations }))
  const followUp = followRelief(relieve, names, reading, rules, tried)
  const running = nodes.map((node) => runningOn(node, relieve(node).taints, pods, rules))
  const forecast: ReliefForecast = {
    relief,
    nodes: running,
    notTried: pending.flatMap((p) => {
      const reason = notTriedBecause(p)
      return reason === null ? [] : [{ pod: podKey(p.placement), reason }]
    }),
    followUp,
    summary: summarizeRelief(relief, running, followUp),
    followSummary: followUp.evictions.length === 0 ? null : followSummary(followUp),
    notes: collector.notes,
  }
  printRelief(io, options.output, forecast, release)
  return everyReplacementLands(followUp) ? 0 : 1
}

/**
 * "dedicated:NoSchedule removed from 1 node(s): 1 running pod(s) no longer evicted; 3 pending
 * pod(s) tried: 2 placed (2 on the changed nodes), 1 stay Pending." An uncordon spares no
 * running pod: "uncordoned 1 node(s): 3 pending pod(s) tried: …".
 */
function summarizeRelief(
  relief: Relief,
  nodes: readonly NodeForecast[],
  followUp: EvictionFollowUp
): string {
  const spared = nodes
    .flatMap((n) => n.running)
    .filter((p) => p.before.kind !== 'stays' && p.after.kind === 'stays').length
  const changed = new Set(nodes.map((n) => n.node))
  const placed = followUp.pending.filter((p: PendingPlacement) => p.node !== null)
  const there = placed.filter((p) => changed.has(p.node ?? '')).length
  const staying = followUp.pending.length - placed.length
  const made = followUp.pending.filter((p) => p.madeBy !== null).length
  const tried = made === 0 ? '' : ` (${made} made by DaemonSets for the changed nodes)`
  const what =
    relief.kind === 'removal'
      ? `${formatRemoval(relief.removal)} removed from ${nodes.length} node(s): ` +
        `${spared} running pod(s) no longer evicted; `
      : `uncordoned ${nodes.length} node(s): `
  return (
    what +
    `${followUp.pending.length} pending pod(s) tried${tried}: ${placed.length} placed ` +
    `(${there} on the changed nodes), ${staying} stay Pending.`
  )
}
