import { REJECTION_REASONS } from '../core/index.js'
import type { ByteLender } from '../json/byte-pool.js'
import {
  ByteWriter,
  constantWords,
  copyShortRange,
  NATIVE_COPY_FROM,
  putWords,
  type ConstantWords,
} from '../json/byte-writer.js'
import type { NodeNameList } from './node-name-list.js'
/**
 * Node-cache replies, written as bytes (see ByteWriter). Indices refer to positions in the
 * request's NodeNames, and every name is written as the literal the request carried, once the
 * list has vouched for it (see NodeNameList.requireValid).
 */

/** Request positions of nodes and the reason each was rejected for. */
export interface IndexedReasons {
  readonly indices: ArrayLike<number>
  readonly reasons: ArrayLike<string>
}

const FILTER_HEAD = constantWords('{"Nodes":null,"NodeNames":[')
const FAILED = constantWords('],"FailedNodes":{')
const UNRESOLVABLE = constantWords('},"FailedAndUnresolvableNodes":{')
const FILTER_TAIL = constantWords('},"Error":""}')
/**
 * A HostPriorityList is written as its names with these between them: the bytes from one
 * name's closing quote to the next one's opening quote are one constant per score.
 */
const FIRST_HOST = constantWords('[{"Host":"')
const scoreThenHost = (s: number): string => `","Score":${s}},{"Host":"`
const lastScore = (s: number): string => `","Score":${s}}]`
const SCORE_THEN_HOST = scoreConstants(scoreThenHost)
const LAST_SCORE = scoreConstants(lastScore)
/** The longest of those constants in bytes, a score of 10's. */
const MAX_SCORE_CONSTANT = scoreThenHost(10).length
const EMPTY_LIST = constantWords('[]')
const COMMA = 0x2c
/** Bytes a reason entry adds beyond its name: the longest constant reason, quoted. */
const REASON_ENTRY_BYTES = 64

/** One constant per score a reply can carry (0 to MaxExtenderPriority, 10). */
function scoreConstants(text: (score: number) => string): readonly ConstantWords[] {
  return Array.from({ length: 11 }, (_, s) => constantWords(text(s)))
}

const reasonLiteralOf = (reason: string): ConstantWords =>
  constantWords(':' + JSON.stringify(reason))

/** `:"reason"` for every reason the rules give, encoded once at load and never changed. */
const REASON_LITERALS: ReadonlyMap<string, ConstantWords> = new Map(
  REJECTION_REASONS.map((reason) => [reason, reasonLiteralOf(reason)])
)

/** `:"reason"`: a constant for the rules' reasons, encoded on the spot for any other. */
function reasonLiteral(reason: string): ConstantWords {
  return REASON_LITERALS.get(reason) ?? reasonLiteralOf(reason)
}

/**
 * The names at ascending `positions`, comma-separated. Names adjacent in the request are copied
 * as one range, separators included: most nodes usually pass, so the NodeNames of a filter
 * reply is a few copies rather than one per name. From the first long run on, the rest of the
 * names' text is staged in the reply with one native copy, and each long run is moved into
 * place from there (see ByteWriter.stage): the reply is those bytes in order, less the names
 * that did not pass, so every write stays behind the staged bytes still to be taken. Short
 * runs are copied in this loop (see encodeNamesHostPriorityList), into room made once: the
 * names' text holds every subset of its literals with their commas.
 */
function writeNameRuns(out: ByteWriter, names: NodeNameList, positions: ArrayLike<number>): void {
  const count = positions.length
  const src = names.view
  // Room for the text of every name in the request: a subset of its literals with their commas
  // takes no more, however the runs go, so later claims only restate where it ends.
  const roomEnd = out.position + names.textLength
  let view = out.claim(names.textLength)
  let pos = out.position
  let staged = false
  for (let k = 0; k < count; k++) {
    if (k > 0) view.setUint8(pos++, COMMA)
    const first = positions[k] as number
    let last = first
    while (k + 1 < count && positions[k + 1] === last + 1) {
      k++
      last++
    }
    const start = names.start(first) - 1
    const end = names.end(last) + 1
    if (end - start < NATIVE_COPY_FROM) {
      pos = copyShortRange(view, pos, src, start, end)
      continue
    }
    out.advanceTo(pos)
    if (!staged) {
      out.stage(src, start, names.end(positions[count - 1] as number) + 1)
      staged = true
    }
    out.range(src, start, end)
    pos = out.position
    view = out.claim(roomEnd - pos)
  }
  out.advanceTo(pos)
}

/** `"name":"reason"` for each entry, comma-separated, written in one loop as above. */
function writeReasons(out: ByteWriter, names: NodeNameList, map: IndexedReasons): void {
  const count = map.indices.length
  // Room is made whenever the reason changes, for the entries still to come as if all had this
  // one: their literals and commas (counted once, then counted down) and the reason's bytes.
  // Counting what is already written too would ask for more than the reply's first guess holds
  // as soon as reasons alternate late in the list (a cordoned node among tainted ones), and
  // grow it for nothing.
  let nameBytes = 0
  for (let i = 0; i < count; i++) {
    const at = map.indices[i] as number
    nameBytes += names.end(at) - names.start(at) + 3
  }
  let reason: string | null = null
  let literal: ConstantWords | null = null
  let view = out.claim(0)
  let pos = out.position
  for (let i = 0; i < count; i++) {
    const next = map.reasons[i] as string
    if (next !== reason || literal === null) {
      reason = next
      literal = reasonLiteral(next)
      out.advanceTo(pos)
      view = out.claim(nameBytes + (count - i) * literal.length)
    }
    if (i > 0) view.setUint8(pos++, COMMA)
    const at = map.indices[i] as number
    const start = names.start(at) - 1
    const end = names.end(at) + 1
    pos = copyShortRange(view, pos, names.view, start, end)
    pos = putWords(view, pos, literal)
    nameBytes -= end - start + 1
  }
  out.advanceTo(pos)
}

/**
 * `ExtenderFilterResult` in node-cache mode: NodeNames, FailedNodes, FailedAndUnresolvableNodes.
 * Written into a buffer lent by `pool` when there is one (which takes it back once sent).
 */
export function encodeNamesFilterResult(
  names: NodeNameList,
  passing: ArrayLike<number>,
  failed: IndexedReasons,
  failedAndUnresolvable: IndexedReasons,
  pool: ByteLender | null = null
): Uint8Array {
  names.requireValid()
  const rejected = failed.indices.length + failedAndUnresolvable.indices.length
  const out = new ByteWriter(names.textLength + rejected * REASON_ENTRY_BYTES + 128, pool)
  out.words(FILTER_HEAD)
  writeNameRuns(out, names, passing)
  out.words(FAILED)
  writeReasons(out, names, failed)
  out.words(UNRESOLVABLE)
  writeReasons(out, names, failedAndUnresolvable)
  out.words(FILTER_TAIL)
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
  pool: ByteLender | null = null
): Uint8Array {
  names.requireValid()
  const count = indices === null ? names.length : indices.length
  const out = new ByteWriter(names.textLength + count * 24 + 128, pool)
  if (count === 0) {
    out.words(EMPTY_LIST)
    return out.result()
  }
  // One loop with the position in a local, and room made once for the whole reply: the names'
  // literals (within textLength) and, per name, the longest constant after it: measured faster
  // than going through range() and words() (bench/README.md, "Measurements behind the code").
  let view = out.claim(names.textLength + count * MAX_SCORE_CONSTANT + FIRST_HOST.length)
  let pos = putWords(view, out.position, FIRST_HOST)
  const last = count - 1
  for (let i = 0; i <= last; i++) {
    const at = indices === null ? i : (indices[i] as number)
    pos = copyShortRange(view, pos, names.view, names.start(at), names.end(at))
    const score = scores[i] as number
    let constant = (i < last ? SCORE_THEN_HOST : LAST_SCORE)[score]
    if (constant === undefined) {
      // A score normalisation rules out: its constant, made here, may be longer than the room.
      constant = constantWords(i < last ? scoreThenHost(score) : lastScore(score))
      out.advanceTo(pos)
      view = out.claim(names.textLength + (count - i) * MAX_SCORE_CONSTANT + constant.length)
    }
    pos = putWords(view, pos, constant)
  }
  out.advanceTo(pos)
  return out.result()
}
