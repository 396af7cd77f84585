import { readFileSync, writeFileSync } from 'node:fs'
import { load } from 'js-yaml'
import { beforeAll, expect, it } from 'vitest'
import { ClusterReadError } from '../../src/cli/tool-exit.js'
import { runTool, tempFile } from '../cli/run-tool.js'
import { describeWithControlPlane } from '../support/control-plane/index.js'
import { createNamespace } from '../support/control-plane/scheduling.js'

/**
 * deploy/cli-rbac/clusterrole.yaml against the real kube-apiserver with RBAC: a service account
 * bound to that role alone runs `explain` of a pod by name, `explain --pending` and `forecast`
 * against the cluster, and one bound to nothing is refused with the API server's 403.
 */
const ROLE = load(
  readFileSync(new URL('../../deploy/cli-rbac/clusterrole.yaml', import.meta.url), 'utf8')
) as { metadata: { name: string } }
const NS = 'cli-rbac'
const NODE = {
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name: 'worker-1', labels: { pool: 'general' } },
  spec: { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] },
  status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } },
}
const POD = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web', namespace: NS },
  spec: { containers: [{ name: 'web', image: 'nginx' }] },
}

describeWithControlPlane('the CLI’s ClusterRole on a real API server', (plane) => {
  const kubeconfigs = new Map<'bound' | 'unbound', string>()

  /** A kubeconfig of the test cluster with the token of a new service account named `name`. */
  async function serviceAccountKubeconfig(name: string): Promise<string> {
    const api = plane().api
    await api.create(`/api/v1/namespaces/${NS}/serviceaccounts`, { metadata: { name } })
    const request = { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: {} }
    const issued = await api.create(
      `/api/v1/namespaces/${NS}/serviceaccounts/${name}/token`,
      request
    )
    const token = (issued.status as { token: string }).token
    const admin = JSON.parse(readFileSync(plane().kubeconfig, 'utf8')) as {
      users: { name: string; user: Record<string, string> }[]
    }
    const path = tempFile(`${name}.kubeconfig`, '')
    writeFileSync(path, JSON.stringify({ ...admin, users: [{ name: 'admin', user: { token } }] }))
    return path
  }

  beforeAll(async () => {
    const api = plane().api
    await createNamespace(api, NS)
    await api.create('/api/v1/nodes', NODE)
    await api.create(`/api/v1/namespaces/${NS}/pods`, POD)
    await api.create('/apis/rbac.authorization.k8s.io/v1/clusterroles', ROLE)
    kubeconfigs.set('bound', await serviceAccountKubeconfig('reader'))
    kubeconfigs.set('unbound', await serviceAccountKubeconfig('stranger'))
    await api.create('/apis/rbac.authorization.k8s.io/v1/clusterrolebindings', {
      metadata: { name: 'reader-taint-extender-cli' },
      roleRef: {
        apiGroup: 'rbac.authorization.k8s.io',
        kind: 'ClusterRole',
        name: 'taint-extender-cli',
      },
      subjects: [{ kind: 'ServiceAccount', name: 'reader', namespace: NS }],
    })
  }, 30_000)

  const COMMANDS: [string, 'explain' | 'forecast', string[]][] = [
    ['explain of a pod by name', 'explain', ['web', '-n', NS, '-o', 'json']],
    ['explain --pending', 'explain', ['--pending', '-n', NS, '-o', 'json']],
    [
      'forecast of a taint',
      'forecast',
      ['--node', 'worker-1', '--taint', 'maintenance=planned:NoExecute', '-o', 'json'],
    ],
  ]

  it.each(COMMANDS)('lets a user bound to the role alone run %s', async (_name, tool, args) => {
    const run = await runTool(tool, [...args, '--kubeconfig', kubeconfigs.get('bound')!])
    // explain exits 1 for a pod that fits nowhere: the untolerated taint, as the cluster says.
    expect([run.stderr, run.code < 2]).toEqual(['', true])
    expect(run.stdout).toContain(tool === 'explain' ? 'web' : 'worker-1')
  })

  it.each(COMMANDS)(
    'refuses %s to a user bound to nothing, with the API server’s 403 (exit 3)',
    async (_name, tool, args) => {
      // The executable exits 3 on a ClusterReadError (src/cli.ts); in process it is thrown.
      const run = runTool(tool, [...args, '--kubeconfig', kubeconfigs.get('unbound')!])
      await expect(run).rejects.toThrow(ClusterReadError)
      await expect(run).rejects.toThrow(
        /^cannot (list|read) [\w/ -]+ from https:\/\/127\.0\.0\.1:\d+: HTTP 403 Forbidden: .*User "system:serviceaccount:cli-rbac:stranger" cannot (list|get) resource/
      )
    }
  )
})
