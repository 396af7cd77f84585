import { ByteWriter, constantBytes } from './byte-writer.js'
/**
 * Node-cache replies, written as bytes (see ByteWriter). Indices refer to positions in the
 * request's NodeNames.
 */

/** Request positions of nodes and the reason each was rejected for. */
export interface IndexedReasons {
  readonly indices: readonly number[]
  readonly reasons: readonly string[]
}

const FILTER_HEAD = constantBytes('{"Nodes":null,"NodeNames":[')
const FAILED = constantBytes('],"FailedNodes":{')
const UNRESOLVABLE = constantBytes('},"FailedAndUnresolvableNodes":{')
const FILTER_TAIL = constantBytes('},"Error":""}')
const HOST = constantBytes('{"Host":')
const SCORE_OF: readonly Uint8Array[] = Array.from({ length: 11 }, (_, s) =>
  constantBytes(`,"Score":${s}}`)
)
const COMMA = 0x2c

const reasonLiterals = new Map<string, Uint8Array>()

/** `:"reason"`, encoded once per distinct reason (there are a handful, all constants). */
function reasonLiteral(reason: string): Uint8Array {
  let bytes = reasonLiterals.get(reason)
  if (bytes === undefined) {
    bytes = constantBytes(':' + JSON.stringify(reason))
    if (reasonLiterals.size < 64) reasonLiterals.set(reason, bytes)
  }
  return bytes
}

/** The request's node names, and whether any of them needs escaping. */
export interface RequestNames {
  readonly names: readonly string[]
  readonly namesArePlain: boolean
}

function writeName(out: ByteWriter, request: RequestNames, index: number): void {
  const name = request.names[index] as string
  if (request.namesArePlain) out.plainString(name)
  else out.jsonString(name)
}

function writeReasons(out: ByteWriter, request: RequestNames, map: IndexedReasons): void {
  for (let i = 0; i < map.indices.length; i++) {
    if (i > 0) out.byte(COMMA)
    writeName(out, request, map.indices[i] as number)
    out.bytes(reasonLiteral(map.reasons[i] as string))
  }
}

/** The reply's size when names need no escaping (the writer grows the buffer if they do). */
function estimate(names: readonly string[], perEntry: number): number {
  let characters = 0
  for (let i = 0; i < names.length; i++) characters += (names[i] as string).length
  return characters + names.length * perEntry + 128
}

/** `ExtenderFilterResult` in node-cache mode: NodeNames, FailedNodes, FailedAndUnresolvableNodes. */
export function encodeNamesFilterResult(
  request: RequestNames,
  passing: readonly number[],
  failed: IndexedReasons,
  failedAndUnresolvable: IndexedReasons
): Uint8Array {
  const names = request.names
  const out = new ByteWriter(
    estimate(names, 3) + (failed.indices.length + failedAndUnresolvable.indices.length) * 48
  )
  out.bytes(FILTER_HEAD)
  for (let i = 0; i < passing.length; i++) {
    if (i > 0) out.byte(COMMA)
    writeName(out, request, passing[i] as number)
  }
  out.bytes(FAILED)
  writeReasons(out, request, failed)
  out.bytes(UNRESOLVABLE)
  writeReasons(out, request, failedAndUnresolvable)
  out.bytes(FILTER_TAIL)
  return out.result()
}

/**
 * `HostPriorityList` in node-cache mode, in the order of `indices` (request positions), or of
 * `names` itself when `indices` is null.
 */
export function encodeNamesHostPriorityList(
  request: RequestNames,
  indices: readonly number[] | null,
  scores: ArrayLike<number>
): Uint8Array {
  const names = request.names
  const count = indices === null ? names.length : indices.length
  const out = new ByteWriter(estimate(names, 24))
  out.byte(0x5b)
  for (let i = 0; i < count; i++) {
    if (i > 0) out.byte(COMMA)
    out.bytes(HOST)
    writeName(out, request, indices === null ? i : (indices[i] as number))
    const score = scores[i] as number
    out.bytes(SCORE_OF[score] ?? constantBytes(`,"Score":${score}}`))
  }
  out.byte(0x5d)
  return out.result()
}
