import type { Toleration } from '../core/index.js'
import { decodeTolerations, type PodTolerations } from './decode-objects.js'
import { readArray } from './json-fields.js'
import type { JsonDocument } from './json-index.js'
import { forEachMember, isNullSpan, keyIs, parseSpan, type Span } from './json-walk.js'

/** The value of each wanted member of the object at `span` (last spelling wins, as in Go). */
export function members(
  doc: JsonDocument,
  span: Span,
  path: string,
  wanted: readonly string[]
): (Span | null)[] {
  const found: (Span | null)[] = wanted.map(() => null)
  forEachMember(doc, span.start, path, (keyStart, keyEnd, value) => {
    for (let w = 0; w < wanted.length; w++) {
      if (keyIs(doc.buf, keyStart, keyEnd, wanted[w] as string)) {
        found[w] = isNullSpan(doc.buf, value) ? null : value
        return
      }
    }
  })
  return found
}

const utf8 = new TextDecoder()

/**
 * A pod read from request bytes. Its containers, volumes and managedFields are validated by the
 * scanner and never built; the tolerations are parsed on first use (a cache hit on
 * `tolerationsText` needs none), and the identity only when a log or an explanation asks.
 */
class PodFromBytes implements PodTolerations {
  readonly tolerationsText: string
  readonly #doc: JsonDocument
  readonly #path: string
  readonly #metadata: Span | null
  readonly #list: Span | null
  #tolerations: readonly Toleration[] | undefined
  #identity: { name: string; namespace: string; uid: string } | undefined

  constructor(doc: JsonDocument, span: Span, path: string) {
    this.#doc = doc
    this.#path = path
    const [metadata, spec] = members(doc, span, path, ['metadata', 'spec'])
    this.#metadata = metadata ?? null
    const [list] = spec ? members(doc, spec, `${path}.spec`, ['tolerations']) : [null]
    this.#list = list ?? null
    this.tolerationsText =
      this.#list === null ? '' : utf8.decode(doc.buf.subarray(this.#list.start, this.#list.end))
  }

  get tolerations(): readonly Toleration[] {
    if (this.#tolerations === undefined) {
      const listPath = `${this.#path}.spec.tolerations`
      const parsed =
        this.#list === null ? null : readArray(JSON.parse(this.tolerationsText), listPath)
      this.#tolerations = decodeTolerations(parsed, listPath)
    }
    return this.#tolerations
  }

  get name(): string {
    return this.#identityOf().name
  }

  get namespace(): string {
    return this.#identityOf().namespace
  }

  get uid(): string {
    return this.#identityOf().uid
  }

  /**
   * Name, namespace and UID serve logs and explanations only, so a value of the wrong type reads
   * as "" instead of failing the request: whether a request succeeds must not depend on the log
   * level.
   */
  #identityOf(): { name: string; namespace: string; uid: string } {
    if (this.#identity !== undefined) return this.#identity
    const identity = { name: '', namespace: '', uid: '' }
    if (this.#metadata !== null) {
      const buf = this.#doc.buf
      const spans = members(this.#doc, this.#metadata, `${this.#path}.metadata`, [
        'name',
        'namespace',
        'uid',
      ])
      const text = (span: Span | null | undefined): string => {
        const value: unknown = span ? parseSpan(buf, span) : ''
        return typeof value === 'string' ? value : ''
      }
      identity.name = text(spans[0])
      identity.namespace = text(spans[1])
      identity.uid = text(spans[2])
    }
    return (this.#identity = identity)
  }
}

/** Reads a Pod from the request bytes (see PodFromBytes); a pod that is not an object is an error. */
export function decodePodAt(doc: JsonDocument, span: Span, path: string): PodTolerations {
  return new PodFromBytes(doc, span, path)
}
