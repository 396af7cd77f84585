import type { ClusterPod, DisruptionBudget, EvictionAnswer } from '../../src/placement/index.js'
import { budget, pod } from './drain-builders.js'

/**
 * The Eviction API's budget check (pkg/registry/core/pod/storage/eviction.go, v1.28.7): pods
 * evicted one after another against the budgets' stored status, each row the answers in order.
 * Run in process (eviction-api.test.ts) and against the real API server
 * (test/control-plane/eviction-api.test.ts).
 */

export interface EvictionRow {
  readonly budgets: readonly DisruptionBudget[]
  readonly pods: readonly ClusterPod[]
  readonly answers: readonly EvictionAnswer[]
}

const VIOLATES = "Cannot evict pod as it would violate the pod's disruption budget."
const granted: EvictionAnswer = { kind: 'evicted', budget: 'shop/web' }
const free: EvictionAnswer = { kind: 'evicted', budget: null }
const refused = (cause: string): EvictionAnswer => ({
  kind: 'refused',
  budget: 'shop/web',
  message: VIOLATES,
  cause,
})
const NEEDS = refused('The disruption budget web needs 2 healthy pods and has 3 currently')

export const EVICTION_ROWS: Record<string, EvictionRow> = {
  'a pod no budget selects is evicted without touching any allowance': {
    budgets: [budget(0, { selector: { matchLabels: { app: 'db' }, matchExpressions: [] } })],
    pods: [pod('web-1')],
    answers: [free],
  },
  'each granted eviction takes one from the allowance, so the next one past it is refused (429)': {
    budgets: [budget(1)],
    pods: [pod('web-1'), pod('web-2')],
    answers: [granted, NEEDS],
  },
  'a pod two budgets select fails with the 500 the eviction subresource answers': {
    budgets: [
      budget(5),
      budget(5, { name: 'all', selector: { matchLabels: {}, matchExpressions: [] } }),
    ],
    pods: [pod('web-1')],
    answers: [
      {
        kind: 'failed',
        code: 500,
        message:
          'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.',
      },
    ],
  },
  'an empty selector selects every pod of its namespace, one without labels too': {
    budgets: [budget(0, { selector: { matchLabels: {}, matchExpressions: [] } })],
    pods: [pod('bare', { labels: {} })],
    answers: [NEEDS],
  },
  'an absent selector selects no pod': {
    budgets: [budget(0, { selector: null })],
    pods: [pod('web-1')],
    answers: [free],
  },
  'a budget of another namespace does not count': {
    budgets: [budget(0, { namespace: 'other' })],
    pods: [pod('web-1')],
    answers: [free],
  },
  'Pending, Succeeded, Failed and terminating pods are deleted whatever the budget says': {
    budgets: [budget(0)],
    pods: [
      pod('web-1', { phase: 'Pending', ready: false }),
      pod('web-2', { phase: 'Succeeded', ready: false }),
      pod('web-3', { phase: 'Failed', ready: false }),
      pod('web-4', { terminating: true }),
    ],
    answers: [free, free, free, free],
  },
  'a pod not Ready goes without the allowance while the budget has its healthy pods (IfHealthyBudget by default)':
    {
      budgets: [budget(1)],
      pods: [pod('web-1', { ready: false }), pod('web-2'), pod('web-3')],
      answers: [free, granted, NEEDS],
    },
  'a pod not Ready takes the allowance when the budget lacks healthy pods, and is refused at 0': {
    budgets: [budget(0, { currentHealthy: 1 })],
    pods: [pod('web-1', { ready: false })],
    answers: [refused('The disruption budget web needs 2 healthy pods and has 1 currently')],
  },
  'a pod not Ready goes under AlwaysAllow even when the budget lacks healthy pods': {
    budgets: [budget(0, { currentHealthy: 1, unhealthyPodEvictionPolicy: 'AlwaysAllow' })],
    pods: [pod('web-1', { ready: false })],
    answers: [free],
  },
  'a pod not Ready under a budget desiring no healthy pod takes the allowance': {
    budgets: [budget(1, { currentHealthy: 0, desiredHealthy: 0 })],
    pods: [pod('web-1', { ready: false }), pod('web-2', { ready: false })],
    answers: [
      granted,
      refused('The disruption budget web needs 0 healthy pods and has 0 currently'),
    ],
  },
  'a budget whose status lags its spec refuses with 429 until the controller catches up': {
    budgets: [budget(3, { generation: 2, observedGeneration: 1 })],
    pods: [pod('web-1')],
    answers: [refused('The disruption budget web is still being processed by the server.')],
  },
  'more than 2000 unconfirmed evictions in disruptedPods are forbidden (403)': {
    budgets: [
      budget(5, { disruptedPods: new Set(Array.from({ length: 2001 }, (_, i) => `p${i}`)) }),
    ],
    pods: [pod('web-1')],
    answers: [
      {
        kind: 'failed',
        code: 403,
        message:
          'poddisruptionbudget.policy "web" is forbidden: DisruptedPods map too big - too many evictions not confirmed by PDB controller',
      },
    ],
  },
}
