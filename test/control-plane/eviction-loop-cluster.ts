import { podSpec } from './forecast-cluster.js'

/**
 * The cluster of the eviction-loop suite: two pools of two nodes alike, `plain` placed by a
 * kube-scheduler with the default profile alone, `guarded` by one calling this extender. In each
 * pool a one-replica Deployment tolerating `maint=yes:NoExecute` for LOOP_SECONDS runs on node
 * `<pool>-1`, which it prefers (`disk=ssd`, preferred node affinity), and a filler loads
 * `<pool>-2`: once `<pool>-1` is tainted and the pod evicted, `<pool>-1` still scores best
 * (NodeAffinity, LeastAllocated), by more than PodTopologySpread can take off it. That margin
 * matters: kube-scheduler may place the replacement before its cache has seen the evicted pod
 * terminating, and then counts that pod in the spread (the cache and the scheduling queue are
 * two handlers of the pod informer, `addAllEventHandlers` in pkg/scheduler/eventhandlers.go,
 * each run by client-go in a goroutine of its own, so neither waits for the other).
 */

export const LOOP_NS = 'loop'
export const LOOP_SECONDS = 5
export const PLAIN_SCHEDULER = 'default-profile-only'
export const POOLS = ['plain', 'guarded'] as const
export type Pool = (typeof POOLS)[number]

export function loopNodes(): Record<string, unknown>[] {
  return POOLS.flatMap((pool) =>
    [1, 2].map((i) => {
      const name = `${pool}-${i}`
      const capacity = { cpu: '4', memory: '8Gi', pods: '110' }
      return {
        metadata: {
          name,
          labels: { 'kubernetes.io/hostname': name, pool, ...(i === 1 ? { disk: 'ssd' } : {}) },
        },
        status: {
          capacity,
          allocatable: capacity,
          conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'ready' }],
        },
      }
    })
  )
}

const SSD = {
  weight: 100,
  preference: { matchExpressions: [{ key: 'disk', operator: 'In', values: ['ssd'] }] },
}

export function loopDeployment(pool: Pool): Record<string, unknown> {
  const name = `${pool}-app`
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name },
    spec: {
      replicas: 1,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: {
          schedulerName: pool === 'plain' ? PLAIN_SCHEDULER : 'default-scheduler',
          nodeSelector: { pool },
          affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [SSD] } },
          tolerations: [
            {
              key: 'maint',
              operator: 'Equal',
              value: 'yes',
              effect: 'NoExecute',
              tolerationSeconds: LOOP_SECONDS,
            },
          ],
          ...podSpec('500m', '512Mi'),
        },
      },
    },
  }
}

export function loopFiller(pool: Pool): Record<string, unknown> {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: `${pool}-filler` },
    spec: podSpec('2', '4Gi', { nodeName: `${pool}-2` }),
  }
}
