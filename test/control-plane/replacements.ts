import type { KubeApi } from '../support/control-plane/index.js'
import type { PodHistory, PodTimeline } from './pod-timeline.js'

/**
 * What the controllers made of the pods a taint or a drain removed, read from the timeline: per
 * controller, the pods it lost and the new pods it created since; and kube-scheduler's word on
 * each new pod it could not place.
 */

export interface ControllerOutcome {
  /** `ReplicaSet web-7d86…`, `StatefulSet db`, `Job report`, `DaemonSet agent`. */
  readonly controller: string
  readonly lost: readonly PodHistory[]
  readonly made: readonly PodHistory[]
}

const controllerOf = (pod: PodHistory): string | null =>
  pod.controller === null ? null : `${pod.controller.kind} ${pod.controller.name}`

/** Per controller of a lost pod (bare pods left out), what it lost and made since `since`. */
export function controllerOutcomes(
  timeline: PodTimeline,
  lost: readonly PodHistory[],
  since: number
): ControllerOutcome[] {
  const made = timeline.createdAfter(since)
  const controllers = new Set(lost.map(controllerOf).filter((c): c is string => c !== null))
  return [...controllers].sort().map((controller) => ({
    controller,
    lost: lost.filter((p) => controllerOf(p) === controller),
    made: made.filter((p) => controllerOf(p) === controller),
  }))
}

/**
 * Per controller (a ReplicaSet without its template hash: `ReplicaSet web`), how many pods it
 * lost and how many it made; and the new pods bound to `node`, which must be none.
 */
export function replacementCounts(
  timeline: PodTimeline,
  lost: readonly PodHistory[],
  since: number,
  node: string
): { counts: [string, number, number][]; onNode: string[] } {
  const outcomes = controllerOutcomes(timeline, lost, since)
  return {
    counts: outcomes.map((o) => [withoutHash(o.controller), o.lost.length, o.made.length]),
    onNode: outcomes.flatMap((o) => o.made.filter((p) => p.node === node).map((p) => p.name)),
  }
}

/** A ReplicaSet's or a pod's name without the hash its controller appended. */
export const withoutHash = (name: string): string => name.replace(/-[a-z0-9]+$/, '')

/** The new pods kube-scheduler has not bound, and the message of each one's last event. */
export async function pendingReplacements(
  api: KubeApi,
  timeline: PodTimeline,
  since: number
): Promise<{ pod: PodHistory; message: string | null }[]> {
  const pending = timeline.createdAfter(since).filter((p) => p.node === null)
  return Promise.all(
    pending.map(async (pod) => ({ pod, message: await lastFailedScheduling(api, pod) }))
  )
}

/** The message of the last FailedScheduling event of a pod, or null when it has none. */
export async function lastFailedScheduling(api: KubeApi, pod: PodHistory): Promise<string | null> {
  return (await lastEvent(api, pod, 'FailedScheduling'))?.message ?? null
}

/** An event's message, and the uid of the object it names as related (a preemptor), if any. */
export interface PodEvent {
  readonly message: string
  readonly relatedUid: string | null
}

/** The last event of `reason` about a pod, or null when it has none. */
export async function lastEvent(
  api: KubeApi,
  pod: PodHistory,
  reason: string
): Promise<PodEvent | null> {
  const selector = `reason%3D${reason},involvedObject.uid%3D${pod.uid}`
  const events = await api.items(
    `/api/v1/namespaces/${pod.namespace}/events?fieldSelector=${selector}`
  )
  const last = events.sort((a, b) => observedAt(a).localeCompare(observedAt(b))).at(-1)
  if (last === undefined) return null
  const related = last.related as { uid?: string } | undefined
  return { message: String(last.message), relatedUid: related?.uid ?? null }
}

/**
 * When an event was last observed: kube-scheduler writes events.k8s.io/v1 events, which the core
 * API shows with `eventTime` and, once repeated, `series.lastObservedTime`.
 */
export function observedAt(event: Record<string, unknown>): string {
  const series = event.series as { lastObservedTime?: string } | undefined
  return String(series?.lastObservedTime ?? event.eventTime ?? event.lastTimestamp ?? '')
}
