import type { KubeObject } from '../kube-tools.js'
import type { KubeApi } from './kube-api.js'

/**
 * What `kubectl apply --dry-run=server --validate=strict` asks of kube-apiserver, done over REST:
 * each object POSTed to its collection with `dryRun=All` (admission and validation run, nothing
 * is stored) and `fieldValidation=Strict` (a field the server's schema lacks is refused; left to
 * the server's default, it would be dropped with only a warning). An accepted object is compared
 * with what was sent, for fields the server knows but cleared.
 */

/**
 * Whether a group is one of Kubernetes' own: the core group, unqualified names and `*.k8s.io`
 * are reserved to it; any other dotted group comes from a CustomResourceDefinition.
 */
export function isBuiltInGroup(group: string): boolean {
  return group === '' || !group.includes('.') || group.endsWith('.k8s.io')
}

export function groupOf(object: KubeObject): string {
  const apiVersion = String(object.apiVersion)
  return apiVersion.includes('/') ? (apiVersion.split('/')[0] ?? '') : ''
}

/** `Kind namespace/name`, or `Kind name` for a cluster-scoped object. */
export function describeObject(object: KubeObject): string {
  const { namespace, name } = object.metadata
  return `${object.kind} ${namespace === undefined ? '' : `${namespace}/`}${name}`
}

interface ApiResource {
  readonly name: string
  readonly kind: string
  readonly namespaced: boolean
}

/** The server's own answer to one object: accepted, or refused with its message. */
export interface Verdict {
  readonly object: string
  readonly status: number
  readonly message?: string
  /**
   * Fields sent that the accepted object lacks: the server knows them but cleared them, as it
   * does with a field whose feature gate is off (`preStop.sleep` on 1.29, alpha there).
   */
  readonly dropped?: readonly string[]
}

/** The paths of the fields with a value in `sent` that `kept` does not have. */
export function droppedFields(sent: unknown, kept: unknown, path = ''): string[] {
  if (typeof sent !== 'object' || sent === null) return []
  if (typeof kept !== 'object' || kept === null) return [path]
  return Object.entries(sent).flatMap(([key, value]) => {
    if (value === null || value === undefined) return []
    const at = Array.isArray(sent) ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`
    const there = (kept as Record<string, unknown>)[key]
    return there === undefined ? [at] : droppedFields(value, there, at)
  })
}

export class ServerSideCheck {
  readonly #discovery = new Map<string, readonly ApiResource[]>()

  /** Objects without a namespace of their own go where `helm install -n` would put them. */
  constructor(
    private readonly api: KubeApi,
    private readonly defaultNamespace = 'taint-extender'
  ) {}

  /**
   * Creates, for real and bare, each Namespace among `objects` and the default one, unless
   * present: the objects inside need them, and without a controller-manager a namespace once
   * created is never removed. The rendered Namespace objects themselves are then dry-run.
   */
  async createNamespaces(objects: readonly KubeObject[]): Promise<void> {
    const names = new Set([this.defaultNamespace])
    for (const o of objects)
      if (o.kind === 'Namespace' && groupOf(o) === '') names.add(o.metadata.name)
    for (const name of names) {
      const reply = await this.api.request('GET', `/api/v1/namespaces/${name}`)
      if (reply.status === 404) await this.api.create('/api/v1/namespaces', { metadata: { name } })
    }
  }

  /**
   * The server's dry-run verdict on `object`, created where its kind lives; a Namespace, which
   * exists already, is replaced instead (a namespace's update needs no resourceVersion).
   */
  async dryRun(object: KubeObject): Promise<Verdict> {
    const path = await this.collectionOf(object)
    const existing = object.kind === 'Namespace' && groupOf(object) === ''
    const reply = await this.api.request(
      existing ? 'PUT' : 'POST',
      `${existing ? `${path}/${object.metadata.name}` : path}?dryRun=All&fieldValidation=Strict`,
      object
    )
    const verdict = { object: describeObject(object), status: reply.status }
    if (reply.status < 200 || reply.status > 299)
      return { ...verdict, message: String(reply.body.message ?? JSON.stringify(reply.body)) }
    const dropped = droppedFields(object, reply.body)
    return dropped.length === 0 ? verdict : { ...verdict, dropped }
  }

  async collectionOf(object: KubeObject): Promise<string> {
    const apiVersion = String(object.apiVersion)
    const prefix = apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`
    const resource = (await this.#resources(prefix)).find((r) => r.kind === object.kind)
    if (resource === undefined) throw new Error(`${apiVersion} ${object.kind} is not served`)
    if (!resource.namespaced) return `${prefix}/${resource.name}`
    const namespace = object.metadata.namespace ?? this.defaultNamespace
    return `${prefix}/namespaces/${namespace}/${resource.name}`
  }

  /**
   * The resources (not subresources) a group version serves, asked once per check; a group not
   * served yet is asked again, since a CustomResourceDefinition may bring it.
   */
  async #resources(prefix: string): Promise<readonly ApiResource[]> {
    const known = this.#discovery.get(prefix)
    if (known !== undefined) return known
    const reply = await this.api.request('GET', prefix)
    if (reply.status !== 200) return []
    const served = (reply.body.resources as ApiResource[]).filter((r) => !r.name.includes('/'))
    this.#discovery.set(prefix, served)
    return served
  }
}
