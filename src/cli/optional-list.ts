import type { ObjectSource } from '../config/index.js'
import type { ExpectedKind } from './manifest-kinds.js'
import { streamObjects } from './manifest-stream.js'
import { ClusterReadError } from './tool-exit.js'
import { listsSource } from './tool-io.js'

/**
 * A list of the cluster the tools can answer without (the workload objects, the storage
 * objects): a list the credentials may not read (403) becomes a note, and its kind unknown,
 * rather than the tool failing.
 */

export interface OptionalList {
  readonly kind: ExpectedKind
  /** The resource RBAC grants `list` on (deploy/cli-rbac and docs/cli.md name them). */
  readonly resource: string
  readonly path: string
}

const FORBIDDEN = 403

/**
 * The list's objects, each decoded at its place (`cluster <resource>: <kind> <i>`); null when
 * the API server refused it, with its refusal and `unknown` (what follows from it) in `notes`.
 */
export async function readOptionalList<T>(
  source: ObjectSource & { kind: 'cluster' },
  list: OptionalList,
  flag: string,
  decode: (object: unknown, path: string) => T,
  notes: { unknown: string; into: string[] }
): Promise<T[] | null> {
  const origin = `cluster ${list.resource}`
  const lists = () => [{ path: list.path }]
  const manifests = await listsSource(source.cluster, list.resource, lists, origin, undefined)
  const at = (i: number) => `${origin}: ${list.kind.toLowerCase()} ${i}`
  try {
    const read = await streamObjects(manifests, {
      expected: list.kind,
      flag,
      order: 'in-order',
      decode: (object, i) => decode(object, at(i)),
    })
    return read?.objects ?? []
  } catch (err) {
    if (!(err instanceof ClusterReadError) || err.statusCode !== FORBIDDEN) throw err
    notes.into.push(`${err.message}; ${notes.unknown}`)
    return null
  }
}
