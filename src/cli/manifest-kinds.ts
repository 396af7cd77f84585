import { field, isJsonObject, ProtocolError } from '../protocol/index.js'

/**
 * The kind of object a file holds, checked before it is read as a pod, node or namespace: a Node
 * given as --pod, or a pod list as --nodes, is refused naming the file and what it holds,
 * rather than read as the wrong thing (a pod has no taints, so it would pass as a node that
 * everything fits). Hand-written manifests may leave `kind` out; then the shape decides where
 * it can: only pods have containers, only nodes have taints or a pod CIDR.
 */

export type ExpectedKind = 'Pod' | 'Node' | 'Namespace' | 'PodDisruptionBudget'

const POD_SPEC_FIELDS = ['containers', 'initContainers', 'tolerations', 'affinity', 'nodeSelector']
const NODE_SPEC_FIELDS = ['taints', 'unschedulable', 'podCIDR', 'podCIDRs', 'providerID']

function specHasAny(object: unknown, names: readonly string[]): boolean {
  const spec = isJsonObject(object) ? field(object, 'spec') : undefined
  return isJsonObject(spec) && names.some((name) => field(spec, name) !== undefined)
}

/** The kind an object is, by `kind` (or its list's `kind`), else by its shape; null if unknown. */
export function kindOf(object: unknown, listKind: string | null): string | null {
  const kind = isJsonObject(object) ? field(object, 'kind') : undefined
  if (typeof kind === 'string' && kind !== '') return kind
  if (listKind !== null && listKind.endsWith('List') && listKind !== 'List')
    return listKind.slice(0, -'List'.length)
  const podLike = specHasAny(object, POD_SPEC_FIELDS)
  const nodeLike = specHasAny(object, NODE_SPEC_FIELDS)
  if (podLike !== nodeLike) return podLike ? 'Pod' : 'Node'
  return null
}

function nameOf(object: unknown): string {
  const metadata = isJsonObject(object) ? field(object, 'metadata') : undefined
  const name = isJsonObject(metadata) ? field(metadata, 'name') : undefined
  return typeof name === 'string' && name !== '' ? ` "${name}"` : ''
}

/** Refuses, naming the file and what it found, an object that is not of the expected kind. */
export function checkKind(
  object: unknown,
  listKind: string | null,
  expected: ExpectedKind,
  flag: string,
  origin: string
): void {
  const kind = kindOf(object, listKind)
  if (kind === null || kind === expected) return
  throw new ProtocolError(
    `${origin} holds a ${kind}${nameOf(object)}, not a ${expected} (--${flag})`
  )
}
