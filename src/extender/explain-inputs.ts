import type { CompiledNode } from '../core/index.js'
import type { Labels, PlacementNode, PlacementPod } from '../placement/index.js'
import {
  decodePlacementPod,
  field,
  isJsonObject,
  matchingKeysAsGo,
  ProtocolError,
  readStringMap,
  type NodeRef,
} from '../protocol/index.js'

/**
 * What POST /explain reads of a request beyond what the scheduling verbs decode: the pod's
 * placement constraints and the nodes' labels. Parsed with JSON.parse, since explain is off the
 * hot path and reads whole objects; keys matched as Go's encoding/json matches them, as the
 * scheduling verbs match them.
 */

const text = new TextDecoder()

function parse(bytes: Uint8Array, path: string): unknown {
  try {
    return JSON.parse(text.decode(bytes)) as unknown
  } catch (err) {
    throw new ProtocolError(`${path}: ${(err as Error).message}`)
  }
}

/** The request's Pod, with nodeSelector, affinity, labels and nodeName. */
export function explainedPod(body: Uint8Array): PlacementPod {
  const args = parse(body, 'body')
  if (!isJsonObject(args)) throw new ProtocolError('body is not a JSON object')
  return matchingKeysAsGo(() => decodePlacementPod(field(args, 'Pod'), 'Pod'))
}

/** A candidate node's `metadata.labels`. */
function nodeLabels(ref: NodeRef): Labels {
  const node = parse(ref.raw, ref.path)
  if (!isJsonObject(node)) return {}
  return matchingKeysAsGo(() => {
    const metadata = field(node, 'metadata')
    return isJsonObject(metadata)
      ? readStringMap(field(metadata, 'labels'), `${ref.path}.metadata.labels`)
      : {}
  })
}

/** The candidates with their labels, beside their compiled taints (`compiled[i]` is `refs[i]`). */
export function labelledNodes(
  refs: readonly NodeRef[],
  compiled: readonly CompiledNode[]
): PlacementNode[] {
  return compiled.map((node, i) => ({
    name: node.name,
    labels: nodeLabels(refs[i] as NodeRef),
    compiled: node,
  }))
}
