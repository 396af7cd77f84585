import { spawn } from 'node:child_process'
import { beforeAll, expect, it } from 'vitest'
import { runTool } from '../cli/run-tool.js'
import { describeWithControlPlane, type KubeApi } from '../support/control-plane/index.js'
import { createNamespace } from '../support/control-plane/scheduling.js'
import { kubectlPath } from '../support/kube-tools.js'

/**
 * `forecast --drain` against a real `kubectl drain` (kubectl 1.35, the forecast speaking for
 * 1.35's words) on kube-apiserver v1.28.7: the forecast is made from the cluster first, then
 * kubectl drains with the same flags, and what it did (the pods gone, the pods left, where it
 * waits) and the lines it printed are those the forecast named. No kubelet runs: pods are bound
 * at creation and marked Running and Ready, budgets carry the status the disruption controller
 * would write, and drain's `--grace-period=0` deletes an evicted pod at once.
 */

const SHOP = 'drain-shop'
const SYS = 'drain-sys'

interface PodSpec {
  readonly namespace: string
  readonly name: string
  readonly node: string
  readonly labels: Record<string, string>
  readonly owner: { kind: string; name: string } | null
  readonly emptyDir?: boolean
}

const PODS: readonly PodSpec[] = [
  {
    namespace: SHOP,
    name: 'web-1',
    node: 'a',
    labels: { app: 'web' },
    owner: { kind: 'ReplicaSet', name: 'web' },
  },
  {
    namespace: SHOP,
    name: 'web-2',
    node: 'a',
    labels: { app: 'web' },
    owner: { kind: 'ReplicaSet', name: 'web' },
  },
  {
    namespace: SYS,
    name: 'proxy-a',
    node: 'a',
    labels: { app: 'proxy' },
    owner: { kind: 'DaemonSet', name: 'proxy' },
  },
  {
    namespace: SHOP,
    name: 'web-3',
    node: 'b',
    labels: { app: 'web' },
    owner: { kind: 'ReplicaSet', name: 'web' },
  },
  {
    namespace: SHOP,
    name: 'cache-0',
    node: 'b',
    labels: { app: 'cache' },
    owner: { kind: 'StatefulSet', name: 'cache' },
    emptyDir: true,
  },
  { namespace: SHOP, name: 'debug', node: 'c', labels: { app: 'debug' }, owner: null },
]

async function createPod(api: KubeApi, p: PodSpec): Promise<void> {
  const path = `/api/v1/namespaces/${p.namespace}/pods`
  const ownerReferences =
    p.owner === null
      ? []
      : [{ apiVersion: 'apps/v1', ...p.owner, uid: `${p.owner.name}-uid`, controller: true }]
  await api.create(path, {
    metadata: { name: p.name, labels: p.labels, ownerReferences },
    spec: {
      nodeName: p.node,
      containers: [{ name: 'c', image: 'nginx' }],
      ...(p.emptyDir === true ? { volumes: [{ name: 'scratch', emptyDir: {} }] } : {}),
    },
  })
  await api.patch(`${path}/${p.name}/status`, {
    status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
  })
}

async function createCluster(api: KubeApi): Promise<void> {
  await createNamespace(api, SHOP)
  await createNamespace(api, SYS)
  for (const name of ['a', 'b', 'c'])
    await api.create('/api/v1/nodes', {
      metadata: { name, labels: { 'kubernetes.io/hostname': name } },
      status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } },
    })
  const template = {
    metadata: { labels: { app: 'proxy' } },
    spec: { containers: [{ name: 'c', image: 'nginx' }] },
  }
  await api.create(`/apis/apps/v1/namespaces/${SYS}/daemonsets`, {
    metadata: { name: 'proxy' },
    spec: { selector: { matchLabels: { app: 'proxy' } }, template },
  })
  for (const p of PODS) await createPod(api, p)
  const pdbs = `/apis/policy/v1/namespaces/${SHOP}/poddisruptionbudgets`
  await api.create(pdbs, {
    metadata: { name: 'web' },
    spec: { minAvailable: 2, selector: { matchLabels: { app: 'web' } } },
  })
  await api.patch(`${pdbs}/web/status`, {
    status: {
      observedGeneration: 1,
      disruptionsAllowed: 1,
      currentHealthy: 3,
      desiredHealthy: 2,
      expectedPods: 3,
    },
  })
}

/** kubectl drain run for `seconds` at most (a drain waiting on a budget never ends by itself). */
function kubectlDrain(
  kubeconfig: string,
  args: readonly string[],
  seconds: number
): Promise<{ code: number | null; output: string[] }> {
  const child = spawn(kubectlPath(), ['--kubeconfig', kubeconfig, 'drain', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let text = ''
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
  const timer = setTimeout(() => child.kill('SIGTERM'), seconds * 1000)
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, output: text.split('\n').filter((l) => l !== '') })
    })
  )
}

interface Forecast {
  drain: {
    pods: { namespace: string; name: string; state: string; blockedBy: string | null }[]
    kubectl: string[]
  }
}

async function forecast(
  kubeconfig: string,
  args: readonly string[]
): Promise<{ code: number; doc: Forecast }> {
  const result = await runTool(
    'forecast',
    ['--drain', ...args, '--kube-version', '1.35', '-o', 'json'],
    { KUBECONFIG: kubeconfig }
  )
  return { code: result.code, doc: JSON.parse(result.stdout) as Forecast }
}

async function podNames(api: KubeApi, namespace: string): Promise<string[]> {
  const items = await api.items(`/api/v1/namespaces/${namespace}/pods`)
  return items.map((p) => (p.metadata as { name: string }).name).sort()
}

describeWithControlPlane('forecast --drain against kubectl drain', (plane) => {
  beforeAll(() => createCluster(plane().api), 60_000)

  it('a budget holds the drain at node a, as forecast said: one of web-1 and web-2 evicted, the other retried every 5 s, node b not reached', async () => {
    const flags = ['--ignore-daemonsets', '--delete-emptydir-data']
    const predicted = await forecast(plane().kubeconfig, ['--node', 'a', '--node', 'b', ...flags])
    expect(predicted.code).toBe(1)
    const state = (name: string) => predicted.doc.drain.pods.find((p) => p.name === name)
    expect(state('web-1')?.state).toBe('evicted')
    expect(state('web-2')).toMatchObject({ state: 'refused', blockedBy: `${SHOP}/web` })
    expect(state('cache-0')?.state).toBe('not-reached')

    const run = await kubectlDrain(plane().kubeconfig, ['a', 'b', ...flags, '--grace-period=0'], 12)
    // Killed while it waits: the drain never ended by itself.
    expect(run.code).toBeNull()
    // The evictions race for the budget's last disruption: which of web-1 and web-2 gets it is
    // kubectl's goroutines' order (the forecast gives it to the first in list order); the other
    // is the one drain keeps retrying.
    const retry = (name: string): string =>
      `error when evicting pods/"${name}" -n "${SHOP}" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.`
    const raced = predicted.doc.drain.kubectl.filter((l) => l !== retry('web-2'))
    expect(run.output).toEqual(expect.arrayContaining(raced))
    const left = await podNames(plane().api, SHOP)
    const kept = left.filter((name) => name === 'web-1' || name === 'web-2')
    expect(kept).toHaveLength(1)
    expect(left).toEqual(['cache-0', 'debug', ...kept, 'web-3'])
    expect(run.output).toContain(retry(kept[0] ?? ''))
    expect(await podNames(plane().api, SYS)).toEqual(['proxy-a'])
  }, 60_000)

  it('a bare pod refuses node c, in the words and with the exit status forecast gave', async () => {
    const predicted = await forecast(plane().kubeconfig, ['--node', 'c'])
    expect(predicted.code).toBe(1)
    const run = await kubectlDrain(plane().kubeconfig, ['c', '--grace-period=0'], 30)
    expect(run.code).toBe(1)
    expect(run.output).toEqual(expect.arrayContaining(predicted.doc.drain.kubectl))
    expect(await podNames(plane().api, SHOP)).toContain('debug')
  }, 60_000)
})
