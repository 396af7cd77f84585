import { loadAll } from 'js-yaml'
import { ProtocolError } from '../protocol/index.js'

/**
 * Reads what `kubectl get … -o json|yaml` prints, or a manifest: JSON, YAML, several YAML
 * documents, or a List with `items`. A JSON list (what kubectl prints and the API server
 * answers) is read as it arrives, object by object (manifest-stream.ts); any other document is
 * read whole: YAML 1.2's JSON schema is a superset of JSON, so one parser serves the rest.
 */
export function documents(text: string, origin: string): unknown[] {
  const json = jsonDocument(text)
  if (json !== undefined) return json === null ? [] : [json]
  let docs: unknown[]
  try {
    docs = loadAll(text, undefined, { json: true })
  } catch (err) {
    throw new ProtocolError(
      `${origin}: not YAML or JSON: ${(err as Error).message.split('\n')[0] ?? ''}`
    )
  }
  return docs.filter((d) => d !== null && d !== undefined)
}

/**
 * JSON text (what `kubectl get -o json` prints) read by JSON.parse, many times faster than the
 * YAML parser on a cluster's worth of pods; undefined when the text is not JSON, which the YAML
 * parser then reads or refuses with its own message.
 */
function jsonDocument(text: string): unknown {
  const start = text.trimStart()[0]
  if (start !== '{' && start !== '[') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}
