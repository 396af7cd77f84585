import { formatTaint } from '../core/index.js'
import type { ClusterPod } from './cluster-pod.js'
import {
  daemonNodeAffinity,
  NEW_POD_SUFFIX,
  podFromTemplate,
  withDefaultTolerationSeconds,
} from './replacement-pod.js'
import { daemonPodTolerations, untoleratedDaemonTaint } from './daemon-pods.js'
import {
  graceOf,
  notRecreated,
  recreated,
  type Replacement,
  type ReplacementNode,
} from './replacement-outcome.js'
import type { JobFacts, Workload } from './workloads.js'

/** Each controller's rule for a pod of its own that is gone or terminating. */

/** job_controller.go `DefaultJobPodFailureBackOff` and `MaxJobPodFailureBackOff`. */
const JOB_BACKOFF_SECONDS = 10
const JOB_MAX_BACKOFF_SECONDS = 600

/**
 * Seconds the Job controller waits after a failure before it makes a new pod
 * (backoff_utils.go `getRemainingTimeForFailuresCount`): 10 s doubled for each earlier failure
 * since the last success, up to 10 minutes. The controller keeps that count in memory
 * (`newBackoffRecord`); the Job object keeps only totals. With no success yet the totals are
 * the count (`status.failed`, and this failure); after a success they do not say how many
 * failures followed it, so this failure alone is counted: the shortest back-off it can be.
 */
function jobBackoffSeconds(job: JobFacts): number {
  const failures = job.succeeded === 0 ? job.failed + 1 : 1
  let seconds = JOB_BACKOFF_SECONDS
  for (let i = 1; i < failures; i++) {
    seconds *= 2
    if (seconds >= JOB_MAX_BACKOFF_SECONDS) return JOB_MAX_BACKOFF_SECONDS
  }
  return seconds
}

const ORDINAL_NAME = /^(.*)-([0-9]+)$/

/**
 * A StatefulSet pod's ordinal (stateful_set_utils.go `getParentNameAndOrdinal`): the name is
 * `<parent>-<digits>`, the digits an int32; null when the name is not of that form or its
 * parent is not the set (`isMemberOf`), when the controller does not count the pod as its own.
 */
function statefulSetOrdinal(podName: string, setName: string): number | null {
  const match = ORDINAL_NAME.exec(podName)
  if (match === null || match[1] !== setName) return null
  const ordinal = Number(match[2])
  return ordinal < 2 ** 31 ? ordinal : null
}

/**
 * A ReplicaSet (so a Deployment) or ReplicationController counts only active pods
 * (controller_utils.go `FilterActivePods`), so a terminating pod is missing at once and
 * `manageReplicas` creates its replacement on that same event, named from `<name>-`.
 */
export function fromReplicaSet(pod: ClusterPod, workload: Workload): Replacement {
  const { template } = workload
  if (template === null) return notRecreated(pod, workload, 'unknown', 'its template was not read')
  if (workload.replicas === 0)
    return notRecreated(pod, workload, 'none', `${workload.kind} ${workload.name} wants 0 replicas`)
  const name = `${workload.name}-${NEW_POD_SUFFIX}`
  return recreated(pod, workload, {
    pod: podFromTemplate(template, workload, pod, name, template.labels),
    tolerations: withDefaultTolerationSeconds(workload.templateTolerations ?? []),
    afterSeconds: 0,
  })
}

/**
 * A StatefulSet's pod keeps its name, so the controller makes it again only once the old
 * object is gone (stateful_set_utils.go `isCreated`, `isTerminating`;
 * stateful_set_control.go `processReplica`), and only for an ordinal within
 * [start, start + replicas). Its labels are the old pod's: the controller adds the pod-name
 * and revision labels to the template's (`newStatefulSetPod`).
 */
export function fromStatefulSet(pod: ClusterPod, workload: Workload): Replacement {
  const { template } = workload
  if (template === null) return notRecreated(pod, workload, 'unknown', 'its template was not read')
  const ordinal = statefulSetOrdinal(pod.name, workload.name)
  const start = workload.ordinalsStart ?? 0
  const replicas = workload.replicas ?? 1
  if (ordinal === null || ordinal < start || ordinal >= start + replicas)
    return notRecreated(
      pod,
      workload,
      'none',
      `${pod.name} is not among the ${replicas} replicas of StatefulSet ${workload.name}`
    )
  return recreated(pod, workload, {
    pod: podFromTemplate(template, workload, pod, pod.name, pod.labels),
    tolerations: withDefaultTolerationSeconds(workload.templateTolerations ?? []),
    afterSeconds: graceOf(pod),
    waitsForOldPod: true,
    orderedOrdinal: workload.podManagementPolicy === 'Parallel' ? null : ordinal,
  })
}

/**
 * A DaemonSet's pod counts as present on its node while it terminates, so the new one comes
 * once the old is gone, on that node alone (daemonset_util.go `CreatePodTemplate`,
 * `ReplaceDaemonSetPodNodeNameNodeAffinity`; daemon_controller.go `podsShouldBeOnNode`), and
 * only while the node's NoSchedule and NoExecute taints are tolerated.
 */
export function fromDaemonSet(
  pod: ClusterPod,
  workload: Workload,
  node: ReplacementNode | null
): Replacement {
  const { template } = workload
  if (template === null) return notRecreated(pod, workload, 'unknown', 'its template was not read')
  const tolerations = daemonPodTolerations(workload)
  const untolerated =
    node === null ? undefined : untoleratedDaemonTaint(node.taints, tolerations, node.options)
  if (untolerated !== undefined)
    return notRecreated(
      pod,
      workload,
      'none',
      `DaemonSet ${workload.name} does not tolerate ${formatTaint(untolerated)} on ${pod.nodeName}`
    )
  const made = podFromTemplate(
    template,
    workload,
    pod,
    `${workload.name}-${NEW_POD_SUFFIX}`,
    pod.labels
  )
  return recreated(pod, workload, {
    pod: { ...made, nodeAffinity: daemonNodeAffinity(made.nodeAffinity, pod.nodeName) },
    tolerations,
    afterSeconds: graceOf(pod),
    waitsForOldPod: true,
    boundTo: pod.nodeName,
  })
}

/** Why the Job controller makes no more pods; null when it would replace one. */
function jobStops(job: JobFacts, name: string): string | null {
  if (job.finished) return `Job ${name} has finished`
  if (job.suspended) return `Job ${name} is suspended`
  // job_controller.go `syncJob`: the Job fails once its failures exceed backoffLimit.
  const failures = job.failed + 1
  if (failures > job.backoffLimit)
    return `failure ${failures} of Job ${name} exceeds its backoffLimit ${job.backoffLimit}: the Job fails`
  return null
}

/**
 * A Job counts a terminating pod that did not succeed as failed (job_controller.go
 * `isPodFailed`) and makes a new pod after the failure back-off (backoff_utils.go
 * `getRemainingTimeForFailuresCount`), counted from the old pod's deletion; with
 * `onlyReplaceFailed` it waits for the old pod to end first.
 */
export function fromJob(pod: ClusterPod, workload: Workload): Replacement {
  const { template, job } = workload
  if (template === null || job == null)
    return notRecreated(pod, workload, 'unknown', 'its template was not read')
  const stop = jobStops(job, workload.name)
  if (stop !== null) return notRecreated(pod, workload, 'none', stop)
  const backoff = jobBackoffSeconds(job)
  return recreated(pod, workload, {
    pod: podFromTemplate(
      template,
      workload,
      pod,
      `${workload.name}-${NEW_POD_SUFFIX}`,
      template.labels
    ),
    tolerations: withDefaultTolerationSeconds(workload.templateTolerations ?? []),
    afterSeconds: job.onlyReplaceFailed ? graceOf(pod) + backoff : backoff,
    waitsForOldPod: job.onlyReplaceFailed,
  })
}
