import type { KubeVersion } from '../core/index.js'
import type { DrainedPod, DrainPlan, NodeDrain } from '../placement/index.js'

/**
 * What `forecast --drain` says of each pod and node, and the lines kubectl drain itself would
 * print for them (kubectl pkg/cmd/drain/drain.go `RunDrain`, `deleteOrEvictPodsSimple`;
 * pkg/drain/drain.go `evictPods`; pkg/drain/filters.go `errors`, `Warnings`), so that an operator
 * recognises them. kubectl groups errors and warnings in a Go map, whose order varies from run
 * to run; here they come in the order of the pods.
 */

/** The DRAIN column: what becomes of the pod. */
export function describeDrainedPod(drained: DrainedPod, waitingAt: string | null): string {
  const at = `+${drained.evictedAfterSeconds ?? 0} s`
  const n = drained.refusals
  switch (drained.state) {
    case 'evicted':
      return n === 0
        ? `evicted at ${at}`
        : `evicted at ${at}, after ${n} refusal${n === 1 ? '' : 's'} (retried every 5s)`
    case 'deleted':
      return `deleted at ${at} (--disable-eviction)`
    case 'refused':
      return 'eviction refused: drain retries every 5s'
    case 'timed-out':
      return `given up at --timeout: ${drained.message ?? ''}`
    case 'failed':
      return `eviction fails: ${drained.message ?? ''}`
    case 'left':
      return drained.pod.mirror === true ? 'stays (mirror pod)' : 'stays (DaemonSet-managed)'
    case 'error':
      return `cannot delete ${drained.message ?? ''}`
    case 'kept':
      return 'stays: its node is not drained'
    case 'not-reached':
      return `stays: drain waits at node ${waitingAt ?? ''}`
  }
}

/** Go's `utilerrors.NewAggregate(errs).Error()`: one error alone, several in brackets. */
function aggregate(messages: readonly string[]): string {
  const distinct = [...new Set(messages)]
  return distinct.length === 1 ? (distinct[0] ?? '') : `[${distinct.join(', ')}]`
}

/** The errors a node's drain ends with, as kubectl words them. */
function nodeErrors(node: NodeDrain): string[] {
  if (node.state === 'refused')
    return node.errors.map((g) => `cannot delete ${g.message}: ${g.pods.join(', ')}`)
  // In the order the goroutines return: errors at the first try, then those at the timeout.
  const failed = node.pods
    .filter((p) => p.state === 'failed')
    .map(
      (p) => `error when evicting pods/"${p.pod.name}" -n "${p.pod.namespace}": ${p.message ?? ''}`
    )
  const timedOut = node.pods.filter((p) => p.state === 'timed-out').map((p) => p.message ?? '')
  return [...failed, ...timedOut]
}

/** The 429 lines, try by try: a pod refused at the first tries until it goes or gives up. */
function retryLines(node: NodeDrain): string[] {
  const lines: string[] = []
  const most = Math.max(0, ...node.pods.map((p) => p.refusals))
  for (let step = 0; step < most; step++)
    for (const p of node.pods.filter((p) => p.refusals > step))
      lines.push(
        `error when evicting pods/"${p.pod.name}" -n "${p.pod.namespace}" (will retry after 5s): ${p.refusedWith ?? ''}`
      )
  return lines
}

/** kubectl 1.31 put a space after "due to error:" (kubectl commit 3d99e3ab7). */
function unableSpace(release: KubeVersion): string {
  return release.minor >= 31 ? ' ' : ''
}

/** kubectl drain's lines for one node, in the order it prints them. */
function nodeLines(node: NodeDrain, release: KubeVersion): string[] {
  const lines: string[] = []
  if (node.warnings.length > 0)
    lines.push(
      `Warning: ${node.warnings.map((g) => `${g.message}: ${g.pods.join(', ')}`).join('; ')}`
    )
  lines.push(...retryLines(node))
  if (node.state === 'drained') lines.push(`node/${node.node} drained`)
  if (node.state === 'refused' || node.state === 'failed')
    lines.push(
      `error: unable to drain node "${node.node}" due to error:${unableSpace(release)}${aggregate(nodeErrors(node))}, continuing command...`
    )
  return lines
}

/**
 * kubectl drain's cordon, warning, retry and error lines, up to where it ends or waits; not its
 * per-pod progress lines (`evicting pod …`, `pod/… evicted`), whose order the concurrent
 * evictions decide.
 */
export function kubectlDrainLines(plan: DrainPlan, release: KubeVersion): string[] {
  const cordons = plan.nodes.map(
    (n) => `node/${n.node} ${n.alreadyCordoned ? 'already cordoned' : 'cordoned'}`
  )
  const reached = plan.nodes.filter((n) => n.state !== 'not-reached')
  const lines = [...cordons, ...reached.flatMap((n) => nodeLines(n, release))]
  const pending = reached.filter((n) => n.state === 'refused' || n.state === 'failed')
  if (!plan.waits && pending.length > 0)
    lines.push('There are pending nodes to be drained:', ...pending.map((n) => ` ${n.node}`))
  return lines
}

/** One line that says how the drain ends, and when. */
export function drainSummary(plan: DrainPlan): string {
  const pods = plan.nodes.flatMap((n) => n.pods)
  const count = (...states: string[]): number => pods.filter((p) => states.includes(p.state)).length
  const waited = pods.filter((p) => p.refusals > 0 && p.evictedAfterSeconds !== null).length
  const waitingAt = plan.nodes.find((n) => n.state === 'waiting')
  const refusedNodes = plan.nodes.filter((n) => n.state === 'refused').map((n) => n.node)
  const parts = [
    `drain of ${plan.nodes.length} node(s): ${count('evicted', 'deleted')} pod(s) evicted` +
      (waited > 0 ? ` (${waited} after a PodDisruptionBudget's refusals)` : ''),
    `${count('refused')} refused by a PodDisruptionBudget`,
    ...(count('timed-out') > 0 ? [`${count('timed-out')} given up at --timeout`] : []),
    `${count('failed')} failing`,
    `${count('left')} left in place`,
  ]
  const last = plan.nodes.at(-1)?.endsAfterSeconds ?? 0
  const ends =
    waitingAt !== undefined
      ? `drain waits at node ${waitingAt.node} until a budget allows more`
      : plan.failed
        ? `drain ends with an error (exit 1) at +${last} s`
        : `drain completes at +${last} s`
  const refused = refusedNodes.length > 0 ? `; not drained: ${refusedNodes.join(', ')}` : ''
  return `${parts.join(', ')}${refused}; ${ends}.`
}
