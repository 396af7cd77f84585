import { expect, it } from 'vitest'
import type {
  ClusterPod,
  DisruptionBudget,
  EvictionAnswer,
  LabelSelector,
} from '../../src/placement/index.js'
import { EVICTION_ROWS, type EvictionRow } from '../placement/eviction-api.cases.js'
import { describeWithControlPlane, type KubeApi } from '../support/control-plane/index.js'
import { createNamespace } from '../support/control-plane/scheduling.js'

/**
 * The Eviction API's budget check held to the real kube-apiserver v1.28.7: each row of
 * eviction-api.cases.ts is set up in namespaces of its own (pods with their phase and Ready
 * condition, budgets with their status written as the disruption controller would), its pods
 * evicted in order through `POST pods/NAME/eviction`, and the replies compared with the rows'.
 */

/** The row's namespaces (`shop`, `other`) renamed into the case's own. */
type Rename = (namespace: string) => string

function selectorOf(selector: LabelSelector | null): unknown {
  if (selector === null) return undefined
  return { matchLabels: selector.matchLabels, matchExpressions: selector.matchExpressions }
}

async function createBudget(api: KubeApi, b: DisruptionBudget, ns: Rename): Promise<void> {
  const path = `/apis/policy/v1/namespaces/${ns(b.namespace)}/poddisruptionbudgets`
  const spec = {
    minAvailable: 1,
    selector: selectorOf(b.selector),
    ...(b.unhealthyPodEvictionPolicy
      ? { unhealthyPodEvictionPolicy: b.unhealthyPodEvictionPolicy }
      : {}),
  }
  const created = await api.create(path, { metadata: { name: b.name }, spec })
  const generation = Number((created.metadata as { generation?: number }).generation ?? 1)
  const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z')
  await api.patch(`${path}/${b.name}/status`, {
    status: {
      disruptionsAllowed: b.disruptionsAllowed,
      currentHealthy: b.currentHealthy ?? 0,
      desiredHealthy: b.desiredHealthy ?? 0,
      expectedPods: 3,
      // The row's lag between spec and status, on the generation the server gave.
      observedGeneration: (b.observedGeneration ?? 0) - (b.generation ?? 0) + generation,
      disruptedPods: Object.fromEntries([...b.disruptedPods].map((name) => [name, now])),
    },
  })
}

async function createPod(api: KubeApi, p: ClusterPod, ns: Rename): Promise<void> {
  const path = `/api/v1/namespaces/${ns(p.namespace)}/pods`
  await api.create(path, {
    metadata: {
      name: p.name,
      labels: p.labels,
      // A finalizer keeps a pod deleted here terminating, as one a kubelet is stopping.
      ...(p.terminating === true ? { finalizers: ['example.com/hold'] } : {}),
    },
    spec: { containers: [{ name: 'c', image: 'x' }] },
  })
  const ready = { type: 'Ready', status: p.ready === true ? 'True' : 'False' }
  await api.patch(`${path}/${p.name}/status`, {
    status: { phase: p.phase ?? 'Pending', conditions: [ready] },
  })
  if (p.terminating === true) await api.request('DELETE', `${path}/${p.name}`)
}

/** The reply read as an EvictionAnswer; a granted one names the budget whose allowance fell. */
function answerOf(
  reply: { status: number; body: Record<string, unknown> },
  fell: string | null
): EvictionAnswer {
  const message = String(reply.body.message ?? '')
  if (reply.status === 201 || reply.status === 200) return { kind: 'evicted', budget: fell }
  if (reply.status === 429) {
    const causes = (reply.body.details as { causes?: { message: string }[] } | undefined)?.causes
    return { kind: 'refused', budget: fell ?? '', message, cause: causes?.[0]?.message ?? '' }
  }
  return { kind: 'failed', code: reply.status, message }
}

async function allowances(api: KubeApi, row: EvictionRow, ns: Rename): Promise<number[]> {
  return Promise.all(
    row.budgets.map(async (b) => {
      const path = `/apis/policy/v1/namespaces/${ns(b.namespace)}/poddisruptionbudgets/${b.name}`
      return Number(
        ((await api.get(path)).status as { disruptionsAllowed: number }).disruptionsAllowed
      )
    })
  )
}

/** Each pod evicted in turn; the budget named is the one whose stored allowance fell by one. */
async function evictAll(api: KubeApi, row: EvictionRow, ns: Rename): Promise<EvictionAnswer[]> {
  const answers: EvictionAnswer[] = []
  for (const p of row.pods) {
    const before = await allowances(api, row, ns)
    const reply = await api.request(
      'POST',
      `/api/v1/namespaces/${ns(p.namespace)}/pods/${p.name}/eviction`,
      {
        apiVersion: 'policy/v1',
        kind: 'Eviction',
        metadata: { name: p.name, namespace: ns(p.namespace) },
      }
    )
    const after = await allowances(api, row, ns)
    const fell = row.budgets.find((_, i) => after[i] === (before[i] ?? 0) - 1)
    const refusing = row.budgets.length === 1 ? row.budgets[0] : undefined
    const named = reply.status === 429 ? refusing : fell
    answers.push(answerOf(reply, named === undefined ? null : `${named.namespace}/${named.name}`))
  }
  return answers
}

describeWithControlPlane('the Eviction API’s budget check, against kube-apiserver', (plane) => {
  it.each(Object.entries(EVICTION_ROWS).map(([name, row], i) => [name, row, i] as const))(
    '%s',
    async (_, row, i) => {
      const api = plane().api
      const ns: Rename = (namespace) => `eviction-${i}-${namespace}`
      const namespaces = new Set([...row.pods, ...row.budgets].map((o) => o.namespace))
      for (const namespace of namespaces) await createNamespace(api, ns(namespace))
      for (const b of row.budgets) await createBudget(api, b, ns)
      for (const p of row.pods) await createPod(api, p, ns)
      expect(await evictAll(api, row, ns)).toEqual(row.answers)
    },
    30_000
  )
})
