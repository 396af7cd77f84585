import { BytePool, type ByteLender, type BytePoolOptions } from '../protocol/index.js'
import { BodyBuffers } from './body-buffers.js'
import { VerbScratch } from './verb-scratch.js'

/** Node-cache replies are written into these; 4 MiB holds the prioritize reply to some 100 000 names. */
const REPLY_BUFFERS: BytePoolOptions = { keep: 4, maxBytes: 4 * 1024 * 1024 }

/** How many VerbScratch are kept: one per call in flight at once, and calls rarely overlap. */
const KEPT_SCRATCH = 4

/**
 * What a server's requests borrow memory from: the buffers bodies are joined in, the buffers
 * node-cache replies are written into, and the verbs' working lists. Each is as large as a
 * request (a 5000-name body and reply are some 150 KB each): allocated fresh, they were most of a
 * request's garbage, and V8 starts a collection whenever enough external memory piles up. The
 * server makes one of these and takes a RequestMemory from it per request.
 */
export class RequestMemories {
  readonly bodies: BodyBuffers
  readonly replies = new BytePool(REPLY_BUFFERS)
  readonly #scratch: VerbScratch[] = []

  constructor(maxBodyBytes: number) {
    this.bodies = new BodyBuffers(maxBodyBytes)
  }

  /** The memory of one request; release it once its reply has been sent or abandoned. */
  take(): RequestMemory {
    return new RequestMemory(this)
  }

  takeScratch(): VerbScratch {
    return this.#scratch.pop() ?? new VerbScratch()
  }

  giveScratch(scratch: VerbScratch): void {
    if (this.#scratch.length < KEPT_SCRATCH) this.#scratch.push(scratch)
  }
}

/**
 * Everything one request borrows, with one owner: the server takes it before reading the body,
 * the verb writes its reply into it, and the server releases it once, when the response is done
 * (sent in full, or its connection gone). Until then nothing it lent is lent again, so the body
 * may be read and the reply written from these buffers for the whole life of the request.
 *
 * Without stores (a verb called directly, in a test or a tool) everything is allocated fresh and
 * left to the collector.
 */
export class RequestMemory implements ByteLender {
  readonly #stores: RequestMemories | null
  #body: Uint8Array | null = null
  #replies: Uint8Array[] | null = null
  #scratch: VerbScratch | null = null
  #released = false

  constructor(stores: RequestMemories | null = null) {
    this.#stores = stores
  }

  /** A buffer of at least `minBytes` to join the request body in (its contents are left over). */
  bodyBuffer(minBytes: number): Uint8Array {
    const stores = this.#live()
    if (stores === null) return new Uint8Array(minBytes)
    if (this.#body !== null) stores.bodies.give(this.#body)
    this.#body = stores.bodies.take(minBytes)
    return this.#body
  }

  /** The verb's working lists (see VerbScratch). */
  scratch(): VerbScratch {
    if (this.#scratch === null) {
      this.#scratch = this.#live()?.takeScratch() ?? new VerbScratch()
    }
    return this.#scratch
  }

  /** A buffer of at least `minBytes` for the reply (see ByteWriter). */
  take(minBytes: number): Uint8Array {
    const stores = this.#live()
    if (stores === null) return new Uint8Array(minBytes)
    const bytes = stores.replies.take(minBytes)
    ;(this.#replies ??= []).push(bytes)
    return bytes
  }

  /** Takes back a reply buffer the reply outgrew, before the request is done. */
  give(bytes: Uint8Array): void {
    const lent = this.#replies
    const at = lent === null ? -1 : lent.indexOf(bytes)
    if (lent === null || at < 0 || this.#stores === null) return
    lent.splice(at, 1)
    this.#stores.replies.give(bytes)
  }

  /** Gives back everything lent to this request; later calls do nothing. */
  release(): void {
    const stores = this.#stores
    if (this.#released || stores === null) return
    this.#released = true
    if (this.#body !== null) stores.bodies.give(this.#body)
    for (const bytes of this.#replies ?? []) stores.replies.give(bytes)
    if (this.#scratch !== null) stores.giveScratch(this.#scratch)
    this.#body = null
    this.#replies = null
    this.#scratch = null
  }

  /** The stores, or null once released (what is asked for then is simply not pooled). */
  #live(): RequestMemories | null {
    return this.#released ? null : this.#stores
  }
}
