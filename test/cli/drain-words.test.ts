import { describe, expect, it } from 'vitest'
import { drainSummary, kubectlDrainLines } from '../../src/cli/drain-words.js'
import { planDrain, type ClusterPod, type DisruptionBudget } from '../../src/placement/index.js'
import { budget, flags, pod, V134 } from '../placement/drain-builders.js'

/**
 * The lines kubectl drain prints for a plan (kubectl pkg/cmd/drain/drain.go `RunDrain`,
 * `deleteOrEvictPodsSimple`; pkg/drain/drain.go `evictPods`), from plans of hand-built pods.
 */

function linesOf(
  pods: readonly ClusterPod[],
  budgets: readonly DisruptionBudget[] = [],
  nodes = ['a', 'b']
): { lines: string[]; summary: string } {
  const plan = planDrain({
    nodes: nodes.map((name) => ({ name, unschedulable: false })),
    pods,
    budgets,
    workloads: null,
    flags: flags({ force: true }),
    release: V134,
  })
  return { lines: kubectlDrainLines(plan, V134), summary: drainSummary(plan) }
}

describe('kubectlDrainLines, as kubectl drain prints them', () => {
  it('aggregates several filter errors of one node in brackets, as Go’s NewAggregate does', () => {
    const { lines } = linesOf(
      [pod('cache-0', { localStorage: true }), pod('z', { localStorage: true })],
      [],
      ['a']
    )
    expect(lines).toEqual([
      'node/a cordoned',
      'error: unable to drain node "a" due to error: cannot delete Pods with local storage (use --delete-emptydir-data to override): shop/cache-0, shop/z, continuing command...',
      'There are pending nodes to be drained:',
      ' a',
    ])
  })

  it('joins the groups of several messages in brackets, and the warnings of a drained node with "; "', () => {
    const refused = linesOf(
      [
        pod('cache-0', { localStorage: true }),
        pod('ds', {
          controller: { apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'proxy', uid: 'u' },
        }),
      ],
      [],
      ['a']
    )
    expect(refused.lines[1]).toBe(
      'error: unable to drain node "a" due to error: [cannot delete Pods with local storage (use --delete-emptydir-data to override): shop/cache-0, cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): shop/ds], continuing command...'
    )
    const warned = linesOf(
      [pod('debug', { controller: null }), pod('tmp', { controller: null })],
      [],
      ['a']
    )
    expect(warned.lines).toEqual([
      'node/a cordoned',
      'Warning: deleting Pods that declare no controller: shop/debug, shop/tmp',
      'node/a drained',
    ])
  })

  it('prints the retry line of a refused eviction and stops there: no later node, no drained line', () => {
    const { lines, summary } = linesOf(
      [pod('web-1'), pod('web-2'), pod('web-3', { nodeName: 'b' })],
      [budget(1)]
    )
    expect(lines).toEqual([
      'node/a cordoned',
      'node/b cordoned',
      `error when evicting pods/"web-2" -n "shop" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.`,
    ])
    expect(summary).toBe(
      'drain of 2 node(s): 1 pod(s) evicted, 1 refused by a PodDisruptionBudget, 0 failing, 0 left in place; drain waits at node a until a budget allows more.'
    )
  })

  it('ends a node whose eviction fails with the error of that eviction, and goes on', () => {
    const both = [
      budget(5),
      budget(5, { name: 'all', selector: { matchLabels: {}, matchExpressions: [] } }),
    ]
    const { lines, summary } = linesOf([pod('web-1')], both)
    expect(lines).toEqual([
      'node/a cordoned',
      'node/b cordoned',
      'error: unable to drain node "a" due to error: error when evicting pods/"web-1" -n "shop": This pod has more than one PodDisruptionBudget, which the eviction subresource does not support., continuing command...',
      'node/b drained',
      'There are pending nodes to be drained:',
      ' a',
    ])
    expect(summary).toMatch(
      /0 pod\(s\) evicted, 0 refused by a PodDisruptionBudget, 1 failing.*; drain ends with an error \(exit 1\) at \+0 s\.$/
    )
  })
})
