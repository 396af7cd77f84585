import { decodeContainerImages } from './decode-images.js'
import {
  labelSelectorProblem,
  termValidationProblem,
  type LabelSelector,
  type NodeAffinitySpec,
  type NodeSelectorTerm,
  type PlacementPod,
  type PodAffinityTerm,
  type PreferredSchedulingTerm,
  type WeightedPodAffinityTerm,
} from '../placement/index.js'
import {
  field,
  readArray,
  readInteger,
  readObject,
  readString,
  type JsonObject,
} from '../json/json-fields.js'
import { ProtocolError } from '../json/protocol-error.js'
import { decodeHostPorts, decodePodResources } from './decode-pod-resources.js'
import { decodePodIdentity } from './decode-pod-identity.js'
import { readLabelSelector, readRequirement, readStringMap } from './decode-label-selector.js'
import { decodeSpreadConstraints } from './decode-spread.js'

export { readLabelSelector, readStringMap } from './decode-label-selector.js'

/**
 * What explain reads of a Pod beyond its tolerations: labels, `spec.nodeName`,
 * `spec.nodeSelector` and `spec.affinity`, checked as the API server's validation would (an
 * unknown operator, a term with no key, a malformed selector: an error naming the place).
 */

function child(obj: JsonObject | null, name: string, path: string): JsonObject | null {
  return obj === null ? null : readObject(field(obj, name), `${path}.${name}`, false)
}

function list(obj: JsonObject | null, name: string, path: string): unknown[] {
  return obj === null ? [] : (readArray(field(obj, name), `${path}.${name}`) ?? [])
}

function readTerm(value: unknown, path: string, check: boolean): NodeSelectorTerm {
  const obj = readObject(value, path, false)
  const term = {
    matchExpressions: list(obj, 'matchExpressions', path).map((r, i) =>
      readRequirement(r, `${path}.matchExpressions[${i}]`)
    ),
    matchFields: list(obj, 'matchFields', path).map((r, i) =>
      readRequirement(r, `${path}.matchFields[${i}]`)
    ),
  }
  const problem = check ? termValidationProblem(term) : null
  if (problem !== null) throw new ProtocolError(`${path}.${problem}`)
  return term
}

function readNodeAffinity(
  spec: JsonObject | null,
  affinity: JsonObject | null,
  path: string,
  check: boolean
): NodeAffinitySpec {
  const nodeAffinity = child(affinity, 'nodeAffinity', `${path}.affinity`)
  const at = `${path}.affinity.nodeAffinity`
  const required = child(nodeAffinity, 'requiredDuringSchedulingIgnoredDuringExecution', at)
  const requiredAt = `${at}.requiredDuringSchedulingIgnoredDuringExecution`
  const preferredAt = `${at}.preferredDuringSchedulingIgnoredDuringExecution`
  return {
    nodeSelector:
      spec === null ? {} : readStringMap(field(spec, 'nodeSelector'), `${path}.nodeSelector`),
    required:
      required === null
        ? null
        : list(required, 'nodeSelectorTerms', requiredAt).map((t, i) =>
            readTerm(t, `${requiredAt}.nodeSelectorTerms[${i}]`, check)
          ),
    preferred: list(nodeAffinity, 'preferredDuringSchedulingIgnoredDuringExecution', at).map(
      (item, i): PreferredSchedulingTerm => {
        const itemAt = `${preferredAt}[${i}]`
        const obj = readObject(item, itemAt, true)
        const weight = readInteger(field(obj, 'weight'), `${itemAt}.weight`) ?? 0n
        // The API server takes 1 to 100 (validatePreferredSchedulingTerms); 0 is let through because
        // upstream's scorer skips such a term, as one of its own tests shows.
        if (check && (weight < 0n || weight > 100n))
          throw new ProtocolError(`${itemAt}.weight: ${weight} is not in 1..100`)
        return {
          weight: Number(weight),
          preference: readTerm(field(obj, 'preference'), `${itemAt}.preference`, check),
        }
      }
    ),
  }
}

/** `LabelSelectorAsSelector`'s error for either selector of a term, or null. */
function affinityTermProblem(term: PodAffinityTerm): string | null {
  const problem = (selector: LabelSelector | null) =>
    selector === null ? null : labelSelectorProblem(selector)
  return problem(term.labelSelector) ?? problem(term.namespaceSelector)
}

/**
 * The required terms of one kind. For a pod read as context (`check` off), a term that cannot be
 * parsed drops every term of its kind, as framework/types.go `GetAffinityTerms` returns none on
 * the first parse error and `PodInfo.Update` keeps that empty list for the pod.
 */
function readPodAffinityTerms(
  affinity: JsonObject | null,
  kind: string,
  path: string,
  check: boolean
): PodAffinityTerm[] {
  const at = `${path}.affinity.${kind}`
  const terms = list(
    child(affinity, kind, `${path}.affinity`),
    'requiredDuringSchedulingIgnoredDuringExecution',
    at
  ).map((item, i) =>
    readPodAffinityTerm(item, `${at}.requiredDuringSchedulingIgnoredDuringExecution[${i}]`, check)
  )
  return terms.some((t) => affinityTermProblem(t) !== null) ? [] : terms
}

/**
 * The preferred (weighted) terms of one kind, which InterPodAffinity scores. The API server takes
 * weights 1 to 100 (`validateWeightedPodAffinityTerms`); a pod read as context keeps its terms
 * as `PodInfo.Update` does: one that cannot be parsed drops every preferred term of its kind.
 */
function readWeightedPodAffinityTerms(
  affinity: JsonObject | null,
  kind: string,
  path: string,
  check: boolean
): WeightedPodAffinityTerm[] {
  const name = 'preferredDuringSchedulingIgnoredDuringExecution'
  const at = `${path}.affinity.${kind}`
  const terms = list(child(affinity, kind, `${path}.affinity`), name, at).map((item, i) => {
    const itemAt = `${at}.${name}[${i}]`
    const obj = readObject(item, itemAt, true)
    const weight = readInteger(field(obj, 'weight'), `${itemAt}.weight`) ?? 0n
    if (check && (weight < 1n || weight > 100n))
      throw new ProtocolError(`${itemAt}.weight: ${weight} is not in 1..100`)
    const termAt = `${itemAt}.podAffinityTerm`
    return {
      weight: Number(weight),
      term: readPodAffinityTerm(field(obj, 'podAffinityTerm'), termAt, check),
    }
  })
  return terms.some((t) => affinityTermProblem(t.term) !== null) ? [] : terms
}

/**
 * One PodAffinityTerm. `matchLabelKeys` and `mismatchLabelKeys` are not read: the API server
 * merges them into `labelSelector` when it creates the pod, and the scheduler reads only the
 * merged selector (framework/types.go `newAffinityTerm`).
 */
function readPodAffinityTerm(item: unknown, itemAt: string, check: boolean): PodAffinityTerm {
  const obj = readObject(item, itemAt, true)
  const topologyKey = readString(field(obj, 'topologyKey'), `${itemAt}.topologyKey`)
  if (check && topologyKey === '') throw new ProtocolError(`${itemAt}.topologyKey is empty`)
  return {
    labelSelector: readLabelSelector(field(obj, 'labelSelector'), `${itemAt}.labelSelector`, check),
    namespaces: list(obj, 'namespaces', itemAt).map((n, j) =>
      readString(n, `${itemAt}.namespaces[${j}]`)
    ),
    namespaceSelector: readLabelSelector(
      field(obj, 'namespaceSelector'),
      `${itemAt}.namespaceSelector`,
      check
    ),
    topologyKey,
  }
}

/** `spec.priority` (an int32 the API server sets from the priority class); null when unset. */
function readPriority(spec: JsonObject | null, path: string): number | null {
  const priority = spec === null ? null : readInteger(field(spec, 'priority'), `${path}.priority`)
  if (priority === null) return null
  if (priority < -(2n ** 31n) || priority >= 2n ** 31n)
    throw new ProtocolError(`${path}.priority: ${priority} is not an int32`)
  return Number(priority)
}

/**
 * The placement constraints of a parsed Pod object at `path`. `check`: refuse what the API
 * server's validation refuses (the pod explain answers for); off for the pods read only as
 * context (placed pods, forecast's pending pods), whose unparsable terms the rules then treat
 * as upstream does (a node selector term that cannot be parsed never matches), rather than
 * one odd pod of the cluster stopping the tool.
 */
export function decodePlacementPod(value: unknown, path: string, check = true): PlacementPod {
  const pod = readObject(value, path, true)
  const metadata = readObject(field(pod, 'metadata'), `${path}.metadata`, false)
  const spec = readObject(field(pod, 'spec'), `${path}.spec`, false)
  const specAt = `${path}.spec`
  const affinity = child(spec, 'affinity', specAt)
  const status = readObject(field(pod, 'status'), `${path}.status`, false)
  return {
    name: metadata === null ? '' : readString(field(metadata, 'name'), `${path}.metadata.name`),
    namespace:
      metadata === null
        ? ''
        : readString(field(metadata, 'namespace'), `${path}.metadata.namespace`),
    labels:
      metadata === null ? {} : readStringMap(field(metadata, 'labels'), `${path}.metadata.labels`),
    nodeName: spec === null ? '' : readString(field(spec, 'nodeName'), `${specAt}.nodeName`),
    nodeAffinity: readNodeAffinity(spec, affinity, specAt, check),
    requiredAffinity: readPodAffinityTerms(affinity, 'podAffinity', specAt, check),
    requiredAntiAffinity: readPodAffinityTerms(affinity, 'podAntiAffinity', specAt, check),
    preferredAffinity: readWeightedPodAffinityTerms(affinity, 'podAffinity', specAt, check),
    preferredAntiAffinity: readWeightedPodAffinityTerms(affinity, 'podAntiAffinity', specAt, check),
    preemptionPolicy:
      spec === null
        ? ''
        : readString(field(spec, 'preemptionPolicy'), `${specAt}.preemptionPolicy`),
    resourceClaims: list(spec, 'resourceClaims', specAt).length,
    priority: readPriority(spec, specAt),
    nominatedNodeName:
      status === null
        ? ''
        : readString(field(status, 'nominatedNodeName'), `${path}.status.nominatedNodeName`),
    resources: decodePodResources(spec, status, path),
    hostPorts: decodeHostPorts(spec, path),
    images: decodeContainerImages(spec, 'containers', specAt),
    initImages: decodeContainerImages(spec, 'initContainers', specAt),
    startTime:
      status === null
        ? null
        : readString(field(status, 'startTime'), `${path}.status.startTime`) || null,
    topologySpreadConstraints: decodeSpreadConstraints(spec, specAt, check),
    terminating: metadata !== null && field(metadata, 'deletionTimestamp') != null,
    ...decodePodIdentity(metadata, spec, status, path),
  }
}
