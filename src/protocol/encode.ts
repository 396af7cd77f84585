import type { MetaVictims } from './decode-preemption-args.js'

/**
 * Encoders for extender/v1 replies, always in the PascalCase kube-scheduler's Go types produce
 * (no json tags there, so the field names are the keys) and with every field present, as Go
 * writes them. Replies are built as strings directly: they can hold thousands of entries, and
 * this skips building an intermediate object only to walk it again.
 */

/**
 * A reply body: one string, or chunks written one after another. Full-node filter replies are
 * chunks so the passing nodes' request bytes go out as they came, without a copy.
 */
export type ReplyBody = string | Uint8Array | readonly (string | Uint8Array)[]

/** Parallel arrays of node names and the reason each was rejected for. */
export interface NodeReasons {
  readonly names: readonly string[]
  readonly reasons: readonly string[]
}

/**
 * What a full-node filter call answers. Node-cache filter replies are written from the
 * request's own name literals instead (encode-names.ts), so `NodeNames` is always null here.
 */
export interface FilterReply {
  /** The passing node objects, as the bytes received. */
  readonly nodes: readonly Uint8Array[]
  /** Unschedulable: preemption may still help (unknown nodes). */
  readonly failed: NodeReasons
  /** UnschedulableAndUnresolvable: preemption cannot help (taints, cordons). */
  readonly failedAndUnresolvable: NodeReasons
}

export const EMPTY_NODE_REASONS: NodeReasons = Object.freeze({ names: [], reasons: [] })

function encodeFailedNodesMap(map: NodeReasons): string {
  if (map.names.length === 0) return '{}'
  let out = '{'
  for (let i = 0; i < map.names.length; i++) {
    if (i > 0) out += ','
    out += JSON.stringify(map.names[i]) + ':' + JSON.stringify(map.reasons[i])
  }
  return out + '}'
}

/**
 * `ExtenderFilterResult` in full-node mode: Nodes, NodeNames (null), FailedNodes,
 * FailedAndUnresolvableNodes, Error, with `Nodes` a NodeList as Go encodes it,
 * `{"metadata":{},"items":[…]}`.
 */
export function encodeFilterResult(reply: FilterReply): ReplyBody {
  const tail =
    ',"NodeNames":null,"FailedNodes":' +
    encodeFailedNodesMap(reply.failed) +
    ',"FailedAndUnresolvableNodes":' +
    encodeFailedNodesMap(reply.failedAndUnresolvable) +
    ',"Error":""}'
  const chunks: (string | Uint8Array)[] = ['{"Nodes":{"metadata":{},"items":[']
  for (let i = 0; i < reply.nodes.length; i++) {
    if (i > 0) chunks.push(',')
    chunks.push(reply.nodes[i] as Uint8Array)
  }
  chunks.push(']}' + tail)
  return chunks
}

/** `HostPriorityList`: a bare array of `{"Host","Score"}`, in the order of `hosts`. */
export function encodeHostPriorityList(
  hosts: readonly string[],
  scores: ArrayLike<number>
): string {
  let out = '['
  for (let i = 0; i < hosts.length; i++) {
    if (i > 0) out += ','
    out += '{"Host":' + JSON.stringify(hosts[i]) + ',"Score":' + String(scores[i]) + '}'
  }
  return out + ']'
}

/** `ExtenderPreemptionResult`: always the meta form, whatever form the request used. */
export function encodePreemptionResult(candidates: ReadonlyMap<string, MetaVictims>): string {
  let out = '{"NodeNameToMetaVictims":{'
  let first = true
  for (const [name, victims] of candidates) {
    if (!first) out += ','
    first = false
    out += JSON.stringify(name) + ':{"Pods":['
    for (let i = 0; i < victims.uids.length; i++) {
      if (i > 0) out += ','
      out += '{"UID":' + JSON.stringify(victims.uids[i]) + '}'
    }
    out += '],"NumPDBViolations":' + victims.numPDBViolations.toString() + '}'
  }
  return out + '}}'
}

/** The body of every refused request: the protocol's `Error` field and nothing else. */
export function encodeError(message: string): string {
  return JSON.stringify({ Error: message })
}

/**
 * A filter reply that fails the whole call with `message`: kube-scheduler puts the text in the
 * pod's FailedScheduling event (unless the extender is ignorable), so it must say what to do.
 */
export function encodeFilterError(message: string): string {
  return (
    '{"Nodes":null,"NodeNames":null,"FailedNodes":{},"FailedAndUnresolvableNodes":{},"Error":' +
    JSON.stringify(message) +
    '}'
  )
}
