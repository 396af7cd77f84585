import { statusObject } from './fake-kube-objects.js'
import type { JsonReply } from './fake-list-pager.js'

/**
 * The workload lists of the fake API server, of every namespace: Deployments, ReplicaSets,
 * StatefulSets, DaemonSets, Jobs, ReplicationControllers and Services, each empty until set,
 * served in one page as the API server serves them (items without `kind`, the list's kind
 * naming them), or refused with 403 as RBAC refuses a user without `list` on the resource.
 */

const LISTS: Readonly<Record<string, { kind: string; apiVersion: string }>> = {
  '/apis/apps/v1/deployments': { kind: 'DeploymentList', apiVersion: 'apps/v1' },
  '/apis/apps/v1/replicasets': { kind: 'ReplicaSetList', apiVersion: 'apps/v1' },
  '/apis/apps/v1/statefulsets': { kind: 'StatefulSetList', apiVersion: 'apps/v1' },
  '/apis/apps/v1/daemonsets': { kind: 'DaemonSetList', apiVersion: 'apps/v1' },
  '/apis/batch/v1/jobs': { kind: 'JobList', apiVersion: 'batch/v1' },
  '/api/v1/replicationcontrollers': { kind: 'ReplicationControllerList', apiVersion: 'v1' },
  '/api/v1/services': { kind: 'ServiceList', apiVersion: 'v1' },
}

export class FakeWorkloadLists {
  readonly #items = new Map<string, readonly unknown[]>()
  readonly #forbidden = new Set<string>()

  /** The items of the list at `path` (e.g. `/apis/apps/v1/replicasets`). */
  set(path: string, items: readonly unknown[]): void {
    if (LISTS[path] === undefined) throw new Error(`${path} is not a workload list`)
    this.#items.set(path, items)
  }

  /** The list at `path` answers 403 Forbidden from now on. */
  forbid(path: string): void {
    this.#forbidden.add(path)
  }

  /** The reply to a GET of `url`; null when it is not a workload list. */
  reply(url: URL, resourceVersion: number): JsonReply | null {
    const list = LISTS[url.pathname]
    if (list === undefined) return null
    if (this.#forbidden.has(url.pathname)) {
      const resource = url.pathname.split('/').at(-1) ?? ''
      const message = `${resource} is forbidden: User "viewer" cannot list resource "${resource}" at the cluster scope`
      return { status: 403, body: statusObject(403, message) }
    }
    const items = this.#items.get(url.pathname) ?? []
    const metadata = { resourceVersion: String(resourceVersion) }
    return { status: 200, body: { ...list, metadata, items } }
  }
}
