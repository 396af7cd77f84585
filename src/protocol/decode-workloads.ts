import {
  labelSelectorProblem,
  type JobFacts,
  type LabelSelector,
  type ServiceSelector,
  type Workload,
  type WorkloadKind,
} from '../placement/index.js'
import {
  field,
  readArray,
  readBoolean,
  readInteger,
  readObject,
  readString,
  type JsonObject,
} from '../json/json-fields.js'
import { decodeTolerations } from './decode-objects.js'
import { readLabelSelector, readStringMap } from './decode-placement.js'
import { decodePlacementPod } from './decode-placed-pod.js'
import { readController } from './decode-pod-identity.js'

/**
 * The objects that own or select pods, as `kubectl get deploy,rs,sts,ds,jobs,rc,svc -o json`
 * prints them: the controllers that recreate a removed pod, and the Services whose selectors
 * PodTopologySpread's default constraints read. Defaults the API server applies are applied
 * here too, for hand-written manifests that leave them out.
 */

export const WORKLOAD_KINDS: readonly WorkloadKind[] = [
  'Deployment',
  'ReplicaSet',
  'StatefulSet',
  'DaemonSet',
  'Job',
  'ReplicationController',
]

/** Every kind read as a workload object: the controllers, and Service. */
export const WORKLOAD_OBJECT_KINDS: readonly string[] = [...WORKLOAD_KINDS, 'Service']

export type WorkloadObject =
  | { readonly kind: 'workload'; readonly workload: Workload }
  | { readonly kind: 'service'; readonly service: ServiceSelector }

/** `spec.backoffLimit`'s default (batch/v1 `SetDefaults_Job`). */
const DEFAULT_BACKOFF_LIMIT = 6n

function int(obj: JsonObject | null, name: string, path: string): bigint | null {
  return obj === null ? null : readInteger(field(obj, name), `${path}.${name}`)
}

/**
 * `spec.selector`: a label selector for apps/v1 and batch/v1, a map for a
 * ReplicationController. A selector the API server could not parse selects nothing.
 */
function readSelector(spec: JsonObject | null, kind: string, path: string): LabelSelector | null {
  if (spec === null) return null
  const at = `${path}.spec.selector`
  if (kind === 'ReplicationController') {
    const labels = readStringMap(field(spec, 'selector'), at)
    return Object.keys(labels).length === 0 ? null : { matchLabels: labels, matchExpressions: [] }
  }
  const selector = readLabelSelector(field(spec, 'selector'), at, false)
  return selector !== null && labelSelectorProblem(selector) !== null ? null : selector
}

/** The conditions `IsJobFinished` (job_controller.go) looks for: Complete or Failed, True. */
function jobFinished(status: JsonObject | null, path: string): boolean {
  const at = `${path}.status.conditions`
  const conditions = status === null ? null : readArray(field(status, 'conditions'), at)
  return (conditions ?? []).some((item, i) => {
    const condition = readObject(item, `${at}[${i}]`, true)
    const type = readString(field(condition, 'type'), `${at}[${i}].type`)
    const holds = readString(field(condition, 'status'), `${at}[${i}].status`) === 'True'
    return holds && (type === 'Complete' || type === 'Failed')
  })
}

/**
 * A Job's facts. Only failed pods are replaced with a `podFailurePolicy`, or with
 * `podReplacementPolicy: Failed` (job_controller.go `onlyReplaceFailedPods`).
 */
function readJobFacts(spec: JsonObject | null, status: JsonObject | null, path: string): JobFacts {
  const specAt = `${path}.spec`
  const statusAt = `${path}.status`
  const replacement =
    spec === null
      ? ''
      : readString(field(spec, 'podReplacementPolicy'), `${specAt}.podReplacementPolicy`)
  const failurePolicy = spec === null ? null : field(spec, 'podFailurePolicy')
  return {
    backoffLimit: Number(int(spec, 'backoffLimit', specAt) ?? DEFAULT_BACKOFF_LIMIT),
    failed: Number(int(status, 'failed', statusAt) ?? 0n),
    succeeded: Number(int(status, 'succeeded', statusAt) ?? 0n),
    finished: jobFinished(status, path),
    suspended: spec !== null && readBoolean(field(spec, 'suspend'), `${specAt}.suspend`),
    onlyReplaceFailed:
      (failurePolicy !== undefined && failurePolicy !== null) || replacement === 'Failed',
  }
}

/** The template's parts the replacement reads beside the pod it decodes to. */
function readTemplate(spec: JsonObject | null, namespace: string, path: string) {
  const at = `${path}.spec.template`
  const template = spec === null ? null : readObject(field(spec, 'template'), at, false)
  if (template === null)
    return { template: null, templateTolerations: [], templateHostNetwork: false }
  const podSpec = readObject(field(template, 'spec'), `${at}.spec`, false)
  const tolerationsAt = `${at}.spec.tolerations`
  const tolerations =
    podSpec === null ? null : readArray(field(podSpec, 'tolerations'), tolerationsAt)
  return {
    template: { ...decodePlacementPod(template, at, false), namespace },
    templateTolerations: decodeTolerations(tolerations, tolerationsAt),
    templateHostNetwork:
      podSpec !== null && readBoolean(field(podSpec, 'hostNetwork'), `${at}.spec.hostNetwork`),
  }
}

/**
 * `spec.replicas`: 1 when unset for the kinds that have it (SetDefaults_ReplicaSet and the
 * others); null for a DaemonSet or a Job.
 */
function readReplicas(spec: JsonObject | null, kind: WorkloadKind, path: string): number | null {
  if (kind === 'DaemonSet' || kind === 'Job') return null
  return Number(int(spec, 'replicas', `${path}.spec`) ?? 1n)
}

function decodeController(obj: JsonObject, kind: WorkloadKind, path: string): Workload {
  const metadata = readObject(field(obj, 'metadata'), `${path}.metadata`, true)
  const spec = readObject(field(obj, 'spec'), `${path}.spec`, false)
  const status = readObject(field(obj, 'status'), `${path}.status`, false)
  const namespace = readString(field(metadata, 'namespace'), `${path}.metadata.namespace`)
  const ordinals =
    spec === null ? null : readObject(field(spec, 'ordinals'), `${path}.spec.ordinals`, false)
  return {
    kind,
    namespace,
    name: readString(field(metadata, 'name'), `${path}.metadata.name`),
    uid: readString(field(metadata, 'uid'), `${path}.metadata.uid`),
    selector: readSelector(spec, kind, path),
    replicas: readReplicas(spec, kind, path),
    controller: readController(metadata, path),
    ...readTemplate(spec, namespace, path),
    podManagementPolicy:
      spec === null
        ? ''
        : readString(field(spec, 'podManagementPolicy'), `${path}.spec.podManagementPolicy`),
    ordinalsStart: Number(int(ordinals, 'start', `${path}.spec.ordinals`) ?? 0n),
    job: kind === 'Job' ? readJobFacts(spec, status, path) : null,
  }
}

function decodeService(obj: JsonObject, path: string): ServiceSelector {
  const metadata = readObject(field(obj, 'metadata'), `${path}.metadata`, true)
  const spec = readObject(field(obj, 'spec'), `${path}.spec`, false)
  const selector =
    spec === null ? {} : readStringMap(field(spec, 'selector'), `${path}.spec.selector`)
  return {
    namespace: readString(field(metadata, 'namespace'), `${path}.metadata.namespace`),
    name: readString(field(metadata, 'name'), `${path}.metadata.name`),
    selector: Object.keys(selector).length === 0 ? null : selector,
  }
}

/** A workload object of kind `kind` (one of WORKLOAD_OBJECT_KINDS) at `path`. */
export function decodeWorkloadObject(value: unknown, kind: string, path: string): WorkloadObject {
  const obj = readObject(value, path, true)
  if (kind === 'Service') return { kind: 'service', service: decodeService(obj, path) }
  return { kind: 'workload', workload: decodeController(obj, kind as WorkloadKind, path) }
}
