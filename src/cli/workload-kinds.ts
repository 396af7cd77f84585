import { WorkloadIndex, type ServiceSelector, type Workload } from '../placement/index.js'
import {
  decodeWorkloadObject,
  WORKLOAD_FIELDS,
  WORKLOAD_OBJECT_KINDS,
  type FieldTree,
} from '../protocol/index.js'
import type { SideReading } from './manifest-stream.js'

/**
 * The workload objects (controllers and Services) a pods file may hold beside its pods, as
 * `kubectl get pods,deploy,rs,sts,ds,jobs,rc,svc -A -o json` prints them, and what collects
 * them into the index the simulation looks them up in.
 */

const WORKLOAD_KIND_SET: ReadonlySet<string> = new Set(WORKLOAD_OBJECT_KINDS)

/** Reading pods, workload objects are passed over: they are not pods of the wrong kind. */
export const SKIP_WORKLOADS: SideReading = {
  kinds: WORKLOAD_KIND_SET,
  fields: { kind: true },
  decode: () => undefined,
}

/** The workload objects of one or more sources, decoded and kept for the index. */
export class WorkloadCollector {
  readonly #workloads: Workload[] = []
  readonly #services: ServiceSelector[] = []
  /** Why some kinds are not known (a list the user may not read); empty when all were read. */
  readonly notes: string[] = []

  /**
   * The side reading of a source named `origin` that keeps its workload objects; `skipped`
   * kinds are passed over as well (a workloads file may be the pods file itself).
   */
  side(origin: string, skipped: readonly string[] = []): SideReading {
    const fields: FieldTree = WORKLOAD_FIELDS
    return {
      kinds: new Set([...WORKLOAD_OBJECT_KINDS, ...skipped]),
      fields,
      decode: (object, kind, index) => {
        if (WORKLOAD_KIND_SET.has(kind)) this.add(object, kind, `${origin}: ${kind} ${index}`)
      },
    }
  }

  /** One object of a workload kind, decoded at `path`. */
  add(object: unknown, kind: string, path: string): void {
    const decoded = decodeWorkloadObject(object, kind, path)
    if (decoded.kind === 'service') this.#services.push(decoded.service)
    else this.#workloads.push(decoded.workload)
  }

  index(): WorkloadIndex {
    return new WorkloadIndex(this.#workloads, this.#services)
  }
}
