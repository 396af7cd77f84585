import { describe, expect, it } from 'vitest'
import type { NodeTaintsAt } from '../../src/core/index.js'
import { GATE_OFF, node } from '../core/builders.js'
import { numFeasibleNodesToFind, successiveCycles } from './scheduling-cycle.js'

/**
 * What percentageOfNodesToScore does to a filter extender, on a simulated 5000-node cluster:
 * with the in-tree taint filters on, the extender is sent nodes they already let through; with
 * them off, it judges whatever nodes come next in the list, and a pod's candidates shrink to the
 * untainted ones among them. docs/compatibility.md#sampling draws the recommendation from this.
 */

/** Pools of 250 consecutive nodes (node lists run in name order): 8 kinds, repeated. */
const POOLS: readonly (readonly string[])[] = [
  [],
  ['nvidia.com/gpu=present:NoSchedule'],
  ['dedicated=db:NoSchedule'],
  ['dedicated=batch:NoSchedule'],
  ['dedicated=ml:NoExecute'],
  ['spot=true:PreferNoSchedule'],
  [],
  ['nvidia.com/gpu=present:NoSchedule'],
]
const POOL_SIZE = 250
const CLUSTER: NodeTaintsAt[] = Array.from({ length: 5000 }, (_, i) =>
  node(`node-${String(i).padStart(4, '0')}`, {
    taints: POOLS[Math.floor(i / POOL_SIZE) % POOLS.length] ?? [],
  })
)
const PLAIN_POD: never[] = []
const UNTAINTED = CLUSTER.filter((n) => n.taints.every((t) => t.effect === 'PreferNoSchedule'))

describe('numFeasibleNodesToFind, as schedule_one.go computes it', () => {
  it.each([
    [50, 0, 50],
    [100, 0, 100],
    [500, 0, 230],
    [1000, 0, 420],
    [3000, 0, 780],
    [5000, 0, 500],
    [10000, 0, 500],
    [5000, 30, 1500],
    [5000, 100, 5000],
    [200, 10, 100],
  ])('%i nodes at percentageOfNodesToScore %i: stops after %i feasible nodes', (n, p, found) => {
    expect(numFeasibleNodesToFind(n, p)).toBe(found)
  })
})

describe('a plain pod scheduled 40 times in a row on 5000 nodes, 3 in 8 pools untainted', () => {
  const options = { rules: GATE_OFF }

  it('beside the in-tree taint filters: the extender is sent 500 nodes and keeps all 500', () => {
    const cycles = successiveCycles(CLUSTER, PLAIN_POD, 40, {
      ...options,
      inTreeTaintFilters: true,
    })
    expect(new Set(cycles.map((c) => c.sent.length))).toEqual(new Set([500]))
    expect(new Set(cycles.map((c) => c.candidates.length))).toEqual(new Set([500]))
  })

  it('instead of them: the extender is sent the next 500 nodes whatever their taints, and keeps only the untainted', () => {
    const cycles = successiveCycles(CLUSTER, PLAIN_POD, 40, {
      ...options,
      inTreeTaintFilters: false,
    })
    const candidates = cycles.map((c) => c.candidates.length)
    expect(new Set(cycles.map((c) => c.sent.length))).toEqual(new Set([500]))
    // A window of 500 covers two pools: two tainted pools in a row leave nothing to choose from,
    // a tainted pool beside an untainted one half the window.
    expect(new Set(candidates)).toEqual(new Set([0, 250]))
  })

  it('instead of them, with percentageOfNodesToScore 100: every node is sent every time, all untainted ones kept', () => {
    const cycles = successiveCycles(CLUSTER, PLAIN_POD, 3, {
      ...options,
      inTreeTaintFilters: false,
      percentageOfNodesToScore: 100,
    })
    expect(cycles.map((c) => [c.sent.length, c.candidates.length])).toEqual(
      Array(3).fill([5000, UNTAINTED.length])
    )
  })

  it('instead of them: a window of PreferNoSchedule nodes becomes all the pod is offered', () => {
    const cycles = successiveCycles(CLUSTER, PLAIN_POD, 40, {
      ...options,
      inTreeTaintFilters: false,
    })
    const onlyPreferNoSchedule = cycles.filter(
      (c) => c.candidates.length > 0 && c.candidates.every((n) => n.taints.length > 0)
    )
    // Beside the in-tree filters the window is 500 nodes that pass them, untainted ones among them.
    expect(onlyPreferNoSchedule.length).toBeGreaterThan(0)
  })
})
