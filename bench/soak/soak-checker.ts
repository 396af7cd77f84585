/**
 * Judges one reply against the readable reference rules (src/core/reference-rules.ts) applied to
 * the node states the request was built from. A node whose state may still be travelling to the
 * extender's index (see SoakFleet.settled) is counted as in flight, not judged.
 */
import {
  normalizeReversedScores,
  referenceCountIntolerablePreferNoSchedule,
  referenceFilterNode,
  type NodeTaints,
} from '../../src/core/index.js'
import type { SoakRequest } from './soak-requests.js'

/**
 * The extender runs with the comparison operators' feature gate on (processes.ts) and its default
 * `--evicting-nodes=reject`, so the reference applies the eviction rule too.
 */
const RULES = { comparisonOperators: true, evictingNodes: 'reject' } as const

export interface Judged {
  /** One line per wrong verdict or malformed part of the reply; empty when right. */
  readonly wrong: string[]
  /** Node verdicts compared with the reference. */
  readonly checked: number
  /** Node verdicts not judged: the node changed within its propagation window. */
  readonly inFlight: number
}

interface FilterResult {
  Nodes?: { items?: unknown[] } | null
  NodeNames?: string[] | null
  FailedNodes?: Record<string, string>
  FailedAndUnresolvableNodes?: Record<string, string>
}

/**
 * Every candidate must appear exactly once, passing (Nodes.items or NodeNames, in request
 * order) or in FailedAndUnresolvableNodes with upstream's reason; FailedNodes stays empty since
 * every node exists. Full mode: passing items are the node objects as sent, byte for byte.
 */
function checkFilterReply(
  request: SoakRequest,
  reply: unknown,
  isSettled: (i: number) => boolean
): Judged {
  const { names, snapshot, tolerations, mode, itemJson } = request
  const result = reply as FilterResult
  const wrong: string[] = []
  const failed = result.FailedNodes ?? {}
  const rejected = result.FailedAndUnresolvableNodes ?? {}
  if (Object.keys(failed).length > 0) {
    wrong.push(`FailedNodes is not empty: ${JSON.stringify(failed).slice(0, 200)}`)
  }
  let passing: string[]
  if (mode === 'full') {
    const items = result.Nodes?.items
    if (!Array.isArray(items) || result.NodeNames !== null) {
      return { wrong: ['full mode: Nodes.items missing or NodeNames set'], checked: 0, inFlight: 0 }
    }
    passing = items.map((item) => (item as { metadata: { name: string } }).metadata.name)
    const sentByName = new Map(names.map((n, i) => [n, itemJson?.[i]]))
    items.forEach((item, k) => {
      if (JSON.stringify(item) !== sentByName.get(passing[k] as string)) {
        wrong.push(`passing node ${passing[k]} is not the object sent`)
      }
    })
  } else {
    if (!Array.isArray(result.NodeNames) || result.Nodes !== null) {
      return { wrong: ['names mode: NodeNames missing or Nodes set'], checked: 0, inFlight: 0 }
    }
    passing = result.NodeNames
  }
  const position = new Map(names.map((n, i) => [n, i]))
  let last = -1
  for (const name of passing) {
    const at = position.get(name)
    if (at === undefined || at <= last) wrong.push(`${name} passes out of order or twice`)
    else last = at
    if (name in rejected) wrong.push(`${name} both passes and is rejected`)
  }
  const passes = new Set(passing)
  let checked = 0
  names.forEach((name, i) => {
    const got = passes.has(name) ? null : (rejected[name] ?? 'missing from the reply')
    if (!isSettled(i)) {
      if (got === 'missing from the reply') wrong.push(`${name} is missing from the reply`)
      return
    }
    checked++
    const expected = referenceFilterNode(tolerations, snapshot[i] as NodeTaints, RULES)
    if (got !== expected) {
      wrong.push(`${name}: got ${got ?? 'fits'}, reference says ${expected ?? 'fits'}`)
    }
  })
  for (const name of Object.keys(rejected)) {
    if (!position.has(name)) wrong.push(`${name} rejected but never a candidate`)
  }
  return { wrong, checked, inFlight: names.length - checked }
}

/** Throws when the reply is not an answer at all (status, JSON, Error field): an error. */
export function parseReply(status: number, text: string): unknown {
  if (status !== 200) throw new Error(`HTTP ${status}: ${text.slice(0, 200)}`)
  const reply = JSON.parse(text) as unknown
  if (reply !== null && typeof reply === 'object' && 'Error' in reply && reply.Error !== '') {
    throw new Error(`Error: ${String(reply.Error).slice(0, 200)}`)
  }
  return reply
}

/** Wrong verdicts (empty when right), and how many node verdicts were judged or in flight. */
export function judgeReply(
  request: SoakRequest,
  reply: unknown,
  settled: (name: string) => boolean
): Judged {
  const isSettled = (i: number): boolean =>
    (request.mode === 'full' && request.verb !== 'preempt') || settled(request.names[i] as string)
  if (request.verb === 'filter') return checkFilterReply(request, reply, isSettled)
  if (request.verb === 'prioritize') return checkPrioritizeReply(request, reply, isSettled)
  return checkPreemptReply(request, reply, isSettled)
}

function checkPrioritizeReply(
  request: SoakRequest,
  reply: unknown,
  isSettled: (i: number) => boolean
): Judged {
  const { names, snapshot, tolerations } = request
  const list = reply as { Host?: unknown; Score?: unknown }[]
  if (!Array.isArray(list) || list.length !== names.length) {
    return { wrong: [`expected ${names.length} host priorities`], checked: 0, inFlight: 0 }
  }
  const wrong: string[] = []
  const counts = snapshot.map((n) =>
    referenceCountIntolerablePreferNoSchedule(tolerations, n, RULES)
  )
  const settledIdx = names.map((_, i) => i).filter(isSettled)
  list.forEach((entry, i) => {
    const ok = Number.isInteger(entry.Score) && (entry.Score as number) >= 0
    if (entry.Host !== names[i] || !ok || (entry.Score as number) > 10) {
      wrong.push(`entry ${i} is ${JSON.stringify(entry)}, expected host ${names[i]} with 0..10`)
    }
  })
  if (wrong.length > 0) return { wrong, checked: 0, inFlight: 0 }
  const scoreOf = (i: number): number => list[i]?.Score as number
  if (settledIdx.length === names.length) {
    const expected = Int32Array.from(counts)
    normalizeReversedScores(expected)
    for (const i of settledIdx) {
      if (scoreOf(i) !== expected[i]) {
        wrong.push(`${names[i]}: score ${scoreOf(i)}, expected ${expected[i]} (raw ${counts[i]})`)
      }
    }
    return { wrong, checked: names.length, inFlight: 0 }
  }
  // Nodes in flight may change the highest raw count the scores are normalised by; the settled
  // nodes' scores must agree with one such maximum.
  const settledMax = Math.max(0, ...settledIdx.map((i) => counts[i] as number))
  const fits = (max: number): boolean =>
    settledIdx.every((i) => {
      const expected = max === 0 ? 10 : 10 - Math.floor((10 * (counts[i] as number)) / max)
      return scoreOf(i) === expected
    })
  let feasible = settledMax === 0 && fits(0)
  for (let max = Math.max(1, settledMax); !feasible && max <= 32; max++) feasible = fits(max)
  if (!feasible) {
    const detail = settledIdx.slice(0, 5).map((i) => `${names[i]}=${scoreOf(i)}(raw ${counts[i]})`)
    wrong.push(`settled scores fit no normalisation maximum: ${detail.join(', ')}, ...`)
  }
  return {
    wrong,
    checked: settledIdx.length,
    inFlight: names.length - settledIdx.length,
  }
}

function checkPreemptReply(
  request: SoakRequest,
  reply: unknown,
  isSettled: (i: number) => boolean
): Judged {
  const { names, snapshot, tolerations, victims } = request
  const kept = (reply as { NodeNameToMetaVictims?: unknown }).NodeNameToMetaVictims
  if (kept === null || typeof kept !== 'object' || victims === null) {
    return { wrong: ['NodeNameToMetaVictims is not an object'], checked: 0, inFlight: 0 }
  }
  const keptMap = kept as Record<string, { Pods?: { UID?: unknown }[]; NumPDBViolations?: unknown }>
  const wrong: string[] = []
  for (const name of Object.keys(keptMap)) {
    const sent = victims.get(name)
    const entry = keptMap[name]
    if (sent === undefined) {
      wrong.push(`${name} kept but never a candidate`)
      continue
    }
    const uids = (entry?.Pods ?? []).map((p) => p.UID)
    const pdb = Math.floor(sent.length / 2)
    if (JSON.stringify(uids) !== JSON.stringify(sent) || entry?.NumPDBViolations !== pdb) {
      wrong.push(`${name}: victims ${JSON.stringify(entry)} differ from those sent`)
    }
  }
  let checked = 0
  names.forEach((name, i) => {
    if (!isSettled(i)) return
    checked++
    const reason = referenceFilterNode(tolerations, snapshot[i] as NodeTaints, RULES)
    if (name in keptMap !== (reason === null)) {
      wrong.push(
        `${name}: ${name in keptMap ? 'kept' : 'dropped'}, reference says ${reason ?? 'fits'}`
      )
    }
  })
  return { wrong, checked, inFlight: names.length - checked }
}
