import type { PodHistory } from './pod-timeline.js'
import type { ControllerOutcome } from './replacements.js'

/**
 * forecast's word on each evicted pod's replacement set against what the controllers and
 * kube-scheduler did. Replacements of one controller are interchangeable (a ReplicaSet's new
 * pods carry new names), so they are matched as a whole: every new pod to a distinct replacement
 * forecast gave, bound to one of that replacement's tied nodes, or left Pending with its reason.
 */

export interface ForecastReplacement {
  readonly node: string | null
  readonly tiedNodes: readonly string[]
  readonly reason: string | null
}

export interface FollowedPod {
  readonly namespace: string
  readonly name: string
  readonly owner: { readonly kind: string; readonly name: string } | null
  readonly evictedAfterSeconds: number | null
  readonly replacement: ForecastReplacement | null
}

/** A new pod as the cluster has it: where it was bound, or its last FailedScheduling message. */
export interface RealReplacement {
  readonly pod: PodHistory
  readonly message: string | null
}

const agrees = (said: ForecastReplacement, real: RealReplacement): boolean =>
  real.pod.node === null
    ? said.node === null && said.reason === real.message
    : said.node !== null && said.tiedNodes.includes(real.pod.node)

/** Whether each of `reals` can be given a distinct agreeing entry of `said` (a small search). */
function matches(said: readonly ForecastReplacement[], reals: readonly RealReplacement[]): boolean {
  const [first, ...rest] = reals
  if (first === undefined) return true
  return said.some(
    (s, i) => agrees(s, first) && matches([...said.slice(0, i), ...said.slice(i + 1)], rest)
  )
}

/**
 * The controllers whose replacements forecast did not foresee, each with both sides: what
 * forecast said of the pods it lost, and what became of the pods it made.
 */
export function disagreements(
  forecast: readonly FollowedPod[],
  outcomes: readonly ControllerOutcome[],
  messageOf: (pod: PodHistory) => string | null
): string[] {
  return outcomes.flatMap((outcome) => {
    const lost = new Set(outcome.lost.map((p) => `${p.namespace}/${p.name}`))
    const said = forecast
      .filter((f) => lost.has(`${f.namespace}/${f.name}`))
      .flatMap((f) => (f.replacement === null ? [] : [f.replacement]))
    const reals = outcome.made.map((pod) => ({ pod, message: messageOf(pod) }))
    if (said.length === reals.length && matches(said, reals)) return []
    const real = reals.map((r) => r.pod.node ?? `Pending: ${r.message ?? 'no event'}`)
    const told = said.map((s) =>
      s.node === null ? `Pending: ${s.reason ?? ''}` : `one of ${s.tiedNodes.join(', ')}`
    )
    return [
      `${outcome.controller}: forecast ${JSON.stringify(told)}, cluster ${JSON.stringify(real)}`,
    ]
  })
}
