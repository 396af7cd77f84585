import { loadAll } from 'js-yaml'
import {
  aggregateText,
  tolerationValidationErrors,
  type DisruptionBudget,
} from '../placement/index.js'
import { checkKind, type ExpectedKind } from './manifest-kinds.js'
import { streamObjects, type ManifestSource, type ObjectReading } from './manifest-stream.js'
import { readOnSide, SKIP_WORKLOADS, type SideReading } from './workload-kinds.js'
import {
  decodeDisruptionBudget,
  decodeManifestNode,
  decodeManifestAndPlacement,
  decodeNamespace,
  field,
  isJsonObject,
  listItems,
  ProtocolError,
  type DecodedPod,
  type ManifestNode,
  type ManifestPod,
} from '../protocol/index.js'

export type { ManifestSource } from './manifest-stream.js'

/**
 * Reads what `kubectl get … -o json|yaml` prints, or a manifest: JSON, YAML, several YAML
 * documents, or a List with `items`. A JSON list (what kubectl prints and the API server
 * answers) is read as it arrives, object by object (manifest-stream.ts); any other document is
 * read whole: YAML 1.2's JSON schema is a superset of JSON, so one parser serves the rest.
 */
function documents(text: string, origin: string): unknown[] {
  const json = jsonDocument(text)
  if (json !== undefined) return json === null ? [] : [json]
  let docs: unknown[]
  try {
    docs = loadAll(text, undefined, { json: true })
  } catch (err) {
    throw new ProtocolError(
      `${origin}: not YAML or JSON: ${(err as Error).message.split('\n')[0] ?? ''}`
    )
  }
  return docs.filter((d) => d !== null && d !== undefined)
}

/**
 * JSON text (what `kubectl get -o json` prints) read by JSON.parse, many times faster than the
 * YAML parser on a cluster's worth of pods; undefined when the text is not JSON, which the YAML
 * parser then reads or refuses with its own message.
 */
function jsonDocument(text: string): unknown {
  const start = text.trimStart()[0]
  if (start !== '{' && start !== '[') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/**
 * The objects of every document, each checked to be of the kind `flag` takes; those `side`
 * takes are read on the side instead.
 */
export function objectsOf(
  text: string,
  origin: string,
  expected: ExpectedKind,
  flag: string,
  side?: SideReading
): unknown[] {
  return documents(text, origin).flatMap((doc, i) => {
    const isList = isJsonObject(doc) && field(doc, 'items') !== undefined
    const kind = isList ? field(doc, 'kind') : undefined
    const listKind = typeof kind === 'string' ? kind : null
    const objects = listItems(doc, `${origin}[${i}]`).filter((o, j) => !readOnSide(o, side, j))
    for (const object of objects) checkKind(object, listKind, expected, flag, origin)
    return objects
  })
}

/**
 * The objects of a source: streamed when it is JSON lists, else read whole by `whole` (the same
 * reading of a text, which gives the same objects and errors).
 */
export async function readObjects<T>(
  source: ManifestSource,
  reading: ObjectReading<T>,
  whole: (text: string, origin: string) => T[]
): Promise<T[]> {
  const streamed = await streamObjects(source, reading)
  if (streamed !== null || source.text === undefined) return streamed?.objects ?? []
  return whole(source.text(), source.origin)
}

/** A reading that checks every object's kind before decoding any, as objectsOf does. */
function kindsFirst<T>(
  expected: ExpectedKind,
  flag: string,
  decode: (object: unknown, index: number) => T
): ObjectReading<T> {
  return { expected, flag, order: 'kinds-first', decode }
}

function nodesOf(objects: readonly unknown[], origin: string): ManifestNode[] {
  return objects.map((o, i) => decodeManifestNode(o, `${origin}: node ${i}`))
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
  const nodes = await readObjects(
    source,
    kindsFirst('Node', 'nodes', (o, i) => decodeManifestNode(o, `${origin}: node ${i}`)),
    (text) => nodesOf(objectsOf(text, origin, 'Node', 'nodes'), origin)
  )
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
 * (`spec.containers: Required value` of ValidatePodSpec, pkg/apis/core/validation) and the
 * tolerations ValidateTolerations refuses (see also decodePlacementPod).
 */
function refuseInvalid(object: unknown, pod: ManifestPod, origin: string, index: number): void {
  if (!hasContainers(object))
    throw new ProtocolError(
      `${origin}: ${podLabel(pod, index)} has no spec.containers, which every pod needs`
    )
  const invalid = tolerationValidationErrors(pod.tolerations)
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
  if (objects.length !== 1)
    throw new ProtocolError(`${origin}: expected one pod, found ${objects.length}`)
  return placedPod(objects[0], origin, 0, true)
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
  return readObjects(
    source,
    { expected: 'Pod', flag: 'pods', order: 'in-order', decode, side },
    (text) => podListOf(text, origin, side).flatMap((pod) => keep(pod) ?? [])
  )
}

function podListOf(text: string, origin: string, side: SideReading): PlacedPod[] {
  return documents(text, origin).flatMap((doc, i) => {
    if (!isJsonObject(doc) || field(doc, 'items') === undefined) {
      throw new ProtocolError(
        `${origin}[${i}]: not a list of pods (want kubectl get pods -A -o json|yaml)`
      )
    }
    const kind = field(doc, 'kind')
    const listKind = typeof kind === 'string' ? kind : null
    return listItems(doc, `${origin}[${i}]`).flatMap((o, j) => {
      if (readOnSide(o, side, j)) return []
      checkKind(o, listKind, 'Pod', 'pods', origin)
      return [placedPod(o, origin, j, false)]
    })
  })
}

export async function readNamespaces(
  source: ManifestSource
): Promise<Map<string, Readonly<Record<string, string>>>> {
  const { origin } = source
  const decode = (o: unknown, i: number) => decodeNamespace(o, `${origin}: namespace ${i}`)
  const namespaces = await readObjects(
    source,
    kindsFirst('Namespace', 'namespaces', decode),
    (text) => objectsOf(text, origin, 'Namespace', 'namespaces').map(decode)
  )
  return new Map(namespaces.map((n) => [n.name, n.labels]))
}

export function readDisruptionBudgets(source: ManifestSource): Promise<DisruptionBudget[]> {
  const { origin } = source
  const decode = (o: unknown, i: number) =>
    decodeDisruptionBudget(o, `${origin}: poddisruptionbudget ${i}`)
  return readObjects(source, kindsFirst('PodDisruptionBudget', 'pdbs', decode), (text) =>
    objectsOf(text, origin, 'PodDisruptionBudget', 'pdbs').map(decode)
  )
}
