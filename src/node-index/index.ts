// The node index of node-cache mode and the byte tables it answers names from: speed and memory
// structures over the rules of src/core, which never decide an answer.
export { TaintIndex } from './taint-index.js'
export { StringInterner, TaintProfiles } from './interners.js'
export { NameBytesTable, NAME_SPAN_SLOTS } from './name-bytes-table.js'
export {
  NAME_HASH_SEED,
  finishNameHash,
  hashNameBytes,
  isPlainName,
  mixNameWord,
} from './name-hash.js'
