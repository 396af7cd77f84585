/**
 * In-process micro-benchmarks of the core rules, without HTTP or JSON: the compiled path that
 * serves (CompiledTolerations + compileNode + judgeProfiles/scoreProfiles) against the readable
 * reference (referenceFilterNode / referenceCountIntolerablePreferNoSchedule +
 * normalizeReversedScores), per request and per node. Both must give the same answers.
 */
import {
  compileNode,
  CompiledTolerations,
  FilterVerdicts,
  judgeProfiles,
  normalizeReversedScores,
  referenceCountIntolerablePreferNoSchedule,
  referenceFilterNode,
  scoreProfiles,
  type CompiledNode,
  type NodeTaintsAt,
} from '../src/core/index.js'
import { StringInterner, TaintProfiles } from '../src/node-index/index.js'
import type { Plan } from './plan.js'
import { nodeTaints } from './realistic-node.js'
import { coreTolerations, tolerationsFor } from './realistic-pod.js'
import { median, round1, round3 } from './stats.js'

export interface MicroResult {
  readonly size: number
  /** null for cases that do not depend on the pod. */
  readonly tolerations: number | null
  readonly case: string
  readonly usPerRequest: number
  readonly nsPerNode: number
  /** Reference time over this case's time, for the compiled cases. */
  readonly speedupVsReference: number | null
}

const RULES = { comparisonOperators: true }
let sink = 0

/** Median nanoseconds per call of `fn`, over batches of at least ~1 ms for `minTimeMs`. */
export function measure(fn: () => number, minTimeMs: number): number {
  let perBatch = 1
  for (;;) {
    const start = process.hrtime.bigint()
    for (let i = 0; i < perBatch; i++) sink += fn()
    if (Number(process.hrtime.bigint() - start) > 1e6 || perBatch >= 1 << 20) break
    perBatch *= 2
  }
  const samples: number[] = []
  const end = performance.now() + minTimeMs
  while (performance.now() < end || samples.length < 5) {
    const start = process.hrtime.bigint()
    for (let i = 0; i < perBatch; i++) sink += fn()
    samples.push(Number(process.hrtime.bigint() - start) / perBatch)
  }
  return median(samples)
}

export function runMicro(plan: Plan['micro']): { results: MicroResult[]; problems: string[] } {
  const results: MicroResult[] = []
  const problems: string[] = []
  const row = (size: number, tol: number | null, name: string, ns: number, ref?: number): void => {
    results.push({
      size,
      tolerations: tol,
      case: name,
      usPerRequest: round3(ns / 1000),
      nsPerNode: round1(ns / size),
      speedupVsReference: ref === undefined ? null : round1(ref / ns),
    })
  }
  for (const size of plan.sizes) {
    // Cloned so the nodes lie together in memory, as the compiled ones (built in one loop) do:
    // generated in place, between the generator's garbage, the reference path at 5000 nodes
    // measures cache misses (~190 instead of ~40 ns/node) rather than the rules.
    const fleet: NodeTaintsAt[] = structuredClone(
      Array.from({ length: size }, (_, i) => ({
        ...nodeTaints(i),
        resourceVersion: String(100_000 + i),
      }))
    )
    // As the taint index compiles them: strings and taint profiles shared across the fleet.
    const compileAll = (): CompiledNode[] => {
      const interner = new StringInterner()
      const profiles = new TaintProfiles()
      return fleet.map((n) => compileNode(n, interner, profiles))
    }
    row(
      size,
      null,
      'compileNode ×N (index build)',
      measure(() => compileAll().length, plan.minTimeMs)
    )
    // The node-cache path judges each name's profile, looked up straight from its bytes.
    const profiles = compileAll().map((n) => n.profile)

    for (const count of plan.tolerations) {
      const tols = coreTolerations(tolerationsFor(count))
      const cachedPod = new CompiledTolerations(tols, RULES)
      const refFilter = (): number => {
        let passing = 0
        for (const node of fleet) if (referenceFilterNode(tols, node, RULES) === null) passing++
        return passing
      }
      const refScores = (): Int32Array => {
        const scores = new Int32Array(size)
        for (let i = 0; i < size; i++) {
          scores[i] = referenceCountIntolerablePreferNoSchedule(
            tols,
            fleet[i] as NodeTaintsAt,
            RULES
          )
        }
        normalizeReversedScores(scores)
        return scores
      }
      // Into outputs reused from call to call, as the node-cache path serves (see VerbScratch).
      const verdicts = new FilterVerdicts()
      const scoresInto = new Int32Array(size)
      const compiledFilter = (): number =>
        judgeProfiles(new CompiledTolerations(tols, RULES), profiles, verdicts).passing.length
      const cachedFilter = (): number => judgeProfiles(cachedPod, profiles, verdicts).passing.length
      const compiledScore = (): number =>
        scoreProfiles(new CompiledTolerations(tols, RULES), profiles, scoresInto)[0] ?? 0
      const cachedScore = (): number => scoreProfiles(cachedPod, profiles, scoresInto)[0] ?? 0

      if (compiledFilter() !== refFilter()) {
        problems.push(
          `micro: compiled and reference filters disagree (${size} nodes, ${count} tolerations)`
        )
      }
      const want = refScores()
      const got = scoreProfiles(cachedPod, profiles)
      if (want.some((s, i) => got[i] !== s)) {
        problems.push(
          `micro: compiled and reference scores disagree (${size} nodes, ${count} tolerations)`
        )
      }

      const refF = measure(refFilter, plan.minTimeMs)
      row(size, count, 'filter reference', refF)
      row(
        size,
        count,
        'filter compiled (compile pod + judgeProfiles)',
        measure(compiledFilter, plan.minTimeMs),
        refF
      )
      row(size, count, 'filter compiled (cached pod)', measure(cachedFilter, plan.minTimeMs), refF)
      const refS = measure(() => refScores()[0] ?? 0, plan.minTimeMs)
      row(size, count, 'prioritize reference (+ normalize)', refS)
      row(
        size,
        count,
        'prioritize compiled (compile pod + scoreProfiles)',
        measure(compiledScore, plan.minTimeMs),
        refS
      )
      row(
        size,
        count,
        'prioritize compiled (cached pod)',
        measure(cachedScore, plan.minTimeMs),
        refS
      )
    }
  }
  if (Number.isNaN(sink)) problems.push('micro: impossible checksum')
  return { results, problems }
}
