import type { ReplacementOf } from '../placement/index.js'

/**
 * Who replaces an evicted pod when the workload objects were not read: a pod without a
 * controller is a bare pod, which nothing recreates; for any other, which pod its controller
 * makes, and when, is not known.
 */
export const replacementsUnread: ReplacementOf = (pod) => {
  const ref = pod.controller ?? null
  return {
    outcome: ref === null ? 'none' : 'unknown',
    owner: ref === null ? null : { kind: ref.kind, name: ref.name },
    pod: null,
    tolerations: [],
    afterSeconds: null,
    waitsForOldPod: false,
    reason:
      ref === null
        ? 'a bare pod: nothing recreates it'
        : `its ${ref.kind} ${pod.namespace}/${ref.name} was not read`,
  }
}
