import { loadAll } from 'js-yaml'
import {
  decodeManifestNode,
  decodeManifestPod,
  listItems,
  ProtocolError,
  type ManifestNode,
  type ManifestPod,
} from '../protocol/index.js'

/**
 * Reads what `kubectl get … -o json|yaml` prints, or a manifest: JSON, YAML, several YAML
 * documents, or a List with `items`. YAML 1.2's JSON schema is a superset of JSON, so one
 * parser serves both.
 */
function documents(text: string, origin: string): unknown[] {
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

function objectsOf(text: string, origin: string): unknown[] {
  return documents(text, origin).flatMap((doc, i) => listItems(doc, `${origin}[${i}]`))
}

export function readNodes(text: string, origin: string): ManifestNode[] {
  const objects = objectsOf(text, origin)
  if (objects.length === 0) throw new ProtocolError(`${origin}: no nodes found`)
  return objects.map((o, i) => decodeManifestNode(o, `${origin}: node ${i}`))
}

export function readPods(text: string, origin: string): ManifestPod[] {
  return objectsOf(text, origin).map((o, i) => decodeManifestPod(o, `${origin}: pod ${i}`))
}

/** Exactly one pod: explain answers for one pod at a time. */
export function readOnePod(text: string, origin: string): ManifestPod {
  const pods = readPods(text, origin)
  if (pods.length !== 1)
    throw new ProtocolError(`${origin}: expected one pod, found ${pods.length}`)
  return pods[0] as ManifestPod
}
