import type { KubeVersion } from '../core/index.js'
import { isFinishedPod, type ClusterPod } from './cluster-pod.js'
import type { DrainFlags } from './drain-filters.js'
import type { EvictionBudgets } from './eviction-api.js'
import { DEFAULT_GRACE_SECONDS } from './terminating-pods.js'

/**
 * When one node's evictions go through, as kubectl drain sends them (kubectl pkg/drain/drain.go
 * `evictPods`, `waitForDelete`): every pod at once at the node's start, each in its own
 * goroutine; a 429 from a budget retried every 5 s (`EvictErrorRetryDelay` from 1.35, 5 s
 * too), the `--timeout` context checked before each try; an evicted pod then polled every 1 s
 * until it is gone. The node's drain ends when every goroutine has returned.
 *
 * What the model assumes: a try at a whole 5 s step sees the replacements made in an earlier
 * second as Ready, and the disruption controller's recount done (it recounts within
 * milliseconds of the Ready update); a replacement made in the same second is not counted yet.
 * A real replacement needs its image and its readiness probe first, so each time is the
 * earliest. A try at the timeout's second or later is too late (the try comes a few
 * milliseconds after its step). Tries at the same step go in list order: which of two pods of
 * one budget gets its last disruption is a race between kubectl's goroutines.
 */

/** A replacement that became Ready `at` seconds after the drain's start. */
export interface Landing {
  readonly namespace: string
  readonly labels: Readonly<Record<string, string>>
  readonly at: number
}

/** What one pod's eviction came to, in seconds after the drain's start. */
export type TimedEviction =
  | { readonly kind: 'evicted'; readonly at: number; readonly goneAt: number }
  | { readonly kind: 'refused'; readonly budget: string; readonly message: string }
  /** Given up at `at`: never evicted (`evictedAt` null), or evicted and not gone in time. */
  | {
      readonly kind: 'timed-out'
      readonly at: number
      readonly error: string
      readonly evictedAt: number | null
      readonly goneAt: number | null
    }
  | { readonly kind: 'failed'; readonly at: number; readonly message: string }

export interface TimedPod {
  readonly pod: ClusterPod
  readonly outcome: TimedEviction
  /** How many 429s kubectl printed for it, each followed by a retry. */
  readonly refusals: number
  /** The budget that refused it at least once; null when none did. */
  readonly blockedBy: string | null
  /** The API server's words for the last refusal; null when none. */
  readonly refusedWith: string | null
}

export const RETRY_SECONDS = 5

/** Go's `time.Duration.String()` for whole seconds: 8s, 1m30s, 1h0m0s. */
export function goDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  if (h > 0) return `${h}h${m}m${s}s`
  return m > 0 ? `${m}m${s}s` : `${s}s`
}

/**
 * The grace period the eviction's delete options carry (`makeDeleteOptions`: `--grace-period`
 * when not negative), as the API server applies it (registry/core/pod strategy.go
 * `CheckGracefulDelete`: a finished pod goes at once). The kubelet is taken to use all of it.
 */
export function drainGrace(pod: ClusterPod, flags: DrainFlags): number {
  if (isFinishedPod(pod)) return 0
  return flags.gracePeriodSeconds ?? pod.gracePeriodSeconds ?? DEFAULT_GRACE_SECONDS
}

/** Landings applied to the budgets in the order they happen, across the nodes. */
export class ReadyReplacements {
  readonly #landings: readonly Landing[]
  #next = 0

  constructor(landings: readonly Landing[]) {
    this.#landings = [...landings].sort((a, b) => a.at - b.at)
  }

  /** Those made before `seconds` become Ready for the budgets. */
  applyBefore(seconds: number, budgets: EvictionBudgets): void {
    for (let l = this.#landings[this.#next]; l !== undefined && l.at < seconds;) {
      budgets.becameReady(l.namespace, l.labels)
      l = this.#landings[++this.#next]
    }
  }

  /** Whether any replacement is still to become Ready after `seconds`. */
  anyAfter(seconds: number): boolean {
    return this.#landings.slice(this.#next).some((l) => l.at >= seconds)
  }
}

interface Trying {
  readonly pod: ClusterPod
  refusals: number
  blockedBy: string | null
  refusedWith: string | null
  outcome: TimedEviction | null
}

function evictionTimeout(pod: ClusterPod, timeout: number): string {
  return `error when evicting pods/"${pod.name}" -n "${pod.namespace}": global timeout reached: ${goDuration(timeout)}`
}

/**
 * The wait for an evicted pod to go, cut by the timeout: 1.28–1.31 poll and check the context
 * (`global timeout reached`), 1.32 on wait on it (`PollUntilContextTimeout`, kubectl commit
 * c329ccff7), whose error is the context's.
 */
function waitTimeout(pod: ClusterPod, timeout: number, release: KubeVersion): string {
  const why =
    release.minor >= 32
      ? 'context deadline exceeded'
      : `global timeout reached: ${goDuration(timeout)}`
  return `error when waiting for pod "${pod.name}" in namespace "${pod.namespace}" to terminate: ${why}`
}

/** One try at `at` seconds for each pod still trying, in list order. */
function tryAll(
  trying: readonly Trying[],
  at: number,
  budgets: EvictionBudgets,
  flags: DrainFlags
): void {
  for (const t of trying) {
    if (t.outcome !== null) continue
    const answer = budgets.evict(t.pod)
    if (answer.kind === 'evicted')
      t.outcome = { kind: 'evicted', at, goneAt: at + drainGrace(t.pod, flags) }
    else if (answer.kind === 'failed') t.outcome = { kind: 'failed', at, message: answer.message }
    else {
      t.refusals += 1
      t.blockedBy = answer.budget
      t.refusedWith = answer.message
    }
  }
}

/** A node's evictions from `start`: each pod's outcome, in list order. */
export function timeEvictions(
  pods: readonly ClusterPod[],
  start: number,
  context: {
    budgets: EvictionBudgets
    ready: ReadyReplacements
    flags: DrainFlags
    release: KubeVersion
  }
): TimedPod[] {
  const { budgets, ready, flags, release } = context
  const timeout = flags.timeoutSeconds
  const trying: Trying[] = pods.map((pod) => ({
    pod,
    refusals: 0,
    blockedBy: null,
    refusedWith: null,
    outcome: null,
  }))
  for (let step = 0; trying.some((t) => t.outcome === null); step++) {
    const at = start + step * RETRY_SECONDS
    if (timeout !== null && step * RETRY_SECONDS >= timeout) {
      for (const t of trying)
        t.outcome ??= {
          kind: 'timed-out',
          at,
          error: evictionTimeout(t.pod, timeout),
          evictedAt: null,
          goneAt: null,
        }
      break
    }
    ready.applyBefore(at, budgets)
    tryAll(trying, at, budgets, flags)
    // Nothing left to free an allowance: the refused pods are retried without end.
    if (timeout === null && !ready.anyAfter(at)) break
  }
  return trying.map((t) => ({
    pod: t.pod,
    outcome: waited(t, start, timeout, release),
    refusals: t.refusals,
    blockedBy: t.blockedBy,
    refusedWith: t.refusedWith,
  }))
}

/** An evicted pod still there at the timeout fails the node's drain when the wait sees it. */
function waited(
  t: Trying,
  start: number,
  timeout: number | null,
  release: KubeVersion
): TimedEviction {
  const outcome = t.outcome ?? {
    kind: 'refused',
    budget: t.blockedBy ?? '',
    message: t.refusedWith ?? '',
  }
  if (outcome.kind !== 'evicted' || timeout === null || outcome.goneAt < start + timeout)
    return outcome
  // 1.28–1.31 see the deadline at the 1 s poll after it; 1.32 on at the deadline itself.
  const deadline = start + timeout
  const at = release.minor >= 32 ? deadline : outcome.at + Math.ceil(deadline - outcome.at)
  return {
    kind: 'timed-out',
    at,
    error: waitTimeout(t.pod, timeout, release),
    evictedAt: outcome.at,
    goneAt: outcome.goneAt,
  }
}
