import { diagnoseInSnapshot } from './diagnosis.js'
import type { PlacementDiagnosis, SnapshotInput } from './types.js'

/**
 * Where kube-scheduler would put one pod: the diagnosis, and the nodes of the highest total
 * score (it binds one of them at random, schedule_one.go `selectHost`), or null when the pod
 * stays Pending. The forecast of what happens next takes this as a function so that the
 * scoring runner can be given in.
 */

export interface NodeChoice {
  /** The tied best nodes, in node order. */
  readonly nodes: readonly string[]
  /** Their total score; null when the nodes were not scored. */
  readonly score: number | null
}

export interface ChosenPlacement {
  readonly diagnosis: PlacementDiagnosis
  readonly choice: NodeChoice | null
}

export type ChooseNode = (input: SnapshotInput) => ChosenPlacement

/** The choice without scores: every feasible node, all tied. */
export const feasibleNodesTied: ChooseNode = (input) => {
  const diagnosis = diagnoseInSnapshot(input)
  if (diagnosis.available === 0 || diagnosis.schedulingError !== null)
    return { diagnosis, choice: null }
  const nodes = diagnosis.nodes.filter((n) => n.verdict === 'fits').map((n) => n.name)
  return { diagnosis, choice: { nodes, score: null } }
}
