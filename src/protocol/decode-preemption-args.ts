import { NO_CANDIDATE_LIMIT, refuseOverParsing } from './candidate-limit.js'
import { decodePod, type PodTolerations } from './decode-objects.js'
import { indexJson } from './json-index.js'
import {
  field,
  matchingKeysAsGo,
  readArray,
  readInteger,
  readObject,
  readString,
} from '../json/json-fields.js'
import { ProtocolError } from '../json/protocol-error.js'

/**
 * Decoder for extender/v1 `ExtenderPreemptionArgs`. Preempt is rare and its body small in
 * node-cache mode, so it is parsed whole; keys match in any casing, and everything is checked
 * before any rule runs.
 */

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

/**
 * Decodes preempt arguments: `NodeNameToVictims` (full pods) or `NodeNameToMetaVictims` (UIDs).
 * Parsed whole, so refused with 413 when that would take more than `maxNodes` decoded nodes;
 * keys matched as Go's encoding/json matches them.
 */
export function decodePreemptionArgs(
  buf: Uint8Array,
  maxNodes = NO_CANDIDATE_LIMIT
): PreemptionArgs {
  // The scanner validates first: its messages name a byte offset, never the body's content
  // (V8's SyntaxError quotes the text around the fault), and it bounds nesting as Go does.
  indexJson(buf)
  refuseOverParsing(buf, maxNodes, 'preempt request')
  const body: unknown = JSON.parse(new TextDecoder().decode(buf))
  return matchingKeysAsGo(() => readPreemptionArgs(body))
}

function readPreemptionArgs(body: unknown): PreemptionArgs {
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
