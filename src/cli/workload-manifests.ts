import type { ObjectSource } from '../config/index.js'
import type { WorkloadKind } from '../placement/index.js'
import { ProtocolError } from '../protocol/index.js'
import { kindByShape } from './manifest-kinds.js'
import type { ManifestSource } from './manifest-stream.js'
import { readListObjects } from './manifests.js'
import { readOptionalList, type OptionalList } from './optional-list.js'
import { fileSource } from './tool-io.js'
import type { WorkloadCollector } from './workload-kinds.js'

/**
 * The workload objects read beside the pods: a `--workloads` file, or the cluster's lists of
 * each kind, streamed as pods are. A list the credentials may not read (403) leaves that kind
 * unknown, with a note, rather than failing the tool: the pods it owns are then said to have
 * an unknown replacement.
 */

interface WorkloadList extends OptionalList {
  readonly kind: WorkloadKind | 'Service'
}

export const WORKLOAD_LISTS: readonly WorkloadList[] = [
  { kind: 'Deployment', resource: 'deployments', path: '/apis/apps/v1/deployments' },
  { kind: 'ReplicaSet', resource: 'replicasets', path: '/apis/apps/v1/replicasets' },
  { kind: 'StatefulSet', resource: 'statefulsets', path: '/apis/apps/v1/statefulsets' },
  { kind: 'DaemonSet', resource: 'daemonsets', path: '/apis/apps/v1/daemonsets' },
  { kind: 'Job', resource: 'jobs', path: '/apis/batch/v1/jobs' },
  {
    kind: 'ReplicationController',
    resource: 'replicationcontrollers',
    path: '/api/v1/replicationcontrollers',
  },
  { kind: 'Service', resource: 'services', path: '/api/v1/services' },
]

/**
 * A `--workloads` file: the controllers and Services it holds (each says its `kind`, as
 * `kubectl get deploy,rs,...,svc -o json` prints them); pods are passed over, so the pods file
 * itself may be given. Other kinds are refused, naming the file.
 */
async function readWorkloadFile(source: ManifestSource, into: WorkloadCollector): Promise<void> {
  const { origin } = source
  const side = into.side(origin, ['Pod'])
  // Objects without a kind of their own: pods of a hand-written List pass, as pods do.
  const kindless = (object: unknown, index: number): undefined => {
    if (kindByShape(object) === 'Pod') return undefined
    throw new ProtocolError(`${origin}: object ${index} has no kind, which --workloads needs`)
  }
  await readListObjects(source, {
    expected: 'workload object',
    flag: 'workloads',
    order: 'kinds-first',
    decode: kindless,
    side,
  })
}

/** The workload objects of `source` (a file, or the cluster's lists), into `into`. */
export async function readWorkloads(source: ObjectSource, into: WorkloadCollector): Promise<void> {
  if (source.kind === 'file') return readWorkloadFile(fileSource(source), into)
  await Promise.all(
    WORKLOAD_LISTS.map((list) =>
      readOptionalList(source, list, 'workloads', (o, at) => into.add(o, list.kind, at), {
        unknown: `${list.resource} are taken as unknown`,
        into: into.notes,
      })
    )
  )
}
