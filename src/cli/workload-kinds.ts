import { WorkloadIndex, type ServiceSelector, type Workload } from '../placement/index.js'
import { decodeWorkloadObject, WORKLOAD_OBJECT_KINDS } from '../protocol/index.js'
import { ownKind } from './manifest-kinds.js'

/**
 * The workload objects (controllers and Services) a pods file may hold beside its pods, as
 * `kubectl get pods,deploy,rs,sts,ds,jobs,rc,svc -A -o json` prints them, and what collects
 * them into the index the simulation looks them up in.
 */

/**
 * Objects that declare one of `kinds` as their own `kind`, handed to `decode` rather than judged as the expected kind: the workload objects of a
 * `kubectl get pods,deploy,... -o json` List.
 */
export interface SideReading {
  readonly kinds: ReadonlySet<string>
  decode(object: unknown, kind: string, index: number): void
}

/**
 * Reads `object` on the side when its own kind is one `side` takes (for a document read
 * whole, as ListReading does for a streamed one); false when it is not such an object.
 */
export function readOnSide(object: unknown, side: SideReading | undefined, index: number): boolean {
  const kind = side === undefined ? null : ownKind(object)
  if (side === undefined || kind === null || !side.kinds.has(kind)) return false
  side.decode(object, kind, index)
  return true
}

/** `side`, counting the objects it has read. */
export function countingSide(side: SideReading): SideReading & { count(): number } {
  let read = 0
  return {
    kinds: side.kinds,
    decode: (object, kind, index) => {
      side.decode(object, kind, index)
      read++
    },
    count: () => read,
  }
}

/** `side`, passing over the first `count` objects it is given. */
export function skipFirst(side: SideReading, count: number): SideReading {
  let skipped = 0
  return {
    kinds: side.kinds,
    decode: (object, kind, index) => {
      if (skipped < count) skipped++
      else side.decode(object, kind, index)
    },
  }
}

const WORKLOAD_KIND_SET: ReadonlySet<string> = new Set(WORKLOAD_OBJECT_KINDS)

/** A reading of one kind takes nothing on the side: every other kind is refused. */
export const NO_SIDE: SideReading = { kinds: new Set(), decode: () => undefined }

/** Reading pods, workload objects are passed over: they are not pods of the wrong kind. */
export const SKIP_WORKLOADS: SideReading = {
  kinds: WORKLOAD_KIND_SET,
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
    return {
      kinds: new Set([...WORKLOAD_OBJECT_KINDS, ...skipped]),
      decode: (object, kind, index) => {
        if (WORKLOAD_KIND_SET.has(kind))
          this.add(object, kind, `${origin}: ${kind.toLowerCase()} ${index}`)
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
