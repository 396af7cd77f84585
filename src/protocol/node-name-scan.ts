import { IntList } from '../core/index.js'
import { finishNameHash, mixNameWord, NAME_HASH_SEED } from '../node-index/index.js'
import {
  BACKSLASH,
  CLOSE_BRACKET,
  COMMA,
  OPEN_BRACKET,
  QUOTE,
  hasQuoteByte,
} from '../json/json-bytes.js'
import { skipWhitespace, stringEnd } from '../json/json-scan.js'
import { NO_CANDIDATE_LIMIT, tooManyCandidates } from './candidate-limit.js'
import { NodeNameList, pushNameSpan } from './node-name-list.js'

const utf8 = new TextDecoder()

/** Where quoteRun stopped and the hash of the bytes it passed: one per scan, refilled per literal. */
interface QuoteRun {
  end: number
  hash: number
}

/**
 * Finds the first offset at or after `start` holding a quote (or the end of `buf`), hashing the
 * bytes before it as hashNameBytes does, into `run`. Only the quote test, a third of
 * specialByteAt's: the bytes of a name that matches an indexed one need no other check.
 */
function quoteRun(buf: Uint8Array, view: DataView, start: number, run: QuoteRun): void {
  const lastWord = buf.length - 4
  let h = NAME_HASH_SEED
  let i = start
  while (i <= lastWord) {
    const word = view.getInt32(i, true)
    if (hasQuoteByte(word)) break
    h = mixNameWord(h, word)
    i += 4
  }
  // At most three bytes before the quote: the word holding it failed the test.
  let tail = 0
  for (let shift = 0; i < buf.length; i++, shift += 8) {
    const c = buf[i] as number
    if (c === QUOTE) break
    tail |= c << shift
  }
  run.end = i
  run.hash = finishNameHash(h, tail, i - start)
}

/**
 * Reads the array of strings whose `[` is at `open`, finding where each literal ends and hashing
 * its bytes (see NodeNameList on when those bytes are validated), into `spans` (emptied first).
 * `view` views `buf`. Returns null for anything but an array of strings, to be validated and refused by the
 * general scanner and decoder. Past `maxNames` names, the rest are only counted, not kept: a
 * list longer than that is refused (see tooManyCandidates) having held no more than that.
 */
export function scanNodeNames(
  buf: Uint8Array,
  open: number,
  view: DataView,
  spans: IntList = new IntList(),
  maxNames = NO_CANDIDATE_LIMIT
): { list: NodeNameList; end: number } | null {
  if (buf[open] !== OPEN_BRACKET) return null
  const run: QuoteRun = { end: 0, hash: 0 }
  spans.clear()
  let decoded: Map<number, string> | null = null
  let count = 0
  let i = skipWhitespace(buf, open + 1)
  if (buf[i] !== CLOSE_BRACKET) {
    for (;;) {
      if (buf[i] !== QUOTE) return null
      quoteRun(buf, view, i + 1, run)
      let { end, hash } = run
      // A quote after a backslash may be escaped (or the backslash itself may be): the general
      // scanner reads this literal, validating it whole. Any other first quote closes it.
      if (end >= buf.length || buf[end - 1] === BACKSLASH) {
        const after = stringEnd(buf, i, view)
        end = after - 1
        hash = 0
        if (count < maxNames) {
          decoded ??= new Map()
          decoded.set(count, JSON.parse(utf8.decode(buf.subarray(i, after))) as string)
        }
      }
      if (count < maxNames) pushNameSpan(spans, i + 1, end, hash)
      count++
      i = end + 1
      // kube-scheduler writes `","` between names: whitespace is looked for only when absent.
      if (buf[i] !== COMMA) i = skipWhitespace(buf, i)
      if (buf[i] === COMMA) {
        i++
        if (buf[i] !== QUOTE) i = skipWhitespace(buf, i)
        continue
      }
      if (buf[i] === CLOSE_BRACKET) break
      return null
    }
  }
  if (count > maxNames) throw tooManyCandidates(count, maxNames, 'node names')
  const list = new NodeNameList(buf, view, spans, i + 1 - open, decoded)
  return { list, end: i + 1 }
}
