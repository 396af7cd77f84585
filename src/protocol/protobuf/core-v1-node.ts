import { many, message, one, quantities, scalar, strings } from './message-schema.js'
import { OBJECT_META } from './meta-v1.js'

/**
 * The core/v1 Node (k8s.io/api core/v1 generated.proto) with the fields decodeManifestNode
 * reads: name, resourceVersion and labels, the cordon and the taints, allocatable and images.
 */

const TAINT = message('Taint', {
  1: scalar('string', 'key'),
  2: scalar('string', 'value'),
  3: scalar('string', 'effect'),
})

const NODE_SPEC = message('NodeSpec', {
  4: scalar('bool', 'unschedulable'),
  5: many('taints', TAINT),
})

const CONTAINER_IMAGE = message('ContainerImage', {
  1: strings('names'),
  2: scalar('int64', 'sizeBytes'),
})

const NODE_STATUS = message('NodeStatus', {
  2: quantities('allocatable'),
  8: many('images', CONTAINER_IMAGE),
})

export const NODE = message('Node', {
  1: one('metadata', OBJECT_META),
  2: one('spec', NODE_SPEC),
  3: one('status', NODE_STATUS),
})
