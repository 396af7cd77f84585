import type { TopologyCounts } from './inter-pod-affinity-counts.js'
import type { IncomingTerm } from './inter-pod-affinity-terms.js'
import type { Snapshot } from './snapshot.js'

/**
 * The counts of an incoming pod's required affinity terms (interpodaffinity filtering.go
 * `getIncomingAffinityAntiAffinityCounts`, its affinity half), kept for the next pod judged with
 * the same terms against the same snapshot while the snapshot is unchanged. The pods of one
 * workload share their terms, and a term such as "the web tier's zone" selects a good part of
 * the cluster, so that `explain --pending` counted the same pods again for every replica. Any
 * AddPod or RemovePod on the snapshot drops what was kept. The counts kept are only read: a
 * cycle's AddPod and RemovePod go to its own AffinityPodChanges.
 */

/** Term lists kept per snapshot, the least recently used dropped first. */
const KEPT = 64

interface Kept {
  readonly changes: number
  readonly bySignature: Map<string, TopologyCounts>
}

const memo = new WeakMap<Snapshot, Kept>()

/** What the counts depend on: each term's place, namespaces, selector and topology key. */
function signature(terms: readonly IncomingTerm[]): string {
  return JSON.stringify(
    terms.map((t) => [
      t.index,
      t.everyNamespace,
      [...t.namespaces].sort(),
      t.term.topologyKey,
      t.term.labelSelector,
    ])
  )
}

/** The counts of `terms` over `snapshot`: those kept, or `count()`'s, then kept. */
export function affinityCountsOf(
  snapshot: Snapshot,
  terms: readonly IncomingTerm[],
  count: () => TopologyCounts
): TopologyCounts {
  if (terms.length === 0) return count()
  let kept = memo.get(snapshot)
  if (kept === undefined || kept.changes !== snapshot.changes) {
    kept = { changes: snapshot.changes, bySignature: new Map() }
    memo.set(snapshot, kept)
  }
  const key = signature(terms)
  const counts = kept.bySignature.get(key) ?? count()
  kept.bySignature.delete(key)
  kept.bySignature.set(key, counts)
  if (kept.bySignature.size > KEPT) {
    const oldest = kept.bySignature.keys().next().value
    if (oldest !== undefined) kept.bySignature.delete(oldest)
  }
  return counts
}
