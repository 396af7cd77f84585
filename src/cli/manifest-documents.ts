import { loadAll } from 'js-yaml'
import { checkKind, type ExpectedKind } from './manifest-kinds.js'
import { readOnSide, type SideReading } from './workload-kinds.js'
import { field, isJsonObject, listItems, ProtocolError } from '../protocol/index.js'

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

/** An object of a text, and its place among all the objects of the text's documents. */
export interface NumberedObject {
  readonly object: unknown
  readonly index: number
}

/**
 * The objects of every document, each checked to be of the kind `flag` takes; those `side`
 * takes are read on the side instead. Each is numbered by its place among all the objects of
 * the text, those on the side included, as a list read as it arrives numbers its items.
 */
export function objectsOf(
  text: string,
  origin: string,
  expected: ExpectedKind,
  flag: string,
  side?: SideReading
): NumberedObject[] {
  let next = 0
  return documents(text, origin).flatMap((doc, i) => {
    const isList = isJsonObject(doc) && field(doc, 'items') !== undefined
    const kind = isList ? field(doc, 'kind') : undefined
    const listKind = typeof kind === 'string' ? kind : null
    const numbered = listItems(doc, `${origin}[${i}]`).map((object) => ({ object, index: next++ }))
    const objects = numbered.filter(({ object, index }) => !readOnSide(object, side, index))
    for (const { object } of objects) checkKind(object, listKind, expected, flag, origin)
    return objects
  })
}
