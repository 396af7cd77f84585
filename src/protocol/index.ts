export { ProtocolError } from '../json/protocol-error.js'
export { field, isJsonObject, type JsonObject } from '../json/json-fields.js'
export { decodePod, type NodeRef, type PodTolerations } from './decode-objects.js'
export { decodeNodeTaints, TaintAllowance } from './decode-node-spec.js'
export { decodeExtenderArgs, type Candidates, type ExtenderArgs } from './decode-extender-args.js'
export { newNameSpans, NodeNameList, type NameMisses } from './node-name-list.js'
export { BytePool, type ByteLender, type BytePoolOptions } from '../json/byte-pool.js'
export {
  encodeNamesFilterResult,
  encodeNamesHostPriorityList,
  type IndexedReasons,
} from './encode-names.js'
export {
  decodePreemptionArgs,
  type MetaVictims,
  type PreemptionArgs,
} from './decode-preemption-args.js'
export {
  encodeError,
  encodeFilterError,
  encodeFilterResult,
  encodeHostPriorityList,
  encodePreemptionResult,
  EMPTY_NODE_REASONS,
  type FilterReply,
  type NodeReasons,
  type ReplyBody,
} from './encode.js'
export {
  decodeManifestNode,
  decodeManifestPod,
  listItems,
  type ManifestNode,
  type ManifestPod,
} from './decode-manifests.js'
export { readLabelSelector, readStringMap } from './decode-placement.js'
export {
  decodeManifestAndPlacement,
  decodePlacementPod,
  type DecodedPod,
} from './decode-placed-pod.js'
export { decodeDisruptionBudget, decodeNamespace } from './decode-cluster-objects.js'
export {
  decodeCsiNode,
  decodePersistentVolume,
  decodeStorageClass,
  decodeVolumeAttachment,
  decodeVolumeClaim,
} from './decode-storage-objects.js'
export { nodeAllocatable } from './decode-manifests.js'
export { matchingKeysAsGo } from '../json/json-fields.js'
export { parseSpan, type IndexedJson, type Span } from '../json/json-walk.js'
export { ListStream, NotAListStream, type ListStreamSink } from '../json/list-stream.js'
export {
  decodeWorkloadObject,
  WORKLOAD_KINDS,
  WORKLOAD_OBJECT_KINDS,
  type WorkloadObject,
} from './decode-workloads.js'
export { PROTOBUF_CONTENT_TYPE } from './protobuf/envelope.js'
export { ProtobufListStream, type ProtobufListSink } from './protobuf/list-stream.js'
export { ProtobufError } from './protobuf/wire-reader.js'
export { readStatusBody } from './protobuf/envelope.js'
export { decodeCsiDriver, decodeStorageCapacity } from './decode-volume-binding.js'
