import {
  aggregateText,
  schedulingGateValidationErrors,
  tolerationValidationErrors,
  type DisruptionBudget,
} from '../placement/index.js'
import type { ExpectedKind } from './manifest-kinds.js'
import { streamObjects, type ManifestSource } from './manifest-stream.js'
import type { ObjectReading } from './objects-reading.js'
import {
  countingSide,
  NO_SIDE,
  SKIP_WORKLOADS,
  skipFirst,
  type SideReading,
} from './workload-kinds.js'
import { objectsOf } from './manifest-documents.js'
import { readListText } from './list-text.js'
import {
  decodeDisruptionBudget,
  decodeManifestNode,
  decodeManifestAndPlacement,
  decodeNamespace,
  decodePlacementPod,
  field,
  isJsonObject,
  ProtocolError,
  type DecodedPod,
  type ManifestNode,
  type ManifestPod,
} from '../protocol/index.js'
import type { PlacementPod } from '../placement/index.js'

export type { ManifestSource } from './manifest-stream.js'
export { objectsOf } from './manifest-documents.js'

/**
 * The objects of a source: streamed when it is JSON lists, else its text read by readListText
 * (a YAML list item by item), in the reading's order, so that a list gives the same objects and
 * the same first error as JSON and as YAML. A stream may end part way (JSON that only YAML
 * reads, such as a trailing comma): the text is then read with a side reading that passes over
 * the objects the stream already gave it, so that none is read on the side twice.
 */
export async function readListObjects<T>(
  source: ManifestSource,
  reading: ObjectReading<T> & { readonly side: SideReading }
): Promise<T[]> {
  const side = countingSide(reading.side)
  const streamed = await streamObjects(source, { ...reading, side })
  if (streamed !== null || source.text === undefined) return streamed?.objects ?? []
  const rest = skipFirst(reading.side, side.count())
  const { origin, progress } = source
  return readListText(source.text(), { ...reading, origin, side: rest, progress })
}

/**
 * The objects of a source of one kind (nodes, namespaces, budgets), every kind checked before
 * any object is decoded, as objectsOf reads: a YAML list is read item by item (list-text.ts),
 * so that a cluster's nodes as `kubectl get nodes -o yaml` prints them are never held parsed
 * whole.
 */
function readKindsFirst<T>(
  source: ManifestSource,
  expected: ExpectedKind,
  flag: string,
  decode: (object: unknown, index: number) => T
): Promise<T[]> {
  return readListObjects(source, { expected, flag, order: 'kinds-first', decode, side: NO_SIDE })
}

/**
 * The nodes of a source; none is refused unless `noneIsAnswer` (explain, which then says what
 * kube-scheduler says of a cluster with no node).
 */
export async function readNodes(
  source: ManifestSource,
  noneIsAnswer = false
): Promise<ManifestNode[]> {
  const { origin } = source
  const decode = (o: unknown, i: number) => decodeManifestNode(o, `${origin}: node ${i}`)
  const nodes = await readKindsFirst(source, 'Node', 'nodes', decode)
  if (nodes.length === 0 && !noneIsAnswer) throw new ProtocolError(`${origin}: no nodes found`)
  return nodes
}

/** Exactly one pod: explain answers for one pod at a time. */
export function readOnePod(text: string, origin: string): ManifestPod {
  return readOnePlacedPod(text, origin).pod
}

/** A pod of a manifest with its placement constraints. */
export type PlacedPod = DecodedPod

/** How a message names a pod of a file: `pod "web-0"`, or `pod 0` for one without a name. */
function podLabel(pod: ManifestPod, index: number): string {
  return pod.name === '' ? `pod ${index}` : `pod "${pod.name}"`
}

/** Whether `spec.containers` holds a container: the API server refuses a pod with none. */
function hasContainers(object: unknown): boolean {
  const spec = isJsonObject(object) ? field(object, 'spec') : undefined
  const containers = isJsonObject(spec) ? field(spec, 'containers') : undefined
  return Array.isArray(containers) && containers.length > 0
}

/**
 * What the API server would refuse, named with the pod: a pod without containers
 * (`spec.containers: Required value` of ValidatePodSpec, pkg/apis/core/validation), and the
 * scheduling gates and tolerations its validation refuses, in ValidatePodSpec's order (see also
 * decodePlacementPod).
 */
function refuseInvalid(object: unknown, pod: ManifestPod, origin: string, index: number): void {
  if (!hasContainers(object))
    throw new ProtocolError(
      `${origin}: ${podLabel(pod, index)} has no spec.containers, which every pod needs`
    )
  const invalid = [
    ...schedulingGateValidationErrors(pod.schedulingGates),
    ...tolerationValidationErrors(pod.tolerations),
  ]
  if (invalid.length > 0)
    throw new ProtocolError(
      `${origin}: ${podLabel(pod, index)}: the API server would refuse this pod: ${aggregateText(invalid)}`
    )
}

/** `check`: refuse what the API server would refuse (refuseInvalid). */
function placedPod(object: unknown, origin: string, index: number, check: boolean): PlacedPod {
  const admit = check ? (pod: ManifestPod) => refuseInvalid(object, pod, origin, index) : undefined
  return decodeManifestAndPlacement(object, `${origin}: pod ${index}`, check, admit)
}

/** The one pod explain answers for, with its placement constraints. */
export function readOnePlacedPod(text: string, origin: string): PlacedPod {
  const objects = objectsOf(text, origin, 'Pod', 'pod')
  const [only] = objects
  if (only === undefined || objects.length !== 1)
    throw new ProtocolError(`${origin}: expected one pod, found ${objects.length}`)
  return placedPod(only.object, origin, only.index, true)
}

/**
 * A pod list as `kubectl get pods -A -o json|yaml` prints it: every document a List. `keep`
 * chooses what is kept of each pod (undefined: nothing), so a cluster's pods are held only
 * as the caller needs them.
 */
export function readPodList<T = PlacedPod>(
  source: ManifestSource,
  keep: (pod: PlacedPod) => T | undefined = (pod) => pod as T,
  side: SideReading = SKIP_WORKLOADS
): Promise<T[]> {
  const { origin } = source
  const decode = (o: unknown, i: number): T | undefined => keep(placedPod(o, origin, i, false))
  return readListObjects(source, { expected: 'Pod', flag: 'pods', order: 'in-order', decode, side })
}

/**
 * A pod list read for the placements alone, each pod decoded as decodePlacementPod decodes a pod
 * of a list: what explain keeps of the cluster's other pods, of which no rule reads the
 * tolerations, gates or scheduler a manifest pod adds.
 */
export function readPlacementList<T>(
  source: ManifestSource,
  keep: (placement: PlacementPod) => T | undefined,
  side: SideReading
): Promise<T[]> {
  const { origin } = source
  const decode = (o: unknown, i: number): T | undefined =>
    keep(decodePlacementPod(o, `${origin}: pod ${i}`, false))
  return readListObjects(source, { expected: 'Pod', flag: 'pods', order: 'in-order', decode, side })
}

export async function readNamespaces(
  source: ManifestSource
): Promise<Map<string, Readonly<Record<string, string>>>> {
  const { origin } = source
  const decode = (o: unknown, i: number) => decodeNamespace(o, `${origin}: namespace ${i}`)
  const namespaces = await readKindsFirst(source, 'Namespace', 'namespaces', decode)
  return new Map(namespaces.map((n) => [n.name, n.labels]))
}

export function readDisruptionBudgets(source: ManifestSource): Promise<DisruptionBudget[]> {
  const { origin } = source
  const decode = (o: unknown, i: number) =>
    decodeDisruptionBudget(o, `${origin}: poddisruptionbudget ${i}`)
  return readKindsFirst(source, 'PodDisruptionBudget', 'pdbs', decode)
}
