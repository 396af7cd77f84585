/**
 * The order in which kube-scheduler names candidate nodes to a node-cache extender, which the
 * main bench does not use: it sends the first `size` nodes in the order the API server lists
 * them, the order the extender indexed them in, so its reads of the index run front to back.
 *
 * kube-scheduler's findNodesThatPassFilters (pkg/scheduler/schedule_one.go) checks nodes from a
 * start that moves on every cycle (nextStartNodeIndex), in parallel: its Parallelizer hands out
 * chunks of consecutive nodes (chunkSizeFor: √n, at most n/parallelism + 1) to `parallelism`
 * goroutines (16 by default), and each node that passes is appended as its check ends. The
 * NodeNames of a call are therefore runs of consecutive nodes from up to 16 chunks, interleaved
 * in the order their checks ended, and cut off at numFeasibleNodesToFind (`count` here). Which
 * check ends next is a seeded random choice among the workers; every node passes, as when the
 * in-tree filters reject none.
 */
import { seededRandom } from './random.js'

const DEFAULT_PARALLELISM = 16

/** upstream's chunkSizeFor (pkg/scheduler/framework/parallelize). */
function chunkSizeFor(n: number, parallelism: number): number {
  return Math.max(1, Math.min(Math.floor(Math.sqrt(n)), Math.floor(n / parallelism) + 1))
}

/** `count` distinct node positions in [0, allNodes), in the order kube-scheduler sends them. */
export function schedulerNodeOrder(
  allNodes: number,
  count: number,
  seed: number,
  parallelism = DEFAULT_PARALLELISM
): number[] {
  if (!Number.isInteger(count) || count < 1 || count > allNodes) {
    throw new Error(`schedulerNodeOrder: count ${count} is not within 1..${allNodes}`)
  }
  const random = seededRandom(seed)
  const start = Math.floor(random() * allNodes)
  const chunk = chunkSizeFor(allNodes, parallelism)
  // Each worker's place in its chunk, and the chunk's end; a worker with next === end is idle.
  const next = new Array<number>(parallelism).fill(0)
  const end = new Array<number>(parallelism).fill(0)
  let handedOut = 0
  const order: number[] = []
  while (order.length < count) {
    const w = Math.floor(random() * parallelism)
    if (next[w] === end[w]) {
      if (handedOut >= allNodes) continue
      next[w] = handedOut
      end[w] = Math.min(handedOut + chunk, allNodes)
      handedOut = end[w] as number
    }
    const i = next[w] as number
    next[w] = i + 1
    order.push((start + i) % allNodes)
  }
  return order
}
