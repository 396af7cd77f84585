import { afterAll, beforeAll, expect, it } from 'vitest'
import type { KubeApi } from '../support/control-plane/index.js'
import { describeWithControlPlane } from '../support/control-plane/index.js'
import { createNamespace } from '../support/control-plane/scheduling.js'
import { setCordons } from './cordons.js'
import { eventually } from '../support/eventually.js'
import { runTool } from '../cli/run-tool.js'
import {
  createAll,
  KUBELET_START_MS,
  startClusterParts,
  waitForBudgets,
  waitForRunning,
  type ClusterParts,
} from './forecast-harness.js'
import { readyNode } from './forecast-cluster.js'
import { kubectl } from './kubectl-run.js'
import type { PodHistory } from './pod-timeline.js'

/**
 * `forecast --drain` of two nodes against a real `kubectl drain a b --grace-period=0
 * --timeout=8s` (kube-controller-manager's disruption controller and ReplicaSets,
 * kube-scheduler with this extender, the stand-in kubelet reporting pods Ready 2 s after they
 * are bound). Chosen so that nothing races: one budgeted pod per budget per node, so list order
 * cannot matter; the replacements' best node (c) empty while the only other one (d) is three
 * quarters full, so no old pod still on its node can change where they land. Budget `web`
 * (alpha on a, beta on b) allows one eviction: alpha goes at once, node a is done at once
 * (grace 0), beta is refused on node b until alpha's replacement is Ready, and goes at the
 * 5 s retry. Budget `gamma` allows none: kubectl gives gamma up at the 10 s try, past 8 s.
 */

const NS = 'retry'

function deployment(name: string, cpu: string, more: Record<string, unknown> = {}) {
  const labels = { app: name, ...(name === 'gamma' || name === 'filler' ? {} : { tier: 'web' }) }
  const containers = [{ name: 'main', image: 'nginx', resources: { requests: { cpu } } }]
  return {
    kind: 'Deployment',
    metadata: { name },
    spec: {
      replicas: 1,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels }, spec: { containers, ...more } },
    },
  }
}

function budget(name: string, selector: Record<string, string>) {
  const spec = { minAvailable: 1, selector: { matchLabels: selector } }
  return { kind: 'PodDisruptionBudget', metadata: { name }, spec }
}

async function buildCluster(api: KubeApi, extenderPort: number): Promise<void> {
  for (const name of ['a', 'b', 'c', 'd'])
    await api.create('/api/v1/nodes', readyNode(name, { cpu: '4', memory: '8Gi' }))
  await createNamespace(api, NS)
  await setCordons(api, extenderPort, (name) => name !== 'a')
  await createAll(api, NS, [deployment('alpha', '100m')])
  await waitForRunning(api, NS, 1)
  await setCordons(api, extenderPort, (name) => name !== 'b')
  await createAll(api, NS, [deployment('beta', '100m'), deployment('gamma', '100m')])
  await waitForRunning(api, NS, 3)
  await setCordons(api, extenderPort, () => false)
  const onD = { nodeSelector: { 'kubernetes.io/hostname': 'd' } }
  await createAll(api, NS, [deployment('filler', '3', onD)])
  await waitForRunning(api, NS, 4)
  await createAll(api, NS, [budget('web', { tier: 'web' }), budget('gamma', { app: 'gamma' })])
  await waitForBudgets(api, NS)
}

interface Forecast {
  readonly drain: {
    readonly nodes: readonly {
      node: string
      startsAfterSeconds: number | null
      endsAfterSeconds: number | null
    }[]
    readonly pods: readonly {
      name: string
      state: string
      evictedAfterSeconds: number | null
      refusals: number
      blockedBy: string | null
    }[]
    readonly kubectl: readonly string[]
  }
  readonly evicted: readonly { name: string; replacement: { node: string | null } | null }[]
}

const app = (name: string): string => name.replace(/-[a-z0-9]+-[a-z0-9]{5}$/, '')
const DRAIN = ['--grace-period=0', '--timeout=8s']

describeWithControlPlane(
  'forecast --drain of two nodes against kubectl drain: a budget’s refused eviction retried',
  (plane) => {
    let parts: ClusterParts
    let forecast: Forecast
    let drain: { code: number; stdout: string; stderr: string }
    let startedAt: number
    const byApp = (name: string) => forecast.drain.pods.find((p) => app(p.name) === name)
    const lost = (name: string): PodHistory | undefined =>
      parts.timeline.deletedAfter(startedAt).find((p) => p.namespace === NS && app(p.name) === name)
    const made = (name: string): PodHistory | undefined =>
      parts.timeline.createdAfter(startedAt).find((p) => p.namespace === NS && app(p.name) === name)

    beforeAll(async () => {
      parts = await startClusterParts(plane())
      await buildCluster(plane().api, parts.extender.port)
      // The release is kubectl's (.ci/kube-tools has 1.35 only), not the v1.28 scheduler's: the
      // lines compared below are kubectl's wording, which changed since 1.28 (`due to
      // error:error` became `due to error: error`). The placements here read the same in both.
      const run = await runTool('forecast', [
        ...['--drain', '--node', 'a', '--node', 'b', ...DRAIN, '--kube-version', '1.35'],
        ...['--kubeconfig', plane().kubeconfig, '-o', 'json'],
      ])
      expect([run.stderr, run.code]).toEqual(['', 1])
      forecast = JSON.parse(run.stdout) as Forecast
      startedAt = Date.now()
      drain = await kubectl(plane().kubeconfig, ['drain', 'a', 'b', ...DRAIN])
      await eventually(() => expect(made('beta')?.node).toBeTruthy(), 20_000)
    }, 180_000)

    afterAll(async () => {
      await parts?.stop()
    })

    it('forecast says alpha goes at once, beta at the 5 s retry, gamma given up at the 10 s try', () => {
      const said = ['alpha', 'beta', 'gamma'].map((name) => {
        const p = byApp(name)
        return [name, p?.state, p?.evictedAfterSeconds, p?.refusals, p?.blockedBy]
      })
      expect(said).toEqual([
        ['alpha', 'evicted', 0, 0, null],
        ['beta', 'evicted', 5, 1, `${NS}/web`],
        ['gamma', 'timed-out', null, 2, `${NS}/gamma`],
      ])
      const spans = forecast.drain.nodes.map((n) => [n.startsAfterSeconds, n.endsAfterSeconds])
      expect(spans).toEqual([
        [0, 0],
        [0, 10],
      ])
    })

    it('kubectl prints the lines forecast gave, each retry as often, and fails at its timeout', () => {
      expect(drain.code).toBe(1)
      const printed = `${drain.stdout}\n${drain.stderr}`.split('\n')
      expect(printed).toEqual(expect.arrayContaining([...forecast.drain.kubectl]))
      const retries = (name: string) =>
        printed.filter((l) =>
          l.startsWith(`error when evicting pods/"${name}" -n "${NS}" (will retry`)
        ).length
      for (const p of forecast.drain.pods)
        expect([p.name, retries(p.name)]).toEqual([p.name, p.refusals])
    })

    it('evicts beta only after alpha’s replacement is Ready, at the retry forecast named', () => {
      const gone = lost('alpha')?.deletingAt ?? Infinity
      const beta = lost('beta')?.deletingAt ?? Infinity
      const replacementReady = (made('alpha')?.boundAt ?? Infinity) + KUBELET_START_MS
      expect(gone - startedAt).toBeLessThan(2500)
      expect(beta).toBeGreaterThan(replacementReady)
      // In the 5 s step of kubectl's second try: it sleeps 5 s after a refusal, and each try
      // waits on the API server, which adds a little to each.
      expect(Math.floor((beta - gone) / 5000) * 5).toBe(byApp('beta')?.evictedAfterSeconds)
      expect(lost('gamma')).toBeUndefined()
    })

    it('lands each replacement on the node forecast named for it', () => {
      const said = forecast.evicted.map((e) => [app(e.name), e.replacement?.node ?? null])
      expect(said).toEqual([
        ['alpha', 'c'],
        ['beta', 'c'],
        ['gamma', null],
      ])
      expect([made('alpha')?.node, made('beta')?.node]).toEqual(['c', 'c'])
    })
  },
  { controllerManager: true }
)
