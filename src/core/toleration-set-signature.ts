import { boundsNoExecuteStay } from './taint-eviction.js'
import type { Toleration } from './types.js'

/**
 * A key for a toleration set, for the compiled-tolerations cache (after kube-scheduler's own
 * TolerationsSigner, which signs the sorted list). `tolerationSeconds` is part of it, as the
 * eviction rule reads it; and so is the order when a toleration bounds a NoExecute stay, as the
 * rule takes, for each taint, the first toleration that matches (`GetMatchingTolerations`).
 * Other sets are keyed in sorted order, so their permutations share one compiled form.
 */
export function tolerationSetSignature(tolerations: readonly Toleration[]): string {
  if (tolerations.length === 0) return ''
  const parts = tolerations.map((t) =>
    JSON.stringify([t.key, t.operator, t.value, t.effect, t.tolerationSeconds?.toString() ?? null])
  )
  if (tolerations.some(boundsNoExecuteStay)) return 'ordered\n' + parts.join('\n')
  parts.sort()
  return parts.join('\n')
}
