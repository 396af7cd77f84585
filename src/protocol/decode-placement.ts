import {
  labelSelectorProblem,
  termValidationProblem,
  type LabelSelector,
  type NodeAffinitySpec,
  type NodeSelectorTerm,
  type PodAffinityTerm,
  type PreferredSchedulingTerm,
  type WeightedPodAffinityTerm,
} from '../placement/index.js'
import {
  field,
  listField,
  mapItems,
  NO_ITEMS,
  objectField,
  readInteger,
  readObject,
  readString,
  stringItem,
  type JsonObject,
} from '../json/json-fields.js'
import { element, member } from '../json/json-path.js'
import { ProtocolError } from '../json/protocol-error.js'
import {
  NO_STRINGS,
  readLabelSelector,
  readRequirement,
  stringMapField,
} from './decode-label-selector.js'
import { sharedText } from './shared-text.js'

export { readLabelSelector, readStringMap } from './decode-label-selector.js'

/**
 * What explain reads of a Pod beyond its tolerations: labels, `spec.nodeName`,
 * `spec.nodeSelector` and `spec.affinity`, checked as the API server's validation would (an
 * unknown operator, a term with no key, a malformed selector: an error naming the place).
 */

export function child(obj: JsonObject | null, name: string, path: string): JsonObject | null {
  return obj === null ? null : objectField(obj, name, path)
}

/** The items of a list mapped by `read`; the shared empty list when there are none. */
function mapList<T>(
  obj: JsonObject | null,
  name: string,
  path: string,
  read: (item: unknown, i: number) => T
): readonly T[] {
  return mapItems(listField(obj, name, path), read)
}

function readTerm(value: unknown, path: string, check: boolean): NodeSelectorTerm {
  const obj = readObject(value, path, false)
  const term = {
    matchExpressions: mapList(obj, 'matchExpressions', path, (r, i) =>
      readRequirement(r, element(member(path, 'matchExpressions'), i))
    ),
    matchFields: mapList(obj, 'matchFields', path, (r, i) =>
      readRequirement(r, element(member(path, 'matchFields'), i))
    ),
  }
  const problem = check ? termValidationProblem(term) : null
  if (problem !== null) throw new ProtocolError(`${path}.${problem}`)
  return term
}

/**
 * A NodeSelector's terms, read as upstream reads terms it did not validate: one that cannot be
 * parsed matches no node (a PersistentVolume's required node affinity).
 */
export function readNodeSelectorTerms(selector: JsonObject, path: string): NodeSelectorTerm[] {
  const terms = listField(selector, 'nodeSelectorTerms', path)
  return terms.map((t, i) => readTerm(t, element(member(path, 'nodeSelectorTerms'), i), false))
}

/** The node affinity of a pod with neither a node selector nor `nodeAffinity`. */
const NO_NODE_AFFINITY: NodeAffinitySpec = Object.freeze({
  nodeSelector: NO_STRINGS,
  required: null,
  preferred: NO_ITEMS,
})

export function readNodeAffinity(
  spec: JsonObject | null,
  affinity: JsonObject | null,
  path: string,
  check: boolean
): NodeAffinitySpec {
  const nodeAffinity = child(affinity, 'nodeAffinity', member(path, 'affinity'))
  if (nodeAffinity === null) {
    const nodeSelector = stringMapField(spec, 'nodeSelector', path)
    return nodeSelector === NO_STRINGS ? NO_NODE_AFFINITY : { ...NO_NODE_AFFINITY, nodeSelector }
  }
  const at = member(member(path, 'affinity'), 'nodeAffinity')
  const required = child(nodeAffinity, 'requiredDuringSchedulingIgnoredDuringExecution', at)
  const requiredAt = member(at, 'requiredDuringSchedulingIgnoredDuringExecution')
  const preferredAt = member(at, 'preferredDuringSchedulingIgnoredDuringExecution')
  return {
    nodeSelector: stringMapField(spec, 'nodeSelector', path),
    required:
      required === null
        ? null
        : mapList(required, 'nodeSelectorTerms', requiredAt, (t, i) =>
            readTerm(t, element(member(requiredAt, 'nodeSelectorTerms'), i), check)
          ),
    preferred: mapList(
      nodeAffinity,
      'preferredDuringSchedulingIgnoredDuringExecution',
      at,
      (item, i): PreferredSchedulingTerm => {
        const itemAt = element(preferredAt, i)
        const obj = readObject(item, itemAt, true)
        const weight = readInteger(field(obj, 'weight'), member(itemAt, 'weight')) ?? 0n
        // The API server takes 1 to 100 (validatePreferredSchedulingTerms); 0 is let through because
        // upstream's scorer skips such a term, as one of its own tests shows.
        if (check && (weight < 0n || weight > 100n))
          throw new ProtocolError(`${itemAt}.weight: ${weight} is not in 1..100`)
        return {
          weight: Number(weight),
          preference: readTerm(field(obj, 'preference'), member(itemAt, 'preference'), check),
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
export function readPodAffinityTerms(
  affinity: JsonObject | null,
  kind: string,
  path: string,
  check: boolean
): readonly PodAffinityTerm[] {
  const ofKind = child(affinity, kind, member(path, 'affinity'))
  if (ofKind === null) return NO_ITEMS
  const at = member(member(path, 'affinity'), kind)
  const name = 'requiredDuringSchedulingIgnoredDuringExecution'
  const terms = mapList(ofKind, name, at, (item, i) =>
    readPodAffinityTerm(item, element(member(at, name), i), check)
  )
  return terms.some((t) => affinityTermProblem(t) !== null) ? NO_ITEMS : terms
}

/**
 * The preferred (weighted) terms of one kind, which InterPodAffinity scores. The API server takes
 * weights 1 to 100 (`validateWeightedPodAffinityTerms`); a pod read as context keeps its terms
 * as `PodInfo.Update` does: one that cannot be parsed drops every preferred term of its kind.
 */
export function readWeightedPodAffinityTerms(
  affinity: JsonObject | null,
  kind: string,
  path: string,
  check: boolean
): readonly WeightedPodAffinityTerm[] {
  const ofKind = child(affinity, kind, member(path, 'affinity'))
  if (ofKind === null) return NO_ITEMS
  const name = 'preferredDuringSchedulingIgnoredDuringExecution'
  const at = member(member(path, 'affinity'), kind)
  const terms = mapList(ofKind, name, at, (item, i) => {
    const itemAt = element(member(at, name), i)
    const obj = readObject(item, itemAt, true)
    const weight = readInteger(field(obj, 'weight'), member(itemAt, 'weight')) ?? 0n
    if (check && (weight < 1n || weight > 100n))
      throw new ProtocolError(`${itemAt}.weight: ${weight} is not in 1..100`)
    const termAt = member(itemAt, 'podAffinityTerm')
    return {
      weight: Number(weight),
      term: readPodAffinityTerm(field(obj, 'podAffinityTerm'), termAt, check),
    }
  })
  return terms.some((t) => affinityTermProblem(t.term) !== null) ? NO_ITEMS : terms
}

/**
 * One PodAffinityTerm. `matchLabelKeys` and `mismatchLabelKeys` are not read: the API server
 * merges them into `labelSelector` when it creates the pod, and the scheduler reads only the
 * merged selector (framework/types.go `newAffinityTerm`).
 */
function readPodAffinityTerm(item: unknown, itemAt: string, check: boolean): PodAffinityTerm {
  const obj = readObject(item, itemAt, true)
  const topologyKey = sharedText(
    readString(field(obj, 'topologyKey'), member(itemAt, 'topologyKey'))
  )
  if (check && topologyKey === '') throw new ProtocolError(`${itemAt}.topologyKey is empty`)
  return {
    labelSelector: readLabelSelector(
      field(obj, 'labelSelector'),
      member(itemAt, 'labelSelector'),
      check
    ),
    namespaces: mapList(obj, 'namespaces', itemAt, (n, j) =>
      stringItem(n, member(itemAt, 'namespaces'), j)
    ),
    namespaceSelector: readLabelSelector(
      field(obj, 'namespaceSelector'),
      member(itemAt, 'namespaceSelector'),
      check
    ),
    topologyKey,
  }
}
