import {
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
} from './json-bytes.js'
import { BodyScan, scanValue, skipWhitespace, stringEnd } from './json-scan.js'
import { containerEnd, INCOMPLETE, opensContainer } from './item-bounds.js'
import { ItemBatches, type ItemsPart } from './item-batches.js'
import { JsonSyntaxError, NotAListStream } from './protocol-error.js'
import { keyEquals, type IndexedJson, type Span } from './json-walk.js'

/**
 * A list document (`{"kind": "PodList", "items": [...], ...}`) read as its bytes arrive: the
 * elements of `items` found in each part are built by JSON.parse, many at a time
 * (item-batches.ts), and handed over in order, and their bytes are let go once the next
 * part comes. A list of any size is read holding one part and the element that straddles it,
 * never the whole document: what `kubectl get -o json` prints and what the API server answers
 * to a list are read so.
 */

export interface ListStreamSink {
  /** An element of `items`, as JSON.parse builds it. */
  item(value: unknown, index: number): void
  /** A member of the top object other than the `items` array, validated (key as decoded). */
  member(key: string, doc: IndexedJson, span: Span): void
}

export { NotAListStream }

const utf8 = new TextDecoder()
/** A top member is read with no index of its containers: it is small, and read once. */
const NO_ENDS: ReadonlyMap<number, number> = new Map()

type State =
  'start' | 'first-key' | 'key' | 'after-member' | 'first-item' | 'item' | 'after-item' | 'done'
type Step = 'more' | 'next'

export class ListStream {
  readonly #sink: ListStreamSink
  #buf: Buffer = Buffer.alloc(0)
  #scan = new BodyScan(this.#buf)
  /** Next unread byte of #buf, and the document offset of #buf[0], for messages. */
  #pos = 0
  #base = 0
  /** Unread bytes to wait for before trying again a value found cut short. */
  #waitFor = 0
  #state: State = 'start'
  /** Whether the `items` array has been entered. */
  #listed = false
  readonly #batches: ItemBatches

  constructor(sink: ListStreamSink) {
    this.#sink = sink
    this.#batches = new ItemBatches((value, index) => sink.item(value, index))
  }

  /** The next part of the document. */
  push(chunk: Uint8Array): void {
    const rest = this.#buf.subarray(this.#pos)
    const joined = Buffer.allocUnsafe(rest.length + chunk.length)
    joined.set(rest)
    joined.set(chunk, rest.length)
    this.#base += this.#pos
    this.#buf = joined
    this.#scan = new BodyScan(joined)
    this.#pos = 0
    if (joined.length >= this.#waitFor) this.#advance(false)
  }

  /** The document has ended: it must have been one whole object. */
  end(): void {
    this.#advance(true)
    if (this.#state !== 'done')
      throw new NotAListStream(`the JSON ends before its object closes, at byte ${this.#offset()}`)
    if (!this.#listed) throw new NotAListStream('the document has no items')
  }

  #offset(at = this.#pos): number {
    return this.#base + at
  }

  /** Reads what #buf holds, then builds the items found (an earlier error than one met later). */
  #advance(final: boolean): void {
    try {
      this.#read(final)
    } catch (err) {
      if (err instanceof NotAListStream) this.#build()
      throw err
    }
    this.#build()
  }

  #read(final: boolean): void {
    for (;;) {
      const buf = this.#buf
      this.#pos = skipWhitespace(buf, this.#pos)
      if (this.#pos >= buf.length) return
      let step: Step
      try {
        step = this.#step(buf, final)
      } catch (err) {
        if (!(err instanceof JsonSyntaxError)) throw err
        if (err.at < buf.length || final)
          throw new NotAListStream(`not valid JSON at byte ${this.#offset(err.at)}`)
        step = 'more'
      }
      if (step === 'more') {
        this.#waitFor = (buf.length - this.#pos) * 2
        return
      }
      this.#waitFor = 0
    }
  }

  /** One move of the state machine from #pos (a byte that is not whitespace). */
  #step(buf: Buffer, final: boolean): Step {
    const c = buf[this.#pos]
    switch (this.#state) {
      case 'start':
        if (c !== OPEN_BRACE) throw new NotAListStream('the document is not a JSON object')
        return this.#move(1, 'first-key')
      case 'first-key':
        return c === CLOSE_BRACE ? this.#move(1, 'done') : this.#member(buf, final)
      case 'key':
        return this.#member(buf, final)
      case 'after-member':
        return this.#separator(c, CLOSE_BRACE, 'key', 'done')
      case 'first-item':
        return c === CLOSE_BRACKET ? this.#move(1, 'after-member') : this.#item(buf, final)
      case 'item':
        return this.#item(buf, final)
      case 'after-item':
        return this.#separator(c, CLOSE_BRACKET, 'item', 'after-member')
      default:
        throw new NotAListStream(`more follows the JSON object, at byte ${this.#offset()}`)
    }
  }

  #move(bytes: number, state: State): Step {
    return this.#moveTo(this.#pos + bytes, state)
  }

  #moveTo(pos: number, state: State): Step {
    this.#pos = pos
    this.#state = state
    return 'next'
  }

  #separator(c: number | undefined, close: number, next: State, closed: State): Step {
    if (c === COMMA) return this.#move(1, next)
    if (c === close) return this.#move(1, closed)
    throw new NotAListStream(`not valid JSON at byte ${this.#offset()}`)
  }

  /** A member of the top object: `items` as an array is entered, any other value read whole. */
  #member(buf: Uint8Array, final: boolean): Step {
    const keyStart = this.#pos
    if (buf[keyStart] !== QUOTE)
      throw new NotAListStream(`not valid JSON at byte ${this.#offset()}`)
    const keyEnd = stringEnd(buf, keyStart, this.#scan.view)
    const colon = skipWhitespace(buf, keyEnd)
    if (colon >= buf.length) return 'more'
    if (buf[colon] !== COLON)
      throw new NotAListStream(`not valid JSON at byte ${this.#offset(colon)}`)
    const start = skipWhitespace(buf, colon + 1)
    if (start >= buf.length) return 'more'
    if (keyEquals(buf, keyStart, keyEnd, 'items')) {
      // A decoder takes the last of several `items` keys, and nothing but an array is a list:
      // such a document is read another way.
      if (buf[start] !== OPEN_BRACKET || this.#listed)
        throw new NotAListStream('the document is not one list of items')
      this.#listed = true
      this.#pos = start
      return this.#move(1, 'first-item')
    }
    const end = scanValue(this.#scan, start, null, 0)
    if (end >= buf.length && !final) return 'more'
    const key = JSON.parse(utf8.decode(buf.subarray(keyStart, keyEnd))) as string
    this.#build()
    this.#sink.member(key, this.#doc(buf), { start, end })
    this.#pos = end
    this.#state = 'after-member'
    return 'next'
  }

  /** A run of items built at once when its end can be guessed, else one item's end found. */
  #item(buf: Buffer, final: boolean): Step {
    const start = this.#pos
    const part = this.#part()
    const runEnd = this.#batches.run(part, start)
    if (runEnd >= 0) return this.#moveTo(runEnd, 'after-item')
    const bounded = opensContainer(buf[start]) ? containerEnd(buf, start) : null
    if (bounded === INCOMPLETE && !final) return 'more'
    let end: number
    if (bounded !== null && bounded >= 0) end = bounded
    else {
      // A scalar, rare in a list, or a container cut short at the document's end or nested
      // too deep: the validating scanner reads it, or refuses it with the place.
      end = scanValue(this.#scan, start, null, 0)
      if (end >= buf.length && !final) return 'more'
    }
    this.#batches.add(part, start, end)
    return this.#moveTo(end, 'after-item')
  }

  /** The items found and not built yet, built and handed over. */
  #build(): void {
    this.#batches.build(this.#part())
  }

  #part(): ItemsPart {
    return { buf: this.#buf, scan: this.#scan, base: this.#base }
  }

  #doc(buf: Uint8Array): IndexedJson {
    return { buf, scan: this.#scan, containerEnds: NO_ENDS }
  }
}
