import type { KubeApi } from '../support/control-plane/index.js'
import { watchObjects, type KubeObject, type ObjectWatch } from './object-watch.js'

/**
 * What the kubelets of a cluster would do, for a control plane that has none: a pod bound to a
 * node is reported Running and Ready `startMs` later (a status update, as the kubelet writes it
 * once the containers run; controllers wait for it: a StatefulSet's next ordinal, a budget's
 * healthy count, so a replacement is not Ready the moment it is bound); a pod being deleted is
 * removed once its grace period (`metadata.deletionGracePeriodSeconds`) has passed, as a kubelet
 * whose containers take all of it to stop would: the final DELETE with grace period 0, its uid
 * as precondition so that a StatefulSet's replacement of the same name is never the one
 * removed. Until then the pod is Terminating and still holds its node, as kube-scheduler counts
 * it.
 */

interface PodSpec {
  readonly nodeName?: string
}
interface PodStatus {
  readonly phase?: string
}

export class StandInKubelet {
  readonly #started = new Set<string>()
  readonly #removing = new Set<string>()
  readonly #timers = new Set<NodeJS.Timeout>()
  #watch: ObjectWatch | null = null
  /** Failures of its own calls (other than the pod being gone already), for a test to show. */
  readonly errors: string[] = []

  constructor(
    private readonly api: KubeApi,
    private readonly startMs: number
  ) {}

  async start(): Promise<void> {
    this.#watch = await watchObjects(this.api, '/api/v1/pods', (type, pod) => {
      if (type !== 'DELETED') this.#see(pod)
    })
  }

  stop(): void {
    this.#watch?.stop()
    for (const timer of this.#timers) clearTimeout(timer)
  }

  #see(pod: KubeObject): void {
    const { uid, deletionTimestamp } = pod.metadata
    if (deletionTimestamp !== undefined) {
      if (this.#removing.has(uid)) return
      this.#removing.add(uid)
      const grace = Number(pod.metadata.deletionGracePeriodSeconds ?? 0)
      this.#later(grace * 1000, () => this.#remove(pod))
      return
    }
    const node = (pod.spec as PodSpec).nodeName
    const phase = (pod.status as PodStatus | undefined)?.phase
    if (node === undefined || node === '' || phase !== 'Pending' || this.#started.has(uid)) return
    this.#started.add(uid)
    this.#later(this.startMs, () => this.#run(pod))
  }

  #later(ms: number, action: () => Promise<void>): void {
    const timer = setTimeout(() => {
      this.#timers.delete(timer)
      void action()
    }, ms)
    this.#timers.add(timer)
  }

  async #run(pod: KubeObject): Promise<void> {
    const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z')
    const condition = (type: string) => ({ type, status: 'True', lastTransitionTime: now })
    const status = {
      phase: 'Running',
      startTime: now,
      conditions: ['Initialized', 'Ready', 'ContainersReady', 'PodScheduled'].map(condition),
    }
    await this.#call('PATCH', `${podPath(pod)}/status`, { status }, 'application/merge-patch+json')
  }

  async #remove(pod: KubeObject): Promise<void> {
    const options = {
      kind: 'DeleteOptions',
      apiVersion: 'v1',
      gracePeriodSeconds: 0,
      preconditions: { uid: pod.metadata.uid },
    }
    await this.#call('DELETE', podPath(pod), options)
  }

  async #call(method: string, path: string, body: unknown, type?: string): Promise<void> {
    const reply = await this.api.request(method, path, body, type).catch((err: Error) => ({
      status: 0,
      body: { message: err.message },
    }))
    // 404: gone already; 409: a precondition on a pod of the same name that is not this one.
    if (reply.status >= 300 && reply.status !== 404 && reply.status !== 409)
      this.errors.push(`${method} ${path}: ${reply.status} ${String(reply.body.message ?? '')}`)
  }
}

export function podPath(pod: KubeObject): string {
  return `/api/v1/namespaces/${pod.metadata.namespace ?? 'default'}/pods/${pod.metadata.name}`
}
