import { ItemRuns } from './item-bounds.js'
import { type BodyScan, scanValue, skipWhitespace } from './json-scan.js'
import { JsonSyntaxError, NotAListStream } from './protocol-error.js'

/**
 * The items of a list document's `items` array built by JSON.parse, many at a time, and handed
 * over in order and numbered: a run guessed by item-bounds.ts where it can, else a batch of
 * items bounded one by one. All of a part's items are built before the next part comes.
 */

/** The part of the document the items are in, and the document offset of its first byte. */
export interface ItemsPart {
  readonly buf: Buffer
  readonly scan: BodyScan
  readonly base: number
}

/**
 * Items bounded one by one are built in batches of about this many bytes: one JSON.parse call
 * for many small items costs less than one each. A batch is kept small beside the young
 * generation (16 MiB semi-spaces in V8's default configuration) because each scavenge that runs
 * while a batch's objects are still held copies all of them; with batches of a whole part, that
 * copying was most of the collector's time.
 */
const BATCH_BYTES = 1 << 16

const utf8 = new TextDecoder()

export class ItemBatches {
  readonly #item: (value: unknown, index: number) => void
  readonly #runs = new ItemRuns()
  #items = 0
  /** The items bounded one by one and not built yet: from the first's start to the last's end. */
  #start = 0
  #end = 0
  #count = 0

  constructor(item: (value: unknown, index: number) => void) {
    this.#item = item
  }

  /** An item bounded one by one at [start, end) of the part. */
  add(part: ItemsPart, start: number, end: number): void {
    if (this.#count++ === 0) this.#start = start
    this.#end = end
    this.#runs.bounded(part.base + end)
    if (end - this.#start >= BATCH_BYTES) this.build(part)
  }

  /**
   * The items of a run starting at `start`, built by one JSON.parse after the batch: the run's
   * end, or -1 when there is no guess or JSON.parse refuses it (its items are then bounded one
   * by one, to the place of the error if any).
   */
  run(part: ItemsPart, start: number): number {
    const end = this.#runs.runEnd(part.buf, start, part.base)
    if (end < 0) return -1
    this.build(part)
    const values = parseItems(part.buf, start, end)
    if (values === null) {
      this.#runs.refused(part.base + end)
      return -1
    }
    this.#handOver(values)
    return end
  }

  /** The batch built by one JSON.parse and handed over. */
  build(part: ItemsPart): void {
    if (this.#count === 0) return
    this.#count = 0
    const values = parseItems(part.buf, this.#start, this.#end)
    if (values === null) refuse(part, this.#start, this.#end)
    this.#handOver(values)
  }

  #handOver(values: readonly unknown[]): void {
    for (const value of values) this.#item(value, this.#items++)
  }
}

/** The place of the first error in the items at [start, end), which JSON.parse refused. */
function refuse({ buf, scan, base }: ItemsPart, start: number, end: number): never {
  try {
    for (let at = start; at < end;) {
      at = skipWhitespace(buf, scanValue(scan, at, null, 0))
      if (at < end) at = skipWhitespace(buf, at + 1)
    }
  } catch (err) {
    if (err instanceof JsonSyntaxError)
      throw new NotAListStream(`not valid JSON at byte ${base + err.at}`)
    throw err
  }
  throw new NotAListStream(`not valid JSON between bytes ${base + start} and ${base + end}`)
}

/** The items at [start, end) built by one JSON.parse, or null when it refuses them. */
function parseItems(buf: Uint8Array, start: number, end: number): unknown[] | null {
  try {
    return JSON.parse(`[${utf8.decode(buf.subarray(start, end))}]`) as unknown[]
  } catch {
    return null
  }
}
