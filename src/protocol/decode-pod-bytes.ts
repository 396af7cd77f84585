import type { Toleration } from '../core/index.js'
import { decodeTolerations, type PodTolerations } from './decode-objects.js'
import { matchingKeysAsGo, readArray } from '../json/json-fields.js'
import { ProtocolError } from '../json/protocol-error.js'
import type { JsonDocument } from './json-index.js'
import { forEachMember, isNullSpan, keyIs, parseSpan, type Span } from '../json/json-walk.js'

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

/** A `tolerationSeconds` key and its value's token, in any casing (Go matches keys so). */
const TOLERATION_SECONDS_TOKEN = /"tolerationseconds"\s*:\s*([^\s,}\]]+)/gi
const INT64_TOKEN = /^-?(0|[1-9][0-9]*)$/
const INT64_MIN = -(2n ** 63n)
const INT64_MAX = 2n ** 63n - 1n

/**
 * Go decodes `tolerationSeconds` into an int64 and refuses the whole body for a number that is
 * not one: a fraction or exponent (`1.0`, `1e3`) or a value past int64. JSON.parse has already
 * rounded such numbers, so their tokens are checked in the text as received. A quote cannot
 * stand unescaped inside a JSON string, so the pattern finds keys only.
 */
function requireInt64TolerationSeconds(text: string, path: string): void {
  for (const [, token = ''] of text.matchAll(TOLERATION_SECONDS_TOKEN)) {
    if (token === 'null') continue
    const value = INT64_TOKEN.test(token) ? BigInt(token) : null
    if (value === null || value < INT64_MIN || value > INT64_MAX) {
      throw new ProtocolError(`${path}: tolerationSeconds ${token} is not an int64`)
    }
  }
}

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
      // Decoded when first asked for, so the request's key rule is set here (json-fields.ts).
      this.#tolerations = matchingKeysAsGo(() => decodeTolerations(parsed, listPath))
      requireInt64TolerationSeconds(this.tolerationsText, listPath)
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
