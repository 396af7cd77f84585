import type { EvictionFollowUp, FollowedEviction, PlacementDecision } from '../placement/index.js'

/**
 * How forecast words what follows a taint's evictions: a table row per evicted pod (the pod,
 * when it goes, who replaces it, where the replacement lands or why it stays Pending), and one
 * per pod a replacement preempts (when and by whom), one summary line, and the document
 * `-o json|yaml` prints.
 */

export const FOLLOW_HEADER = ['POD', 'EVICTED AT', 'REPLACED BY', 'LANDS ON'] as const

function at(seconds: number | null): string {
  return seconds === null ? 'never' : `+${seconds} s`
}

function goesAt(e: FollowedEviction): string {
  const when = at(e.afterSeconds)
  return e.cause === 'preempted' ? `${when}, preempted by ${e.preemptedBy ?? ''}` : when
}

function replacedBy(e: FollowedEviction): string {
  const owner = e.owner === null ? null : `${e.owner.kind} ${e.owner.name}`
  if (e.replacement !== null) {
    const when = e.replacement.createdAfterSeconds
    return when === e.afterSeconds ? (owner ?? '') : `${owner ?? ''} (at +${when} s)`
  }
  return e.notReplaced ?? '-'
}

/** Where a new or pending pod goes: its node and what more to know, or why it stays Pending. */
export function landsOn(r: PlacementDecision): string {
  const notJudged = r.notJudged.length === 0 ? [] : [`not judged: ${r.notJudged.join(', ')}`]
  if (r.node === null) return [`Pending: ${r.reason ?? ''}`, ...notJudged].join('; ')
  const parts = [r.node]
  if (r.tiedNodes.length > 1)
    parts.push(`tied with ${r.tiedNodes.filter((n) => n !== r.node).join(', ')}`)
  if (r.preempts.length > 0) parts.push(`preempting ${r.preempts.join(', ')}`)
  if (r.sample !== null)
    parts.push(
      `kube-scheduler scores ${r.sample.scored} of the ${r.sample.feasible} feasible nodes: its pick may differ`
    )
  if (r.evictedAgain !== null)
    parts.push(`evicted again after ${r.evictedAgain.afterSeconds}s: the eviction loop`)
  return [...parts, ...notJudged].join('; ')
}

export function followRows(followUp: EvictionFollowUp): string[][] {
  return followUp.evictions.map((e) => [
    `${e.pod.namespace}/${e.pod.name}`,
    goesAt(e),
    replacedBy(e),
    e.replacement === null ? '-' : landsOn(e.replacement),
  ])
}

/** Each distinct value with how many times it comes, in the order first seen. */
function tally(values: readonly string[]): string {
  const counts = new Map<string, number>()
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1)
  if (counts.size === 1) return [...counts.keys()].join('')
  return [...counts].map(([v, n]) => `${n} ${v}`).join(', ')
}

/** What became of the replacements of some pods gone: "10 re-placed, 2 Pending (...)". */
function fates(gone: readonly FollowedEviction[]): string {
  const made = gone.flatMap((e) => (e.replacement === null ? [] : [e.replacement]))
  const pending = made.filter((r) => r.node === null)
  const loops = made.filter((r) => r.evictedAgain !== null).length
  const parts = [`${made.length - pending.length} re-placed`]
  if (pending.length > 0)
    parts.push(`${pending.length} Pending (${tally(pending.map((r) => r.commonestReason ?? ''))})`)
  if (gone.length > made.length) parts.push(`${gone.length - made.length} not recreated`)
  if (loops > 0) parts.push(`${loops} evicted again (the eviction loop)`)
  return parts.join(', ')
}

/**
 * "12 pods evicted: 10 re-placed, 2 Pending (Insufficient cpu); 1 preempted: 1 re-placed; PDB
 * shop/web broken at +300 s", the preempted part only when a replacement preempts.
 */
export function followSummary(followUp: EvictionFollowUp): string {
  const gone = followUp.evictions.filter((e) => e.afterSeconds !== null)
  const evicted = gone.filter((e) => e.cause === 'evicted')
  const preempted = gone.filter((e) => e.cause === 'preempted')
  const broken = followUp.budgets.flatMap((b) =>
    b.brokenAfterSeconds === null
      ? []
      : [`PDB ${b.namespace}/${b.name} broken at +${b.brokenAfterSeconds} s`]
  )
  const pods = evicted.length === 1 ? 'pod' : 'pods'
  // A taint's removal evicts nothing: its pending pods' preemptions alone are followed.
  const parts =
    evicted.length === 0 && preempted.length > 0
      ? []
      : [`${evicted.length} ${pods} evicted: ${fates(evicted)}`]
  if (preempted.length > 0) parts.push(`${preempted.length} preempted: ${fates(preempted)}`)
  return [...parts, ...broken].join('; ')
}

/** Whether every replacement made lands on a node: forecast's exit status 0. */
export function everyReplacementLands(followUp: EvictionFollowUp): boolean {
  return followUp.evictions.every((e) => e.replacement === null || e.replacement.node !== null)
}

/** What `-o json|yaml` gives per evicted pod and per budget. */
export function followDocument(followUp: EvictionFollowUp) {
  return {
    evicted: followUp.evictions.map((e) => ({
      namespace: e.pod.namespace,
      name: e.pod.name,
      node: e.pod.nodeName,
      owner: e.owner,
      cause: e.cause,
      preemptedBy: e.preemptedBy,
      evictedAfterSeconds: e.afterSeconds,
      replacement:
        e.replacement === null
          ? null
          : {
              name: e.replacement.name,
              createdAfterSeconds: e.replacement.createdAfterSeconds,
              node: e.replacement.node,
              tiedNodes: e.replacement.tiedNodes,
              score: e.replacement.score,
              sample: e.replacement.sample,
              reason: e.replacement.reason,
              preempts: e.replacement.preempts,
              evictedAgainAfterSeconds: e.replacement.evictedAgain?.afterSeconds ?? null,
              notJudged: e.replacement.notJudged,
            },
      notReplaced: e.notReplaced,
    })),
    budgets: followUp.budgets,
  }
}
