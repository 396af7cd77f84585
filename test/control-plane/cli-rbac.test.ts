import { readFileSync, writeFileSync } from 'node:fs'
import { load } from 'js-yaml'
import { beforeAll, expect, it } from 'vitest'
import { ClusterReadError } from '../../src/cli/tool-exit.js'
import { STORAGE_LISTS } from '../../src/cli/storage-manifests.js'
import { WORKLOAD_LISTS } from '../../src/cli/workload-manifests.js'
import { UNJUDGED_CONSTRAINTS } from '../../src/placement/index.js'
import { runTool, tempFile } from '../cli/run-tool.js'
import { describeWithControlPlane } from '../support/control-plane/index.js'
import { createNamespace } from '../support/control-plane/scheduling.js'

/**
 * deploy/cli-rbac/clusterrole.yaml against the real kube-apiserver with RBAC: a service account
 * bound to that role alone runs `explain` of a pod by name (one preemption would place, one
 * with a namespaceSelector), `explain --pending` and `forecast` against the cluster; one bound
 * to nothing is refused with the API server's 403; and each permission of the role is needed:
 * without it, one of those commands is refused, or, for a kind of workload object, a claim or
 * a storage class, explain warns that it is unknown.
 */
interface Rule {
  apiGroups?: string[]
  resources?: string[]
  nonResourceURLs?: string[]
  verbs: string[]
}
const ROLE = load(
  readFileSync(new URL('../../deploy/cli-rbac/clusterrole.yaml', import.meta.url), 'utf8')
) as { metadata: { name: string }; rules: Rule[] }
const NS = 'cli-rbac'
const WORKLOAD_RESOURCES = WORKLOAD_LISTS.map((list) => list.resource)
const STORAGE_RESOURCES = STORAGE_LISTS.map((list) => list.resource)
const NODE = {
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name: 'worker-1', labels: { pool: 'general' } },
  spec: { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] },
  status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } },
}
const pod = (name: string, spec: Record<string, unknown> = {}, cpu = '100m'): object => ({
  metadata: { name, labels: { app: name } },
  spec: { containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu } } }], ...spec },
})
const TOLERATES_NODE = { tolerations: [{ key: 'dedicated', operator: 'Exists' }] }
/** A class that binds at once, and a claim of it no PV controller binds here. */
const AT_ONCE = { metadata: { name: 'at-once' }, provisioner: 'example.com/none' }
const UNBOUND = {
  metadata: { name: 'data' },
  spec: {
    accessModes: ['ReadWriteOnce'],
    resources: { requests: { storage: '1Gi' } },
    storageClassName: 'at-once',
  },
}
const PODS = [
  pod('web'),
  // Bound, low priority: what preemption would evict for `urgent`.
  pod('filler', { nodeName: 'worker-1', ...TOLERATES_NODE }, '3'),
  // Fits only by preemption, so explain reads the PodDisruptionBudgets.
  pod('urgent', { priorityClassName: 'high', ...TOLERATES_NODE }, '2'),
  // A namespaceSelector in its affinity, so explain reads the namespaces' labels.
  pod('picky', {
    affinity: {
      podAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [
          {
            labelSelector: { matchLabels: { app: 'filler' } },
            namespaceSelector: {},
            topologyKey: 'kubernetes.io/hostname',
          },
        ],
      },
    },
    ...TOLERATES_NODE,
  }),
  // Its claim is unbound and its class binds at once, so explain reads the claims and classes.
  pod('claimed', {
    volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }],
    ...TOLERATES_NODE,
  }),
]

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
    await api.create('/apis/scheduling.k8s.io/v1/priorityclasses', {
      metadata: { name: 'high' },
      value: 1000,
    })
    await api.create('/apis/storage.k8s.io/v1/storageclasses', AT_ONCE)
    await api.create(`/api/v1/namespaces/${NS}/persistentvolumeclaims`, UNBOUND)
    for (const p of PODS) await api.create(`/api/v1/namespaces/${NS}/pods`, p)
    await api.create('/apis/rbac.authorization.k8s.io/v1/clusterroles', ROLE)
    kubeconfigs.set('bound', await boundTo('reader', ROLE.metadata.name, ROLE.rules))
    kubeconfigs.set('unbound', await serviceAccountKubeconfig('stranger'))
  }, 30_000)

  /** A kubeconfig of a new service account bound to the ClusterRole `role` alone. */
  async function boundTo(account: string, role: string, rules: readonly Rule[]): Promise<string> {
    const kubeconfig = await serviceAccountKubeconfig(account)
    await plane().api.create('/apis/rbac.authorization.k8s.io/v1/clusterrolebindings', {
      metadata: { name: `${account}-${role}` },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: role },
      subjects: [{ kind: 'ServiceAccount', name: account, namespace: NS }],
    })
    await untilInForce(account, rules)
    return kubeconfig
  }

  /**
   * Waits until the API server grants `account` the first thing `rules` grant: its authorizer
   * sees a new role and binding through its informers, a moment after they are created, and a
   * request in that moment is refused as if the role lacked it.
   */
  async function untilInForce(account: string, rules: readonly Rule[]): Promise<void> {
    const rule = rules.find((r) => (r.resources ?? []).length > 0)
    if (rule === undefined) return
    const review = {
      apiVersion: 'authorization.k8s.io/v1',
      kind: 'SubjectAccessReview',
      spec: {
        user: `system:serviceaccount:${NS}:${account}`,
        groups: ['system:serviceaccounts', `system:serviceaccounts:${NS}`, 'system:authenticated'],
        resourceAttributes: {
          group: rule.apiGroups?.[0] ?? '',
          resource: rule.resources?.[0],
          verb: rule.verbs[0],
          namespace: NS,
        },
      },
    }
    const path = '/apis/authorization.k8s.io/v1/subjectaccessreviews'
    for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
      const answer = await plane().api.create(path, review)
      if ((answer.status as { allowed?: boolean }).allowed === true) return
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    throw new Error(`the binding of ${account} was not in force 10 s after it was made`)
  }

  const COMMANDS: [string, 'explain' | 'forecast', string[]][] = [
    ['explain of a pod by name', 'explain', ['web', '-n', NS, '-o', 'json']],
    ['explain of a pod preemption would place', 'explain', ['urgent', '-n', NS, '-o', 'json']],
    ['explain of a pod with a namespaceSelector', 'explain', ['picky', '-n', NS, '-o', 'json']],
    ['explain of a pod with a claim', 'explain', ['claimed', '-n', NS, '-o', 'json']],
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
    // Each names what it judged: the pod, the pending pods (web among them), the node.
    expect(run.stdout).toContain(
      tool === 'forecast' ? 'worker-1' : `"${args[0]?.startsWith('-') ? 'web' : args[0]}"`
    )
  })

  it('judges the claimed pod by its claims read from the cluster', async () => {
    const args = ['claimed', '-n', NS, '-o', 'json', '--kubeconfig', kubeconfigs.get('bound')!]
    const run = await runTool('explain', args)
    const reply = JSON.parse(run.stdout) as { summary: string; notJudged: string[] }
    expect([run.code, reply.notJudged]).toEqual([1, []])
    expect(reply.summary).toMatch(
      /^0\/1 nodes are available: pod has unbound immediate PersistentVolumeClaims\./
    )
  })

  /** Whether every command runs for a user bound to `kubeconfig`'s role, or the first refusal. */
  async function firstRefusal(kubeconfig: string): Promise<string | null> {
    for (const [, tool, args] of COMMANDS) {
      try {
        await runTool(tool, [...args, '--kubeconfig', kubeconfig])
      } catch (err) {
        if (err instanceof ClusterReadError) return err.message
        throw err
      }
    }
    return null
  }

  // /version is left out: every authenticated user may get it (system:public-info-viewer).
  const RESOURCE_RULES = ROLE.rules.flatMap((rule, index) =>
    rule.resources === undefined
      ? []
      : rule.resources.flatMap((resource) =>
          rule.verbs.map((verb): [string, number] => [`${verb} ${resource}`, index])
        )
  )
  /** The workload objects: without one, the tools warn that its kind is unknown and go on. */
  const isWorkload = ([permission]: [string, number]) =>
    WORKLOAD_RESOURCES.includes(permission.split(' ')[1] ?? '')
  /** The claims, volumes and classes: without one, explain warns that it is unknown. */
  const isStorage = ([permission]: [string, number]) =>
    STORAGE_RESOURCES.includes(permission.split(' ')[1] ?? '')

  /** A kubeconfig of a user bound to the role less `permission` (rule `index`'s). */
  async function boundWithout(permission: string, index: number): Promise<string> {
    const [verb, resource] = permission.split(' ') as [string, string]
    const rules = ROLE.rules.flatMap((rule, i): Rule[] => {
      if (i !== index) return [rule]
      const resources = rule.resources?.filter((r) => r !== resource) ?? []
      const verbs = rule.verbs.filter((v) => v !== verb)
      return [
        ...(resources.length > 0 ? [{ ...rule, resources }] : []),
        ...(verbs.length > 0 ? [{ ...rule, resources: [resource], verbs }] : []),
      ]
    })
    const name = `without-${verb}-${resource}`
    await plane().api.create('/apis/rbac.authorization.k8s.io/v1/clusterroles', {
      metadata: { name },
      rules,
    })
    return boundTo(name, name, rules)
  }

  it.each(RESOURCE_RULES.filter((rule) => !isWorkload(rule) && !isStorage(rule)))(
    'needs every permission it grants: without %s a command is refused',
    async (permission, index) => {
      const [verb, resource] = permission.split(' ') as [string, string]
      const refusal = await firstRefusal(await boundWithout(permission, index))
      expect(refusal).toMatch(new RegExp(`cannot ${verb} resource "${resource}"`))
    }
  )

  it.each(RESOURCE_RULES.filter(isWorkload))(
    'answers without %s, warning that its kind is unknown',
    async (permission, index) => {
      const [, resource] = permission.split(' ') as [string, string]
      const kubeconfig = await boundWithout(permission, index)
      expect(await firstRefusal(kubeconfig)).toBeNull()
      const run = await runTool('explain', ['web', '-n', NS, '--kubeconfig', kubeconfig])
      expect(run.stderr).toMatch(
        new RegExp(
          `^Warning: cannot list ${resource} from .*HTTP 403 Forbidden: .*; ${resource} are taken as unknown\n$`
        )
      )
    }
  )

  it.each(RESOURCE_RULES.filter(isStorage))(
    'answers without %s, warning that it is unknown and leaving what reads it unjudged',
    async (permission, index) => {
      const [, resource] = permission.split(' ') as [string, string]
      const kubeconfig = await boundWithout(permission, index)
      expect(await firstRefusal(kubeconfig)).toBeNull()
      const args = ['claimed', '-n', NS, '-o', 'json', '--kubeconfig', kubeconfig]
      const run = await runTool('explain', args)
      const unknown = STORAGE_LISTS.find((list) => list.resource === resource)?.unknown ?? ''
      expect(unknown).not.toBe('')
      expect(run.stderr).toMatch(
        new RegExp(
          `^Warning: cannot list ${resource} from .*HTTP 403 Forbidden: .*; ${unknown}\\n$`
        )
      )
      // Without the volumes or the attach limits, the claim is still judged, and its class
      // binds at once; without the claims or the classes, no volume plugin is judged.
      const claims = ['persistentvolumeclaims', 'storageclasses'].includes(resource)
      const notJudged = (JSON.parse(run.stdout) as { notJudged: string[] }).notJudged
      expect(notJudged).toEqual(claims ? [UNJUDGED_CONSTRAINTS[0]] : [])
    }
  )

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
