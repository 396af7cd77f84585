import {
  TAINT_EFFECT_NO_EXECUTE,
  TAINT_EFFECT_NO_SCHEDULE,
  TOLERATION_OP_EXISTS,
  type Toleration,
} from '../core/index.js'
import type { ClusterPod, ControllerReference } from './cluster-pod.js'
import type { NodeAffinitySpec } from './node-affinity.js'
import type { PlacementPod } from './types.js'
import { replacementVolumes } from './replacement-volumes.js'
import type { Workload } from './workloads.js'

/**
 * The pod a controller creates from its template in place of an evicted one, and the
 * tolerations it carries once admitted: what the controller adds (a DaemonSet's own
 * tolerations, its node affinity to one node) and what the API server's admission adds.
 */

/** How the API server names a pod created with `generateName` it has not expanded yet. */
export const NEW_POD_SUFFIX = '<new>'

const NOT_READY = 'node.kubernetes.io/not-ready'
const UNREACHABLE = 'node.kubernetes.io/unreachable'

/** DefaultTolerationSeconds' `--default-not-ready-toleration-seconds` and unreachable default. */
const DEFAULT_TOLERATION_SECONDS = 300n

function exists(key: string, effect: string, seconds: bigint | null = null): Toleration {
  return { key, operator: TOLERATION_OP_EXISTS, value: '', effect, tolerationSeconds: seconds }
}

/**
 * The admission plugin DefaultTolerationSeconds (plugin/pkg/admission/defaulttolerationseconds
 * `Admit`): a pod with no toleration for not-ready (or unreachable) NoExecute gets one for
 * 300 s. A toleration counts when its key is that taint's or empty and its effect NoExecute or
 * empty; its operator and value are not looked at.
 */
export function withDefaultTolerationSeconds(tolerations: readonly Toleration[]): Toleration[] {
  const covers = (key: string) =>
    tolerations.some(
      (t) =>
        (t.key === key || t.key === '') && (t.effect === TAINT_EFFECT_NO_EXECUTE || t.effect === '')
    )
  const added = [NOT_READY, UNREACHABLE]
    .filter((key) => !covers(key))
    .map((key) => exists(key, TAINT_EFFECT_NO_EXECUTE, DEFAULT_TOLERATION_SECONDS))
  return [...tolerations, ...added]
}

/**
 * `AddOrUpdateDaemonPodTolerations` (pkg/controller/daemon/util/daemonset_util.go): every
 * DaemonSet pod tolerates not-ready and unreachable NoExecute forever, the node-pressure and
 * unschedulable NoSchedule taints, and network-unavailable when it uses the host's network.
 * Each is added as `AddOrUpdateTolerationInPodSpec` adds it: a toleration of the same key,
 * operator, value and effect is replaced (its tolerationSeconds dropped), else it is appended.
 */
export function withDaemonTolerations(
  tolerations: readonly Toleration[],
  hostNetwork: boolean
): Toleration[] {
  const wanted = [
    exists(NOT_READY, TAINT_EFFECT_NO_EXECUTE),
    exists(UNREACHABLE, TAINT_EFFECT_NO_EXECUTE),
    exists('node.kubernetes.io/disk-pressure', TAINT_EFFECT_NO_SCHEDULE),
    exists('node.kubernetes.io/memory-pressure', TAINT_EFFECT_NO_SCHEDULE),
    exists('node.kubernetes.io/pid-pressure', TAINT_EFFECT_NO_SCHEDULE),
    exists('node.kubernetes.io/unschedulable', TAINT_EFFECT_NO_SCHEDULE),
    ...(hostNetwork
      ? [exists('node.kubernetes.io/network-unavailable', TAINT_EFFECT_NO_SCHEDULE)]
      : []),
  ]
  const result = [...tolerations]
  for (const toleration of wanted) {
    const same = (t: Toleration) =>
      t.key === toleration.key &&
      t.operator === toleration.operator &&
      t.value === toleration.value &&
      t.effect === toleration.effect
    let updated = false
    for (let i = 0; i < result.length; i++) {
      const old = result[i]
      if (old !== undefined && same(old)) {
        result[i] = toleration
        updated = true
      }
    }
    if (!updated) result.push(toleration)
  }
  return result
}

/**
 * `ReplaceDaemonSetPodNodeNameNodeAffinity` (daemonset_util.go): the required node affinity
 * becomes the one term `metadata.name In (node)`, whatever terms the template had; the node
 * selector and the preferred terms are kept.
 */
export function daemonNodeAffinity(affinity: NodeAffinitySpec, nodeName: string): NodeAffinitySpec {
  const matchFields = [{ key: 'metadata.name', operator: 'In', values: [nodeName] }]
  return { ...affinity, required: [{ matchExpressions: [], matchFields }] }
}

function referenceTo(workload: Workload, apiVersion: string): ControllerReference {
  return { apiVersion, kind: workload.kind, name: workload.name, uid: workload.uid }
}

const API_VERSIONS: Readonly<Record<Workload['kind'], string>> = {
  Deployment: 'apps/v1',
  ReplicaSet: 'apps/v1',
  StatefulSet: 'apps/v1',
  DaemonSet: 'apps/v1',
  Job: 'batch/v1',
  ReplicationController: 'v1',
}

/**
 * The new pod as the controller creates it from `template` (controller_utils.go
 * `GetPodFromTemplate`): in the workload's namespace, bound to no node, owned by the workload.
 * The template rarely carries `priority` or `preemptionPolicy`: the Priority admission plugin
 * sets them from `priorityClassName`, which the old pod shares, so the old pod's are taken
 * when the template has none.
 */
export function podFromTemplate(
  template: PlacementPod,
  workload: Workload,
  old: ClusterPod & Partial<PlacementPod>,
  name: string,
  labels: PlacementPod['labels']
): PlacementPod {
  return {
    ...template,
    name,
    namespace: workload.namespace,
    labels,
    nodeName: '',
    nominatedNodeName: '',
    priority: template.priority ?? old.priority,
    preemptionPolicy: template.preemptionPolicy || (old.preemptionPolicy ?? ''),
    uid: '',
    createdAt: null,
    controller: referenceTo(workload, API_VERSIONS[workload.kind]),
    phase: 'Pending',
    ready: false,
    terminating: false,
    startTime: null,
    mirror: false,
    ...replacementVolumes(template, workload, old, name),
  }
}
