import {
  labelSelectorMatches,
  labelSelectorProblem,
  requirementMatches,
  requirementProblem,
  type Labels,
} from './label-requirements.js'
import type { NodeInfo } from './node-info.js'
import { formatUnits, unitValue } from './quantity.js'
import type {
  ClaimFacts,
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
  return (storage.capacities ?? []).some((capacity) => {
    const limit = capacity.maximumVolumeSize ?? capacity.capacity
    if (capacity.className !== claim.className || limit === null || unitValue(limit) < size)
      return false
    const topology = capacity.nodeTopology
    return topology !== null && labelSelectorProblem(topology) === null
      ? labelSelectorMatches(topology, node.node.labels)
      : false
  })
}
