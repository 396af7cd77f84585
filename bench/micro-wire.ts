/**
 * In-process micro-benchmarks of node-cache mode's per-name work outside the rules: reading the
 * request's NodeNames where they lie (decode), finding each name's node by its bytes (lookup),
 * and writing the reply from the request's own name literals (encode). At 5000 names these,
 * not the rules, are most of a request's time (see micro.ts for the rules).
 */
import { IntList, MAX_EXTENDER_PRIORITY, type TaintProfile } from '../src/core/index.js'
import { TaintIndex } from '../src/node-index/index.js'
import {
  BytePool,
  decodeExtenderArgs,
  encodeNamesFilterResult,
  encodeNamesHostPriorityList,
  type NodeNameList,
} from '../src/protocol/index.js'
import type { MicroResult } from './micro.js'
import { measure } from './micro.js'
import { nodeNames, requestBody } from './payloads.js'
import type { Plan } from './plan.js'
import { nodeName, nodeTaints } from './realistic-node.js'
import { tolerationsFor } from './realistic-pod.js'
import { round1, round3 } from './stats.js'

/** The index holds this many times the names asked about, as a cluster holds more nodes. */
const INDEX_PER_REQUESTED = 3

function namesOf(body: Uint8Array, spans: IntList): NodeNameList {
  const args = decodeExtenderArgs(body, spans)
  if (args.candidates.kind !== 'names') throw new Error('expected a NodeNames request')
  return args.candidates.names
}

export function runWireMicro(plan: Plan['micro']): { results: MicroResult[]; problems: string[] } {
  const results: MicroResult[] = []
  const problems: string[] = []
  const row = (size: number, name: string, ns: number): void => {
    results.push({
      size,
      tolerations: 3,
      case: name,
      usPerRequest: round3(ns / 1000),
      nsPerNode: round1(ns / size),
      speedupVsReference: null,
    })
  }
  for (const size of plan.sizes) {
    const body = new Uint8Array(requestBody('names', size, tolerationsFor(3)))
    const spans = new IntList()
    const index = new TaintIndex()
    for (let i = 0; i < size * INDEX_PER_REQUESTED; i++) {
      index.upsert({ ...nodeTaints(i), name: nodeName(i), resourceVersion: String(i + 1) })
    }
    const names = namesOf(body, spans)
    const profiles: (TaintProfile | undefined)[] = []
    const lookUp = (): number => {
      index.profilesByBytes(names, profiles)
      let found = 0
      for (let i = 0; i < names.length; i++) if (profiles[i] !== undefined) found++
      return found
    }
    if (lookUp() !== size) problems.push(`micro: ${size - lookUp()} names not found by bytes`)

    // Replies into pooled buffers given straight back, as the server does once a reply is sent.
    const pool = new BytePool({ keep: 2, maxBytes: 4 * 1024 * 1024 })
    const scores = Int32Array.from({ length: size }, (_, i) => i % (MAX_EXTENDER_PRIORITY + 1))
    const allPass = Int32Array.from({ length: size }, (_, i) => i)
    const none = { indices: [], reasons: [] }
    const prioritize = (): number => {
      const reply = encodeNamesHostPriorityList(names, null, scores, pool)
      pool.give(reply)
      return reply.length
    }
    const filter = (): number => {
      const reply = encodeNamesFilterResult(names, allPass, none, none, pool)
      pool.give(reply)
      return reply.length
    }
    const wanted = nodeNames(size)
    const reply = JSON.parse(
      Buffer.from(encodeNamesHostPriorityList(names, null, scores)).toString()
    ) as unknown
    const expected = wanted.map((Host, i) => ({ Host, Score: scores[i] }))
    if (JSON.stringify(reply) !== JSON.stringify(expected)) {
      problems.push(`micro: the prioritize reply for ${size} names is not the names and scores`)
    }

    row(
      size,
      'NodeNames request decode (pod + names scanned)',
      measure(() => namesOf(body, spans).length, plan.minTimeMs)
    )
    row(
      size,
      `NodeNames lookup by bytes (index of ${size * INDEX_PER_REQUESTED})`,
      measure(lookUp, plan.minTimeMs)
    )
    row(size, 'prioritize reply encode (HostPriorityList)', measure(prioritize, plan.minTimeMs))
    row(size, 'filter reply encode (every name passes)', measure(filter, plan.minTimeMs))
  }
  return { results, problems }
}
