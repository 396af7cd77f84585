/**
 * A request kube-scheduler (or anyone) sent that cannot be answered as it stands. The message
 * names the offending place as a JSON path (e.g. `Nodes.items[3].metadata.name`) and says what
 * was expected there; it is safe to return to the client, as it never echoes values.
 */
export class ProtocolError extends Error {
  override readonly name = 'ProtocolError'
  /** The HTTP status this error maps to: 400 for a bad body, 415 for a wrong content type. */
  readonly status: 400 | 413 | 415

  constructor(message: string, status: 400 | 413 | 415 = 400) {
    super(message)
    this.status = status
  }
}

/**
 * Invalid JSON at byte `at`. A reader of a document that arrives in parts (see list-stream.ts)
 * tells by `at` whether the bytes are wrong or only not all there yet.
 */
export class JsonSyntaxError extends ProtocolError {
  readonly at: number

  constructor(message: string, at: number) {
    super(message)
    this.at = at
  }
}

/** The document is not one JSON object, or is not valid JSON: it must be read another way. */
export class NotAListStream extends Error {
  override readonly name = 'NotAListStream'
}
