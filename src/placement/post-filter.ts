import type { KubeVersion } from '../core/index.js'
import { postFilterEnding, profileHasDynamicResources } from './kube-releases.js'
import {
  REASON_PREEMPTION_NOT_HELPFUL,
  type DryRun,
  type PreemptionCandidate,
} from './preemption.js'

/**
 * What kube-scheduler's PostFilter plugins append to the FailedScheduling message of a pod that
 * fits no node, where it follows from what is judged here. The default profile runs
 * DynamicResources then DefaultPreemption (pkg/scheduler/apis/config/v1 default_plugins.go);
 * the framework (`RunPostFilterPlugins`) joins the Unschedulable messages with ", " and stops at
 * the first plugin that succeeds, and FitError.Error appends the result after a space.
 *
 * - DynamicResources.PostFilter, for a pod without resource claims: `no new claims to deallocate`
 *   (where the release's default profile has the plugin).
 * - DefaultPreemption (pkg/scheduler/framework/preemption `Evaluator.Preempt`):
 *   `PodEligibleToPreemptOthers` refuses a pod with `preemptionPolicy: Never`; when no node is
 *   merely Unschedulable (`nodesWherePreemptionMightHelp` keeps none) its own FitError counts
 *   every node as `Preemption is not helpful for scheduling`; otherwise the dry run
 *   (preemption.ts) decides: a candidate means a nominated node and nothing appended, none means
 *   the dry run's FitError.
 */

export interface PostFilterPod {
  readonly preemptionPolicy: string
  readonly resourceClaims: number
  /** `status.nominatedNodeName`; "" when unset. */
  readonly nominatedNodeName: string
}

export interface PostFilterOutcome {
  /** What FailedScheduling appends after the Filter part: "" for nothing, null when unknown. */
  readonly message: string | null
  readonly candidates: readonly PreemptionCandidate[]
  /** Why the outcome is unknown, as a not-judged entry; null when it is known. */
  readonly notJudged: string | null
}

/**
 * PostFilter's part as the release writes it: DynamicResources' words first where the profile has
 * the plugin, then preemption's, then what FitError.Error closes it with (kube-releases.ts).
 */
function postFilterPart(release: KubeVersion, preemption: string): string {
  const dra = profileHasDynamicResources(release) ? 'no new claims to deallocate, ' : ''
  return `${dra}preemption: ${preemption}${postFilterEnding(release)}`
}

function known(message: string, candidates: readonly PreemptionCandidate[] = []) {
  return { message, candidates, notJudged: null }
}

function unknown(notJudged: string): PostFilterOutcome {
  return { message: null, candidates: [], notJudged }
}

/**
 * The PostFilter outcome. `potential`: the nodes preemption might help on; `dryRun` runs the
 * dry run over them, asked only when the answer depends on it.
 */
export function postFilterOutcome(
  release: KubeVersion,
  pod: PostFilterPod,
  total: number,
  potential: readonly string[],
  dryRun: () => DryRun
): PostFilterOutcome {
  if (pod.resourceClaims > 0)
    return unknown('PostFilter (DynamicResources: the pod has resource claims)')
  if (pod.preemptionPolicy === 'Never')
    return known(postFilterPart(release, 'not eligible due to preemptionPolicy=Never.'))
  if (potential.length === 0)
    return known(
      postFilterPart(
        release,
        `0/${total} nodes are available: ${total} ${REASON_PREEMPTION_NOT_HELPFUL}.`
      )
    )
  // PodEligibleToPreemptOthers: a pod nominated to a node preemption might help on waits for
  // that node's terminating lower-priority pods, which are not read here.
  if (potential.includes(pod.nominatedNodeName))
    return unknown(
      `preemption (DefaultPreemption: the pod is nominated to ${pod.nominatedNodeName}, whose terminating pods are not read)`
    )
  const run = dryRun()
  if (run.kind === 'unknown') return unknown(`preemption (DefaultPreemption: ${run.why})`)
  if (run.kind === 'candidates') return known('', run.candidates)
  // An Error status from DefaultPreemption ends PostFilter with its words alone
  // (`RunPostFilterPlugins` drops the reasons of the plugins before it).
  if (run.kind === 'error') return known(`preemption: ${run.message}${postFilterEnding(release)}`)
  return known(postFilterPart(release, run.message))
}
