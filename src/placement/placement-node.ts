import type { CompiledNode } from '../core/index.js'
import type { LabelledNode } from './node-affinity.js'
import type { ResourceList } from './pod-requests.js'

/** A node as the placement diagnosis reads it: its labels, compiled taints and allocatable. */
export interface PlacementNode extends LabelledNode {
  readonly compiled: CompiledNode
  /** `status.allocatable`; absent or null when unknown: NodeResourcesFit unjudged. */
  readonly allocatable?: ResourceList | null
}
