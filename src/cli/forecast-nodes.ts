import {
  compileNode,
  CompiledTolerations,
  forecastPendingPod,
  formatTaint,
  taintEviction,
  withTaint,
  type EvictionOutcome,
  type RuleOptions,
  type Taint,
} from '../core/index.js'
import {
  diagnosePlacement,
  isDefaultProfilePod,
  type PlacementPod,
  type VolumeStorage,
} from '../placement/index.js'
import { ProtocolError, type ManifestNode } from '../protocol/index.js'
import { isFinished, podKey, type ForecastPod } from './forecast-pods.js'
import { parseSelector } from './label-selector.js'

/**
 * What a taint does to the pods of each node it goes on (NoExecute: the taint-eviction
 * controller's rules, see src/core/eviction-forecast.ts) and to the pods still pending, node by
 * node; what follows the evictions is forecast-follow.ts's.
 */

export interface PodForecast {
  readonly namespace: string
  readonly name: string
  readonly before: EvictionOutcome
  readonly after: EvictionOutcome
}

export interface NodeForecast {
  readonly node: string
  readonly running: readonly PodForecast[]
  readonly pendingTurnedAway: readonly string[]
  readonly pendingScoreLower: readonly string[]
  /**
   * The same of the pending pods held by scheduling gates: kube-scheduler does not try them now
   * (SchedulingGates, at PreEnqueue), so the taint turns them away, or ranks the node lower for
   * them, once their gates are removed.
   */
  readonly pendingTurnedAwayOnceUngated: readonly string[]
  readonly pendingScoreLowerOnceUngated: readonly string[]
  /**
   * The same of the pending pods naming another scheduler (`spec.schedulerName`): the default
   * profile never tries them, and the taint turns them away, or ranks the node lower for them,
   * if their scheduler judges taints as the default profile does (a second profile of
   * kube-scheduler with the default plugins does).
   */
  readonly pendingTurnedAwayForOtherSchedulers: readonly string[]
  readonly pendingScoreLowerForOtherSchedulers: readonly string[]
}

/**
 * The nodes --selector picks, or those --node names, every one of which must exist. `inCluster`:
 * the nodes were listed from the cluster, so messages say so rather than name a file.
 */
export function selectNodes(
  nodes: ManifestNode[],
  nodeNames: readonly string[],
  selector: string | null,
  origin: string,
  inCluster: boolean
): ManifestNode[] {
  if (selector !== null) {
    const matches = parseSelector(selector)
    const chosen = nodes.filter((n) => matches(n.labels))
    if (chosen.length === 0)
      throw new ProtocolError(
        `no node ${inCluster ? 'in the cluster' : `of ${origin}`} matches "${selector}"`
      )
    return chosen
  }
  const byName = new Map(nodes.map((n) => [n.name, n]))
  const missing = nodeNames.filter((name) => !byName.has(name)).map((name) => `"${name}"`)
  if (missing.length > 0)
    throw new ProtocolError(
      inCluster
        ? `no node named ${missing.join(', ')} in the cluster`
        : `${origin} has no node named ${missing.join(', ')}`
    )
  return nodeNames.map((name) => byName.get(name) as ManifestNode)
}

/**
 * Whether a pending pod fits the node, by the diagnosis explain gives: every filter of the default
 * profile, resources and host ports counted against the pods running there, so that a pod the
 * node refuses already (a nodeSelector it misses, 64 cpu on a 4-cpu node) is not said to be
 * turned away by the taint; with the claims read (`storage`), the volume plugins too, so that a
 * pod whose volume is pinned to another node is not either. Inter-pod affinity and topology
 * spread are set aside, on both sides of the pair: they count the pods of other nodes, which
 * forecast does not read.
 */
function pendingPodFits(
  pending: ForecastPod,
  node: ManifestNode,
  running: readonly PlacementPod[],
  rules: RuleOptions,
  storage: VolumeStorage | null
): boolean {
  const withoutPodTerms = <P extends PlacementPod>(pod: P): P => ({
    ...pod,
    requiredAffinity: [],
    requiredAntiAffinity: [],
    topologySpreadConstraints: [],
  })
  const diagnosis = diagnosePlacement({
    pod: withoutPodTerms(pending.placement),
    tolerations: new CompiledTolerations(pending.tolerations, rules),
    nodes: [
      {
        name: node.name,
        labels: node.labels,
        compiled: compileNode(node),
        allocatable: node.allocatable,
        images: node.images,
      },
    ],
    placedPods: running.map(withoutPodTerms),
    namespaces: new Map(),
    storage,
    nodeLabelsKnown: true,
    options: rules,
  })
  return diagnosis.available === 1
}

export function forecastNode(
  node: ManifestNode,
  taint: Taint,
  pods: readonly ForecastPod[],
  rules: RuleOptions,
  storage: VolumeStorage | null = null
): NodeForecast {
  const onNode = pods.filter((p) => p.placement.nodeName === node.name)
  // Finished pods hold no resources: kube-scheduler's informer leaves them out.
  const holding = onNode.filter((p) => !isFinished(p)).map((p) => p.placement)
  const pending = pods.filter((p) => p.placement.nodeName === '' && !isFinished(p))
  const tainted: ManifestNode = { ...node, taints: withTaint(node.taints, taint) }
  const effects = pending.map((p): PendingEffect => {
    const fitsAfter = pendingPodFits(p, tainted, holding, rules, storage)
    return {
      pod: p,
      turnedAway: !fitsAfter && pendingPodFits(p, node, holding, rules, storage),
      // Only a node the pod still fits is ranked: whether it fits is the diagnosis's word, which
      // weighs node affinity and the rest, not the taint rules' alone.
      scoresLower: fitsAfter && forecastPendingPod(node, taint, p.tolerations, rules).scoresLower,
    }
  })
  return {
    node: node.name,
    // Only NoExecute taints evict: a NoSchedule or PreferNoSchedule taint leaves the NoExecute
    // ones, and so every running pod's outcome, as they were.
    running: onNode.map(({ placement, tolerations }) => ({
      namespace: placement.namespace,
      name: placement.name,
      before: taintEviction(tolerations, node.taints, rules),
      after: taintEviction(tolerations, tainted.taints, rules),
    })),
    ...pendingLists(effects),
  }
}

interface PendingEffect {
  readonly pod: ForecastPod
  readonly turnedAway: boolean
  readonly scoresLower: boolean
}

/**
 * Whom a pending pod waits for: the default profile now; its scheduling gates' removal; or
 * another scheduler, whose pod the default profile never tries, gates or not
 * (eventhandlers.go `responsibleForPod` decides before any plugin runs).
 */
type PendingWait = 'now' | 'gates' | 'other-scheduler'

function waitOf(pod: ForecastPod): PendingWait {
  if (!isDefaultProfilePod(pod.schedulerName)) return 'other-scheduler'
  return pod.schedulingGates.length > 0 ? 'gates' : 'now'
}

/** The pending pods the taint turns away or that rank the node lower, by whom they wait for. */
function pendingLists(effects: readonly PendingEffect[]) {
  const names = (wait: PendingWait, effect: 'turnedAway' | 'scoresLower') =>
    effects.filter((e) => e[effect] && waitOf(e.pod) === wait).map((e) => podKey(e.pod.placement))
  return {
    pendingTurnedAway: names('now', 'turnedAway'),
    pendingScoreLower: names('now', 'scoresLower'),
    pendingTurnedAwayOnceUngated: names('gates', 'turnedAway'),
    pendingScoreLowerOnceUngated: names('gates', 'scoresLower'),
    pendingTurnedAwayForOtherSchedulers: names('other-scheduler', 'turnedAway'),
    pendingScoreLowerForOtherSchedulers: names('other-scheduler', 'scoresLower'),
  }
}

export function describeOutcome(outcome: EvictionOutcome): string {
  switch (outcome.kind) {
    case 'stays':
      return 'stays'
    case 'evicted-now':
      return outcome.taints.length > 0
        ? `evicted at once (${outcome.because}: ${outcome.taints.map(formatTaint).join(', ')})`
        : `evicted at once (${outcome.because})`
    case 'evicted-after':
      return `evicted after ${outcome.seconds}s (tolerationSeconds of the toleration for ${outcome.toleration.key || '*'})`
  }
}

export function summarize(taint: Taint, forecasts: readonly NodeForecast[]): string {
  const outcomes = forecasts.flatMap((f) => f.running.map((p) => p.after.kind))
  const count = (kind: string): number => outcomes.filter((k) => k === kind).length
  const pods = (list: (f: NodeForecast) => readonly string[]) =>
    new Set(forecasts.flatMap(list)).size
  const gated = pods((f) => f.pendingTurnedAwayOnceUngated)
  const elsewhere = pods((f) => f.pendingTurnedAwayForOtherSchedulers)
  return (
    `${formatTaint(taint)} on ${forecasts.length} node(s): ${count('evicted-now')} running pod(s) evicted at once, ` +
    `${count('evicted-after')} evicted later, ${count('stays')} stay; ` +
    `${pods((f) => f.pendingTurnedAway)} pending pod(s) turned away` +
    (gated === 0 ? '' : `, ${gated} more once their scheduling gates are removed`) +
    (elsewhere === 0 ? '' : `, ${elsewhere} more of other schedulers`) +
    '.'
  )
}
