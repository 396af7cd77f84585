export { ProtocolError } from './protocol-error.js'
export { field, isJsonObject, type JsonObject } from './json-fields.js'
export {
  decodePod,
  decodeNodeRef,
  decodeNodeTaints,
  type NodeRef,
  type PodTolerations,
} from './decode-objects.js'
export {
  decodeExtenderArgs,
  decodePreemptionArgs,
  type Candidates,
  type ExtenderArgs,
  type MetaVictims,
  type PreemptionArgs,
} from './decode-args.js'
export {
  encodeError,
  encodeFilterError,
  encodeFilterResult,
  encodeHostPriorityList,
  encodePreemptionResult,
  EMPTY_NODE_REASONS,
  type FilterReply,
  type NodeReasons,
} from './encode.js'
