import type { Taint, Toleration } from './types.js'

/**
 * Upper estimates of what a cached compilation keeps alive, for caches bounded in bytes (see
 * lru-cache's maxSize). Strings count two bytes a character, as V8 may store them; each object
 * counts a fixed allowance for its header, fields and the containers that index it.
 */
const OBJECT_BYTES = 128

/**
 * A CompiledTolerations keeps each toleration once and, for matching, its key and value again
 * in per-effect maps (the same strings, but counted twice to stay on the safe side).
 */
export function compiledTolerationsBytes(tolerations: readonly Toleration[]): number {
  let bytes = OBJECT_BYTES
  for (const t of tolerations) {
    const text = t.key.length + t.operator.length + t.value.length + t.effect.length
    bytes += 4 * text + 2 * OBJECT_BYTES
  }
  return bytes
}

/** A CompiledNode: its name, and each taint's strings plus its compiled form. */
export function compiledNodeBytes(name: string, taints: readonly Taint[]): number {
  let bytes = OBJECT_BYTES + 2 * name.length
  for (const t of taints) bytes += 2 * (t.key.length + t.value.length + t.effect.length)
  return bytes + taints.length * OBJECT_BYTES
}

/**
 * An upper estimate of the heap one candidate node of a full-node request takes while it is
 * answered: its reference into the body (name, version, where its bytes lie), its compiled
 * form, its place in the verdicts and the reply, and the garbage of decoding it. Measured at
 * some 420 bytes a node for nodes of a name alone and 610 for nodes of 200 bytes, kept until
 * the reply is written; the rest is room for that garbage.
 */
export const DECODED_NODE_BYTES = 1024
