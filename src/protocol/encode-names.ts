import type { BytePool } from './byte-pool.js'
import { ByteWriter, constantBytes } from './byte-writer.js'
import type { NodeNameList } from './node-name-list.js'
/**
 * Node-cache replies, written as bytes (see ByteWriter). Indices refer to positions in the
 * request's NodeNames, and every name is written as the literal the request carried.
 */

/** Request positions of nodes and the reason each was rejected for. */
export interface IndexedReasons {
  readonly indices: ArrayLike<number>
  readonly reasons: ArrayLike<string>
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
/** Bytes a reason entry adds beyond its name: the longest constant reason, quoted. */
const REASON_ENTRY_BYTES = 64

/** `:"reason"` as bytes, and a view of them for ByteWriter.range. */
interface ReasonLiteral {
  readonly view: DataView
  readonly length: number
}

const reasonLiterals = new Map<string, ReasonLiteral>()

/** `:"reason"`, encoded once per distinct reason (there are a handful, all constants). */
function reasonLiteral(reason: string): ReasonLiteral {
  let literal = reasonLiterals.get(reason)
  if (literal === undefined) {
    const bytes = constantBytes(':' + JSON.stringify(reason))
    literal = {
      view: new DataView(bytes.buffer, bytes.byteOffset, bytes.length),
      length: bytes.length,
    }
    if (reasonLiterals.size < 64) reasonLiterals.set(reason, literal)
  }
  return literal
}

/** Name i's literal, quotes included, as the request carried it. */
function writeName(out: ByteWriter, names: NodeNameList, i: number): void {
  out.range(names.view, names.start(i) - 1, names.end(i) + 1)
}

/**
 * The names at ascending `positions`, comma-separated. Names adjacent in the request are copied
 * as one range, separators included: most nodes usually pass, so the NodeNames of a filter
 * reply is a few copies rather than one per name.
 */
function writeNameRuns(out: ByteWriter, names: NodeNameList, positions: ArrayLike<number>): void {
  for (let k = 0; k < positions.length; k++) {
    if (k > 0) out.byte(COMMA)
    const first = positions[k] as number
    let last = first
    while (positions[k + 1] === last + 1) {
      k++
      last++
    }
    out.range(names.view, names.start(first) - 1, names.end(last) + 1)
  }
}

function writeReasons(out: ByteWriter, names: NodeNameList, map: IndexedReasons): void {
  // Rejections come in long runs of one reason: look its bytes up only when it changes.
  let reason: string | null = null
  let literal: ReasonLiteral | null = null
  for (let i = 0; i < map.indices.length; i++) {
    if (i > 0) out.byte(COMMA)
    writeName(out, names, map.indices[i] as number)
    const next = map.reasons[i] as string
    if (next !== reason || literal === null) {
      reason = next
      literal = reasonLiteral(next)
    }
    out.range(literal.view, 0, literal.length)
  }
}

/**
 * `ExtenderFilterResult` in node-cache mode: NodeNames, FailedNodes, FailedAndUnresolvableNodes.
 * Written into a buffer lent by `pool` when there is one (give it back once sent).
 */
export function encodeNamesFilterResult(
  names: NodeNameList,
  passing: ArrayLike<number>,
  failed: IndexedReasons,
  failedAndUnresolvable: IndexedReasons,
  pool: BytePool | null = null
): Uint8Array {
  const rejected = failed.indices.length + failedAndUnresolvable.indices.length
  const out = new ByteWriter(names.textLength + rejected * REASON_ENTRY_BYTES + 128, pool)
  out.bytes(FILTER_HEAD)
  writeNameRuns(out, names, passing)
  out.bytes(FAILED)
  writeReasons(out, names, failed)
  out.bytes(UNRESOLVABLE)
  writeReasons(out, names, failedAndUnresolvable)
  out.bytes(FILTER_TAIL)
  return out.result()
}

/**
 * `HostPriorityList` in node-cache mode, in the order of `indices` (request positions), or of
 * the request itself when `indices` is null. Written into a buffer lent by `pool`, as above.
 */
export function encodeNamesHostPriorityList(
  names: NodeNameList,
  indices: readonly number[] | null,
  scores: ArrayLike<number>,
  pool: BytePool | null = null
): Uint8Array {
  const count = indices === null ? names.length : indices.length
  const out = new ByteWriter(names.textLength + count * 24 + 128, pool)
  out.byte(0x5b)
  for (let i = 0; i < count; i++) {
    if (i > 0) out.byte(COMMA)
    out.bytes(HOST)
    writeName(out, names, indices === null ? i : (indices[i] as number))
    const score = scores[i] as number
    out.bytes(SCORE_OF[score] ?? constantBytes(`,"Score":${score}}`))
  }
  out.byte(0x5d)
  return out.result()
}
