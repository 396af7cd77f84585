import {
  FilterVerdicts,
  judgeProfiles,
  scoreProfiles,
  type CompiledNode,
  type CompiledTolerations,
  type RejectionReason,
} from '../../src/core/index.js'

// The service's one judge and one scorer (judgeProfiles, scoreProfiles) over whole compiled
// nodes, with fresh plain-array answers: how the rule tables state what a list of nodes gets.

/** Which nodes a pod may run on, by index into the list given. */
export interface FilterOutcome {
  readonly passingIndices: number[]
  readonly rejectedIndices: number[]
  readonly rejectedReasons: RejectionReason[]
}

const profilesOf = (nodes: readonly CompiledNode[]) => nodes.map((n) => n.profile)

/** judgeProfiles over `nodes`. */
export function filterNodes(
  pod: CompiledTolerations,
  nodes: readonly CompiledNode[]
): FilterOutcome {
  const verdicts = judgeProfiles(pod, profilesOf(nodes), new FilterVerdicts())
  return {
    passingIndices: Array.from(verdicts.passing.view()),
    rejectedIndices: Array.from(verdicts.rejected.view()),
    rejectedReasons: verdicts.reasons,
  }
}

/** scoreProfiles over `nodes`. */
export function scoreNodes(
  pod: CompiledTolerations,
  nodes: readonly CompiledNode[],
  into: Int32Array | null = null
): Int32Array {
  return scoreProfiles(pod, profilesOf(nodes), into)
}
