import type { CompiledNode } from '../core/index.js'
import type { LabelledNode } from './node-affinity.js'
import type { ResourceList } from './pod-requests.js'

/** A node as the placement diagnosis reads it: its labels, compiled taints and allocatable. */
export interface PlacementNode extends LabelledNode {
  readonly compiled: CompiledNode
  /** `status.allocatable`; absent or null when unknown: NodeResourcesFit unjudged. */
  readonly allocatable?: ResourceList | null
  /** `status.images`; absent when not read. Kept in the snapshot for ImageLocality's score. */
  readonly images?: readonly NodeImage[]
}

/** One entry of `status.images`: its names (tags and digests) and size. */
export interface NodeImage {
  readonly names: readonly string[]
  readonly sizeBytes: number
}
