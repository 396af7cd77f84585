// The node index of node-cache mode, the byte tables it answers names from and the interners that
// share what nodes have in common: speed and memory structures built on the rules of src/core.
// None of them decides an answer.
export { TaintIndex } from './taint-index.js'
export { StringInterner, TaintProfiles } from './interners.js'
export { NameBytesTable } from './name-bytes-table.js'
export {
  NAME_HASH_SEED,
  finishNameHash,
  hashNameBytes,
  isPlainName,
  mixNameWord,
  type NameBytesKeys,
} from './name-hash.js'
