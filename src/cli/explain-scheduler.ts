import {
  DEFAULT_SCHEDULER_NAME,
  isDefaultProfilePod,
  otherSchedulerOf,
} from '../placement/index.js'
import type { ManifestPod } from '../protocol/index.js'

/**
 * A pending pod that names another scheduler in `spec.schedulerName` is never tried by
 * kube-scheduler's default profile (placement/scheduler-name.ts): only a scheduler, or a
 * profile of one, of that name takes it, and with none running it stays Pending with no
 * FailedScheduling event, which a mistyped name gives too. The tools cannot see which
 * schedulers run, so `explain` still judges the pod as the default profile would (as a second
 * profile with the default plugins judges it) and says whose pod it is beside the verdicts;
 * `explain --pending` groups such pods by the scheduler they name.
 */

export interface OtherSchedulerNote {
  /** The note under the summary. */
  readonly note: string
  /** What -o json|yaml adds: the name the pod gives. */
  readonly fields: { schedulerName: string }
}

/** The note for a pod of another scheduler; null for one of the default profile. */
export function otherSchedulerNote(pod: ManifestPod): OtherSchedulerNote | null {
  if (isDefaultProfilePod(pod.schedulerName)) return null
  const name = pod.schedulerName
  return {
    note:
      `Scheduler: spec.schedulerName is "${name}", so kube-scheduler's default profile ` +
      `(${DEFAULT_SCHEDULER_NAME}) never tries this pod; only a scheduler or profile named ` +
      `"${name}" does, and while none runs the pod stays Pending with no FailedScheduling ` +
      `event. The verdicts are the default profile's.`,
    fields: { schedulerName: name },
  }
}

/** `--pending`'s group of a pod: its reason, after the scheduler it names when not the default. */
export function groupOfScheduler(pod: ManifestPod, reason: string): string {
  const other = otherSchedulerOf(pod.schedulerName)
  return other === null ? reason : `${other}: ${reason}`
}
