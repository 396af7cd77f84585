import type { NodeInfo } from './node-info.js'
import type { SnapshotInput } from './types.js'

/**
 * The framework's Score contract as scoring runs it (schedule_one.go `prioritizeNodes`): each
 * plugin's PreScore has run once over the feasible nodes; Score then gives each feasible node a
 * raw score, NormalizeScore (when the plugin has one) rescales the scored nodes' raw scores to
 * 0–100 in place, in the order the nodes were scored, and the total is the sum of each plugin's
 * weight times its normalised score.
 */
export interface ScorePlugin {
  readonly name: string
  /** The default profile's weight (apis/config/v1 default_plugins.go). */
  readonly weight: number
  score(node: NodeInfo): number
  normalize?(scores: number[]): void
}

/**
 * What PreScore answers: the plugin's Score for this pod; Skip (`null`); the cycle's error, as
 * `RunPreScorePlugins` words it (`running PreScore plugin "NAME": ` and the plugin's own words); or the plugin is not scored here, with why (what it reads was not
 * given).
 */
export type PreScoreResult =
  ScorePlugin | null | { readonly error: string } | { readonly notJudged: string }

/** A plugin's PreScore over the feasible nodes, reading the pod and the snapshot from `input`. */
export type PreScore = (input: SnapshotInput, feasible: readonly NodeInfo[]) => PreScoreResult
