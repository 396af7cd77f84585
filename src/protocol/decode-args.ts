import { decodeNodeRef, decodePod, type NodeRef, type PodTolerations } from './decode-objects.js'
import { field, readArray, readInteger, readObject, readString } from './json-fields.js'
import { ProtocolError } from './protocol-error.js'

/**
 * Decoders for the two request bodies kube-scheduler sends (extender/v1 `ExtenderArgs` and
 * `ExtenderPreemptionArgs`). Keys match in any casing; everything is checked before any rule
 * runs, so a bad request is refused whole, never half-answered.
 */

/** The candidates of a filter or prioritize call: full nodes, or names only (node-cache mode). */
export type Candidates =
  | { readonly kind: 'nodes'; readonly nodes: readonly NodeRef[] }
  | { readonly kind: 'names'; readonly names: readonly string[] }

export interface ExtenderArgs {
  readonly pod: PodTolerations
  readonly candidates: Candidates
}

/** One preemption candidate: the victims' UIDs and the PDB violation count, kept as sent. */
export interface MetaVictims {
  readonly uids: readonly string[]
  readonly numPDBViolations: bigint
}

export interface PreemptionArgs {
  readonly pod: PodTolerations
  /** Candidate node name → victims, in request order. */
  readonly candidates: ReadonlyMap<string, MetaVictims>
}

/** Decodes filter/prioritize arguments; exactly one of `Nodes` and `NodeNames` must be set. */
export function decodeExtenderArgs(body: unknown): ExtenderArgs {
  const args = readObject(body, 'request body', true)
  const pod = decodePod(field(args, 'Pod'), 'Pod')
  const nodeList = readObject(field(args, 'Nodes'), 'Nodes', false)
  const nodeNames = readArray(field(args, 'NodeNames'), 'NodeNames')
  if (nodeList !== null && nodeNames !== null) {
    throw new ProtocolError(
      'both Nodes and NodeNames are set; kube-scheduler sends exactly one (NodeNames when nodeCacheCapable is true)'
    )
  }
  if (nodeList !== null) {
    const items = readArray(field(nodeList, 'items'), 'Nodes.items') ?? []
    const nodes: NodeRef[] = new Array<NodeRef>(items.length)
    for (let i = 0; i < items.length; i++) nodes[i] = decodeNodeRef(items[i], `Nodes.items[${i}]`)
    return { pod, candidates: { kind: 'nodes', nodes } }
  }
  if (nodeNames !== null) {
    const names: string[] = new Array<string>(nodeNames.length)
    for (let i = 0; i < nodeNames.length; i++) {
      const name = nodeNames[i]
      if (typeof name !== 'string' || name === '') {
        throw new ProtocolError(`NodeNames[${i}]: expected a non-empty node name`)
      }
      names[i] = name
    }
    return { pod, candidates: { kind: 'names', names } }
  }
  throw new ProtocolError('request has neither Nodes nor NodeNames')
}

function readVictimUids(victims: Record<string, unknown>, path: string): string[] {
  const pods = readArray(field(victims, 'Pods'), `${path}.Pods`) ?? []
  const uids: string[] = []
  for (let i = 0; i < pods.length; i++) {
    const pod = readObject(pods[i], `${path}.Pods[${i}]`, true)
    // Full victims (Victims) carry v1.Pod objects with metadata.uid; meta victims carry UID.
    const metadata = readObject(field(pod, 'metadata'), `${path}.Pods[${i}].metadata`, false)
    const uid = metadata
      ? readString(field(metadata, 'uid'), `${path}.Pods[${i}].metadata.uid`)
      : readString(field(pod, 'UID'), `${path}.Pods[${i}].UID`)
    uids.push(uid)
  }
  return uids
}

function decodeVictimMap(value: Record<string, unknown>, path: string): Map<string, MetaVictims> {
  const candidates = new Map<string, MetaVictims>()
  for (const name of Object.keys(value)) {
    const entryPath = `${path}[${JSON.stringify(name)}]`
    const victims = readObject(value[name], entryPath, false)
    candidates.set(name, {
      uids: victims ? readVictimUids(victims, entryPath) : [],
      numPDBViolations: victims
        ? (readInteger(field(victims, 'NumPDBViolations'), `${entryPath}.NumPDBViolations`) ?? 0n)
        : 0n,
    })
  }
  return candidates
}

/** Decodes preempt arguments: `NodeNameToVictims` (full pods) or `NodeNameToMetaVictims` (UIDs). */
export function decodePreemptionArgs(body: unknown): PreemptionArgs {
  const args = readObject(body, 'request body', true)
  const pod = decodePod(field(args, 'Pod'), 'Pod')
  const full = readObject(field(args, 'NodeNameToVictims'), 'NodeNameToVictims', false)
  const meta = readObject(field(args, 'NodeNameToMetaVictims'), 'NodeNameToMetaVictims', false)
  if (full !== null && meta !== null) {
    throw new ProtocolError(
      'both NodeNameToVictims and NodeNameToMetaVictims are set; expected one'
    )
  }
  if (full === null && meta === null) {
    throw new ProtocolError('request has neither NodeNameToVictims nor NodeNameToMetaVictims')
  }
  const candidates =
    full !== null
      ? decodeVictimMap(full, 'NodeNameToVictims')
      : decodeVictimMap(meta as Record<string, unknown>, 'NodeNameToMetaVictims')
  return { pod, candidates }
}
