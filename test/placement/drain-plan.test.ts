import { describe, expect, it } from 'vitest'
import {
  planDrain,
  type ClusterPod,
  type DisruptionBudget,
  type DrainFlags,
  type DrainInput,
  type DrainPlan,
} from '../../src/placement/index.js'
import { budget, daemonSets, flags, owner, pod, V128, V134 } from './drain-builders.js'

/**
 * kubectl drain's sequence (kubectl pkg/cmd/drain/drain.go `RunDrain`, pkg/drain/drain.go),
 * planned: nodes in turn, a refused node evicting nothing, a budget's refusal holding the drain.
 */

function plan(
  pods: readonly ClusterPod[],
  more: { budgets?: DisruptionBudget[]; flags?: DrainFlags; nodes?: string[] } = {}
): DrainPlan {
  const input: DrainInput = {
    nodes: (more.nodes ?? ['a', 'b']).map((name) => ({ name, unschedulable: name === 'b' })),
    pods,
    budgets: more.budgets ?? [],
    workloads: daemonSets('proxy'),
    flags: more.flags ?? flags(),
    release: V134,
  }
  return planDrain(input)
}

/** Each node's state and each pod's, as `node: ns/pod=state[blockedBy]`. */
function states(result: DrainPlan): string[] {
  return result.nodes.map(
    (n) =>
      `${n.node} ${n.state}: ` +
      n.pods
        .map((p) => `${p.pod.name}=${p.state}${p.blockedBy === null ? '' : `[${p.blockedBy}]`}`)
        .join(' ')
  )
}

const DS = owner('DaemonSet', 'proxy')

describe('planDrain, as kubectl drain goes through its nodes', () => {
  it('a node with one pod the filters refuse evicts none of its pods, and the next node is still drained', () => {
    const result = plan([
      pod('web-1'),
      pod('debug', { controller: null }),
      pod('cache-0', { localStorage: true }),
      pod('web-2', { nodeName: 'b' }),
    ])
    expect(states(result)).toEqual([
      'a refused: cache-0=error debug=error web-1=kept',
      'b drained: web-2=evicted',
    ])
    expect(result.nodes[0]?.errors).toEqual([
      {
        message: 'Pods with local storage (use --delete-emptydir-data to override)',
        pods: ['shop/cache-0'],
      },
      {
        message: 'cannot delete Pods that declare no controller (use --force to override)',
        pods: ['shop/debug'],
      },
    ])
    expect(result).toMatchObject({ failed: true, waits: false })
    expect(result.evictions.map((e) => [e.pod.name, e.afterSeconds, e.blockedBy])).toEqual([
      ['web-2', 0, null],
    ])
  })

  it('pods sharing a filter message are grouped as kubectl prints them, in list order', () => {
    const result = plan(
      [pod('z', { controller: null }), pod('y', { controller: null, namespace: 'dev' })],
      {
        nodes: ['a'],
      }
    )
    expect(result.nodes[0]?.errors).toEqual([
      {
        message: 'cannot delete Pods that declare no controller (use --force to override)',
        pods: ['dev/y', 'shop/z'],
      },
    ])
  })

  it('a budget refusing an eviction holds the drain at its node: the nodes after it are not reached', () => {
    const result = plan([pod('web-1'), pod('web-2'), pod('web-3', { nodeName: 'b' })], {
      budgets: [budget(1)],
    })
    expect(states(result)).toEqual([
      'a waiting: web-1=evicted web-2=refused[shop/web]',
      'b not-reached: web-3=not-reached',
    ])
    expect(result).toMatchObject({ failed: false, waits: true })
    expect(result.evictions.map((e) => [e.pod.name, e.afterSeconds, e.blockedBy])).toEqual([
      ['web-1', 0, null],
      ['web-2', null, 'shop/web'],
    ])
  })

  it('the allowance a node’s evictions take is gone for the next node', () => {
    const result = plan([pod('web-1'), pod('web-2', { nodeName: 'b' })], { budgets: [budget(1)] })
    expect(states(result)).toEqual([
      'a drained: web-1=evicted',
      'b waiting: web-2=refused[shop/web]',
    ])
  })

  it('a budget’s last disruptions go to the pods in the API server’s list order: namespace, then name', () => {
    const result = plan([pod('web-b'), pod('web-a')], { budgets: [budget(1)], nodes: ['a'] })
    expect(states(result)).toEqual(['a waiting: web-a=evicted web-b=refused[shop/web]'])
  })

  it('--disable-eviction deletes every pod the filters let through, whatever the budgets say', () => {
    const result = plan([pod('web-1'), pod('web-2')], {
      budgets: [budget(0), budget(0, { name: 'other' })],
      flags: flags({ disableEviction: true }),
      nodes: ['a'],
    })
    expect(states(result)).toEqual(['a drained: web-1=deleted web-2=deleted'])
    expect(result.evictions.every((e) => e.afterSeconds === 0 && e.blockedBy === null)).toBe(true)
  })

  it('--pod-selector lists only the pods it matches: a bare pod it leaves out refuses nothing', () => {
    const result = plan(
      [pod('web-1'), pod('debug', { controller: null, labels: { app: 'debug' } })],
      {
        flags: flags({ podSelector: (labels) => labels.app === 'web' }),
        nodes: ['a'],
      }
    )
    expect(states(result)).toEqual(['a drained: web-1=evicted'])
  })

  it('an eviction error other than a budget’s fails the node once the rest are evicted, and drain moves on', () => {
    const result = plan([pod('web-1'), pod('web-2', { nodeName: 'b' })], {
      budgets: [
        budget(5),
        budget(5, { name: 'all', selector: { matchLabels: {}, matchExpressions: [] } }),
      ],
    })
    expect(states(result)).toEqual(['a failed: web-1=failed', 'b failed: web-2=failed'])
    expect(result).toMatchObject({ failed: true, waits: false })
    expect(result.nodes[0]?.pods[0]?.message).toBe(
      'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.'
    )
  })

  it('warnings are kept for a node the filters let through, and mirror and ignored DaemonSet pods stay', () => {
    const result = plan(
      [
        pod('proxy-x', { controller: DS }),
        pod('etcd-a', { mirror: true }),
        pod('debug', { controller: null }),
        pod('web-1'),
      ],
      { flags: flags({ ignoreDaemonSets: true, force: true }), nodes: ['a'] }
    )
    expect(states(result)).toEqual([
      'a drained: debug=evicted etcd-a=left proxy-x=left web-1=evicted',
    ])
    expect(result.nodes[0]?.warnings).toEqual([
      { message: 'deleting Pods that declare no controller', pods: ['shop/debug'] },
      { message: 'ignoring DaemonSet-managed Pods', pods: ['shop/proxy-x'] },
    ])
  })

  it('a node refused by the filters prints no warnings, as kubectl stops before them', () => {
    const result = plan(
      [pod('proxy-x', { controller: DS }), pod('cache-0', { localStorage: true })],
      {
        flags: flags({ ignoreDaemonSets: true }),
        nodes: ['a'],
      }
    )
    expect(result.nodes[0]).toMatchObject({ state: 'refused', warnings: [] })
  })

  it('pods of other nodes are not listed, and a node already cordoned says so', () => {
    const result = plan([pod('web-1', { nodeName: 'c' })])
    expect(states(result)).toEqual(['a drained: ', 'b drained: '])
    expect(result.nodes.map((n) => n.alreadyCordoned)).toEqual([false, true])
  })

  it('speaks with the release’s kubectl: 1.28 names a bare pod without "cannot delete"', () => {
    const result = planDrain({
      nodes: [{ name: 'a', unschedulable: false }],
      pods: [pod('debug', { controller: null })],
      budgets: [],
      workloads: null,
      flags: flags(),
      release: V128,
    })
    expect(result.nodes[0]?.errors[0]?.message).toBe(
      'Pods declare no controller (use --force to override)'
    )
  })
})
