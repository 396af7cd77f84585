import type { ClusterPod } from './cluster-pod.js'
import type { ServiceSelector, Workload, Workloads } from './workloads.js'

/**
 * The workload objects read with the cluster, indexed for the lookups the simulation makes:
 * a pod's controller by its reference, a namespace's Services, the DaemonSets. Built once per
 * run.
 */
export class WorkloadIndex implements Workloads {
  readonly #byKey = new Map<string, Workload>()
  readonly #services = new Map<string, ServiceSelector[]>()
  readonly #daemonSets: Workload[] = []

  constructor(workloads: Iterable<Workload>, services: Iterable<ServiceSelector>) {
    for (const workload of workloads) {
      this.#byKey.set(keyOf(workload.namespace, workload.kind, workload.name), workload)
      if (workload.kind === 'DaemonSet') this.#daemonSets.push(workload)
    }
    for (const service of services) {
      const list = this.#services.get(service.namespace)
      if (list === undefined) this.#services.set(service.namespace, [service])
      else list.push(service)
    }
  }

  servicesIn(namespace: string): readonly ServiceSelector[] {
    return this.#services.get(namespace) ?? []
  }

  /**
   * The object the pod's controller reference names, in the pod's namespace. A reference whose
   * uid differs from the object's names an older object of that name, which no longer owns the
   * pod (controller_ref_manager.go and each controller's `resolveControllerRef` compare uids);
   * an empty uid on either side is not compared.
   */
  controllerOf(pod: ClusterPod): Workload | null {
    const ref = pod.controller
    if (ref == null) return null
    const workload = this.#byKey.get(keyOf(pod.namespace, ref.kind, ref.name))
    if (workload === undefined) return null
    if (ref.uid !== '' && workload.uid !== '' && ref.uid !== workload.uid) return null
    return workload
  }

  daemonSets(): readonly Workload[] {
    return this.#daemonSets
  }

  /** How many workload objects and Services the index holds. */
  get size(): number {
    let services = 0
    for (const list of this.#services.values()) services += list.length
    return this.#byKey.size + services
  }
}

/** Kinds, namespaces and names cannot hold a slash, so the key is unambiguous. */
function keyOf(namespace: string, kind: string, name: string): string {
  return `${namespace}/${kind}/${name}`
}
