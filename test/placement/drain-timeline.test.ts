import { describe, expect, it } from 'vitest'
import type { KubeVersion } from '../../src/core/index.js'
import {
  goDuration,
  planDrain,
  type ClusterPod,
  type DisruptionBudget,
  type DrainFlags,
  type DrainPlan,
  type Landing,
} from '../../src/placement/index.js'
import { budget, daemonSets, flags, pod, V128, V134 } from './drain-builders.js'

/**
 * When kubectl drain's evictions go through (kubectl pkg/drain/drain.go `evictPods`,
 * `waitForDelete`; pkg/cmd/drain/drain.go `RunDrain`): a 429 retried every 5 s until a
 * replacement's readiness gives the budget its allowance back, `--timeout` ending the tries and
 * the waits, `--grace-period` deciding when a node's pods are gone and the next node starts.
 */

interface Case {
  readonly pods: readonly ClusterPod[]
  readonly budgets?: readonly DisruptionBudget[]
  readonly landings?: readonly Landing[]
  readonly flags?: Partial<DrainFlags>
  readonly release?: KubeVersion
}

function plan(c: Case): DrainPlan {
  return planDrain({
    nodes: ['a', 'b'].map((name) => ({ name, unschedulable: false })),
    pods: c.pods,
    budgets: c.budgets ?? [],
    workloads: daemonSets(),
    flags: flags(c.flags),
    release: c.release ?? V134,
    landings: c.landings ?? [],
  })
}

/** Each pod as `name state@evicted→gone xrefusals`, each node as `node start–end`. */
function times(result: DrainPlan): string[] {
  const pods = result.nodes.flatMap((n) =>
    n.pods.map(
      (p) =>
        `${p.pod.name} ${p.state}@${p.evictedAfterSeconds}→${p.goneAfterSeconds} x${p.refusals}`
    )
  )
  const nodes = result.nodes.map((n) => `${n.node} ${n.startsAfterSeconds}–${n.endsAfterSeconds}`)
  return [...pods, ...nodes]
}

const web = (name: string, node = 'a'): ClusterPod => pod(name, { nodeName: node })
const ready = (at: number, labels: Record<string, string> = { app: 'web' }): Landing => ({
  namespace: 'shop',
  labels,
  at,
})
const NO_GRACE = { gracePeriodSeconds: 0 }

describe('the drain timeline, as kubectl drain retries and waits', () => {
  const cases: [string, Case, string[]][] = [
    [
      'a refused eviction goes through at the first 5 s retry after a replacement its budget selects is Ready',
      {
        pods: [web('web-1'), web('web-2')],
        budgets: [budget(1)],
        landings: [ready(0)],
        flags: NO_GRACE,
      },
      ['web-1 evicted@0→0 x0', 'web-2 evicted@5→5 x1', 'a 0–5', 'b 5–5'],
    ],
    [
      'a replacement Ready at second 7 lets the retry at 10 through, after two refusals',
      {
        pods: [web('web-1'), web('web-2')],
        budgets: [budget(1)],
        landings: [ready(7)],
        flags: NO_GRACE,
      },
      ['web-1 evicted@0→0 x0', 'web-2 evicted@10→10 x2', 'a 0–10', 'b 10–10'],
    ],
    [
      'a replacement Ready in the very second of a retry is counted only at the next one',
      {
        pods: [web('web-1'), web('web-2')],
        budgets: [budget(1)],
        landings: [ready(5)],
        flags: NO_GRACE,
      },
      ['web-1 evicted@0→0 x0', 'web-2 evicted@10→10 x2', 'a 0–10', 'b 10–10'],
    ],
    [
      'a replacement the budget does not select frees nothing: the drain waits at node a for ever',
      {
        pods: [web('web-1'), web('web-2'), web('db-0', 'b')],
        budgets: [budget(1)],
        landings: [ready(0, { app: 'db' })],
        flags: NO_GRACE,
      },
      [
        'web-1 evicted@0→0 x0',
        'web-2 refused@null→null x1',
        'db-0 not-reached@null→null x0',
        'a 0–null',
        'b null–null',
      ],
    ],
    [
      'a budget short of healthy pods allows again only once a replacement takes it above desiredHealthy',
      {
        pods: [web('web-1')],
        budgets: [budget(0, { currentHealthy: 1, desiredHealthy: 2 })],
        landings: [ready(1), ready(6)],
        flags: NO_GRACE,
      },
      ['web-1 evicted@10→10 x2', 'a 0–10', 'b 10–10'],
    ],
    [
      'the next node starts when the last pod of the one before is gone, its own grace period used in full',
      {
        pods: [
          web('web-1'),
          pod('web-2', { nodeName: 'a', gracePeriodSeconds: 45 }),
          web('web-3', 'b'),
        ],
      },
      [
        'web-1 evicted@0→30 x0',
        'web-2 evicted@0→45 x0',
        'web-3 evicted@45→75 x0',
        'a 0–45',
        'b 45–75',
      ],
    ],
    [
      '--grace-period replaces every pod’s own, a finished pod going at once',
      {
        pods: [
          pod('web-2', { nodeName: 'a', gracePeriodSeconds: 45 }),
          pod('job-1', { nodeName: 'a', phase: 'Succeeded' }),
        ],
        flags: { gracePeriodSeconds: 3 },
      },
      ['job-1 evicted@0→0 x0', 'web-2 evicted@0→3 x0', 'a 0–3', 'b 3–3'],
    ],
  ]
  it.each(cases)('%s', (_name, c, expected) => {
    expect(times(plan(c))).toEqual(expected)
  })
})

describe('--timeout, as kubectl drain gives up on a node', () => {
  const refusedFor = (timeout: number, release: KubeVersion) =>
    plan({
      pods: [web('web-1'), web('web-2'), web('web-3', 'b')],
      budgets: [budget(1)],
      flags: { timeoutSeconds: timeout, gracePeriodSeconds: 0 },
      release,
    })

  it('tries a refused pod at 0 and 5 s and gives it up at the 10 s try, past an 8 s timeout; the next node starts then and gives up alike', () => {
    const result = refusedFor(8, V134)
    expect(times(result)).toEqual([
      'web-1 evicted@0→0 x0',
      'web-2 timed-out@null→null x2',
      'web-3 timed-out@null→null x2',
      'a 0–10',
      'b 10–20',
    ])
    const web2 = result.nodes[0]?.pods[1]
    expect(web2?.message).toBe(
      'error when evicting pods/"web-2" -n "shop": global timeout reached: 8s'
    )
    expect(result.nodes.map((n) => n.state)).toEqual(['failed', 'failed'])
    expect(result.evictions.map((e) => [e.pod.name, e.afterSeconds])).toEqual([
      ['web-1', 0],
      ['web-2', null],
      ['web-3', null],
    ])
  })

  it('a timeout of exactly one retry step gives up at that step: the try comes a little after it', () => {
    expect(times(refusedFor(5, V134)).slice(0, 2)).toEqual([
      'web-1 evicted@0→0 x0',
      'web-2 timed-out@null→null x1',
    ])
  })

  it('an evicted pod not gone by the timeout fails the wait, in each release’s words', () => {
    const long = (release: KubeVersion) =>
      plan({ pods: [web('web-1')], flags: { timeoutSeconds: 20 }, release }).nodes[0]?.pods[0]
    expect(long(V134)).toMatchObject({
      state: 'timed-out',
      evictedAfterSeconds: 0,
      goneAfterSeconds: 30,
    })
    expect(long(V134)?.message).toBe(
      'error when waiting for pod "web-1" in namespace "shop" to terminate: context deadline exceeded'
    )
    expect(long(V128)?.message).toBe(
      'error when waiting for pod "web-1" in namespace "shop" to terminate: global timeout reached: 20s'
    )
  })

  it('--disable-eviction waits for all its deletes in one wait, whose timeout is the node’s error', () => {
    const deleted = (release: KubeVersion) =>
      plan({ pods: [web('web-1')], flags: { disableEviction: true, timeoutSeconds: 20 }, release })
    expect(deleted(V134).nodes[0]?.pods[0]?.message).toBe('context deadline exceeded')
    expect(deleted(V128).nodes[0]?.pods[0]?.message).toBe('timed out waiting for the condition')
    expect(deleted(V134).nodes[0]?.endsAfterSeconds).toBe(20)
  })

  it('words durations as Go does', () => {
    expect([8, 90, 3600, 5400].map(goDuration)).toEqual(['8s', '1m30s', '1h0m0s', '1h30m0s'])
  })
})
