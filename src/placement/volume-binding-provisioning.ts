import {
  labelOf,
  labelSelectorMatches,
  labelSelectorProblem,
  requirementMatches,
  requirementProblem,
  type LabelSelector,
  type Labels,
} from './label-requirements.js'
import type { NodeInfo } from './node-info.js'
import { formatUnits, unitValue } from './quantity.js'
import type {
  ClaimFacts,
  StorageCapacityFacts,
  StorageClassFacts,
  TopologySelectorTerm,
  VolumeStorage,
} from './volume-storage.js'

/**
 * Provisioning a claim waiting for its first consumer that no volume binds (v1.28.7 binder.go
 * `checkVolumeProvisions`, `hasEnoughCapacity`, `capacitySufficient`, `nodeHasAccess`; v1helper
 * `MatchTopologySelectorTerms`; the same in the newest tree): by its class's provisioner, where
 * the class's allowedTopologies take the node, and, for a CSI driver that asks for the check,
 * with a CSIStorageCapacity of the class the node reaches that holds the request.
 */

/** binder.go's conflict reasons a waiting claim gives. */
export const REASON_BIND_CONFLICT = "node(s) didn't find available persistent volumes to bind"
export const REASON_NOT_ENOUGH_SPACE = 'node(s) did not have enough free storage'

/** What the waiting claims find on one node: one reason at most, and the claim that gave it. */
export interface WaitingVerdict {
  readonly reason: typeof REASON_BIND_CONFLICT | typeof REASON_NOT_ENOUGH_SPACE
  readonly detail: string
}

/** volume.NotSupportedProvisioner: a class that provisions none. */
const NO_PROVISIONER = 'kubernetes.io/no-provisioner'

export function bindConflict(claim: ClaimFacts, why: string): WaitingVerdict {
  return { reason: REASON_BIND_CONFLICT, detail: `claim ${claim.name}: ${why}` }
}

/** The class's provisioner, or null when it provisions nothing. */
export function provisionerOf(storageClass: StorageClassFacts | undefined): string | null {
  const provisioner = storageClass?.provisioner ?? ''
  return provisioner === '' || provisioner === NO_PROVISIONER ? null : provisioner
}

/** `checkVolumeProvisions` for one claim: null when it can be provisioned for `node`. */
export function provisionVerdict(
  claim: ClaimFacts,
  storage: VolumeStorage,
  node: NodeInfo
): WaitingVerdict | null {
  const storageClass = storage.classes.get(claim.className)
  const provisioner = provisionerOf(storageClass)
  const className = claim.className
  if (storageClass === undefined || provisioner === null)
    return bindConflict(claim, `no volume of class ${className} fits, and it provisions none`)
  if (!topologyAllows(storageClass.allowedTopologies ?? [], node.node.labels))
    return bindConflict(claim, `class ${className} provisions only where its allowedTopologies say`)
  if (enoughCapacity(provisioner, claim, storage, node)) return null
  const size = formatUnits(unitValue(claim.storageRequest ?? 0n))
  const detail = `claim ${claim.name}: no CSIStorageCapacity of class ${className} this node reaches holds ${size}`
  return { reason: REASON_NOT_ENOUGH_SPACE, detail }
}

/**
 * `MatchTopologySelectorTerms`: no term allows every node; an empty term allows none, nor one
 * `TopologySelectorRequirementsAsSelector` refuses; else each key must have one of its values.
 */
function topologyAllows(terms: readonly TopologySelectorTerm[], labels: Labels): boolean {
  if (terms.length === 0) return true
  return terms.some((term) => {
    const requirements = term.map(({ key, values }) => ({ key, operator: 'In' as const, values }))
    if (requirements.length === 0 || requirements.some((r) => requirementProblem(r) !== null))
      return false
    return requirements.every((r) => requirementMatches(r, labels))
  })
}

/** `hasEnoughCapacity`: checked only for a CSI driver that asks for it. */
function enoughCapacity(
  provisioner: string,
  claim: ClaimFacts,
  storage: VolumeStorage,
  node: NodeInfo
): boolean {
  if (claim.storageRequest === null) return true
  if (storage.csiDrivers?.get(provisioner)?.storageCapacity !== true) return true
  const size = unitValue(claim.storageRequest)
  const { byLabel, keys, others } = capacitiesOf(storage, claim.className)
  const labels = node.node.labels
  const holds = (c: Reach) => c.bytes !== null && c.bytes >= size
  for (const key of keys) {
    const value = labelOf(labels, key)
    if (value !== undefined && byLabel.get(`${key}=${value}`)?.some(holds) === true) return true
  }
  return others.some(
    (c) => holds(c) && c.topology !== null && labelSelectorMatches(c.topology, labels)
  )
}

/** A capacity: what it holds (`capacitySufficient`), and the nodes it reaches (`nodeHasAccess`). */
interface Reach {
  /** `maximumVolumeSize`, else `capacity`, in bytes; null when neither is given. */
  readonly bytes: bigint | null
  /** Its `nodeTopology`; null when it has none or one `LabelSelectorAsSelector` refuses: no node. */
  readonly topology: LabelSelector | null
}

/**
 * A class's capacities, read once per storage: a driver keeps one per node or zone, each with a
 * topology of one label (`topology.topolvm.io/node: node-1`), which a node finds by its own
 * label's value rather than matching them all; any other topology is matched as it is.
 */
interface ClassCapacities {
  readonly byLabel: ReadonlyMap<string, readonly Reach[]>
  readonly keys: readonly string[]
  readonly others: readonly Reach[]
}

function capacitiesOf(storage: VolumeStorage, className: string): ClassCapacities {
  let byClass = indexed.get(storage)
  if (byClass === undefined) {
    byClass = new Map()
    indexed.set(storage, byClass)
  }
  let known = byClass.get(className)
  if (known === undefined) {
    known = indexCapacities((storage.capacities ?? []).filter((c) => c.className === className))
    byClass.set(className, known)
  }
  return known
}

const indexed = new WeakMap<VolumeStorage, Map<string, ClassCapacities>>()

function indexCapacities(capacities: readonly StorageCapacityFacts[]): ClassCapacities {
  const byLabel = new Map<string, Reach[]>()
  const keys = new Set<string>()
  const others: Reach[] = []
  for (const c of capacities) {
    const limit = c.maximumVolumeSize ?? c.capacity
    const topology =
      c.nodeTopology !== null && labelSelectorProblem(c.nodeTopology) === null
        ? c.nodeTopology
        : null
    const reach = { bytes: limit === null ? null : unitValue(limit), topology }
    const pairs = topology === null ? [] : Object.entries(topology.matchLabels)
    const [pair] = pairs
    if (pair === undefined || pairs.length > 1 || topology?.matchExpressions.length !== 0) {
      others.push(reach)
      continue
    }
    const [key, value] = pair
    keys.add(key)
    const label = `${key}=${value}`
    const list = byLabel.get(label)
    if (list === undefined) byLabel.set(label, [reach])
    else list.push(reach)
  }
  return { byLabel, keys: [...keys], others }
}
