import { expect } from 'vitest'
import type { KubeApi } from '../support/control-plane/index.js'
import { eventually } from '../support/eventually.js'
import { passedByExtender } from './fault-support.js'

/**
 * Cordoning for the suites that build their cluster by steering kube-scheduler: only some nodes
 * schedulable while some pods are created, then others.
 *
 * A cordon or uncordon is only done once this extender's own view has it. The extender filters
 * on its watch of the nodes, which can trail kube-scheduler's by a few milliseconds, and more on
 * a loaded machine. A pod created at once after an uncordon can then be turned away by the
 * extender on the older view. kube-scheduler does not try such a pod again until a later cluster
 * event moves it (or, in v1.28, `podMaxInUnschedulablePodsDuration`, five minutes, passes), and
 * a test cluster at rest sends none. The node lifecycle controller's
 * `node.kubernetes.io/unschedulable` taint, which follows `spec.unschedulable`, is awaited too:
 * the extender passes a node only once it is gone.
 */

const UNSCHEDULABLE_TAINT = 'node.kubernetes.io/unschedulable'

interface NodeObject {
  readonly metadata: { readonly name: string }
  readonly spec?: { readonly taints?: readonly { key: string; effect: string }[] }
}

/**
 * Sets `spec.unschedulable` of every node to `cordoned(name)`, then waits until the extender at
 * `extenderPort` passes, for a pod with no tolerations, exactly the nodes left schedulable that
 * no other NoSchedule or NoExecute taint keeps such a pod from.
 */
export async function setCordons(
  api: KubeApi,
  extenderPort: number,
  cordoned: (node: string) => boolean
): Promise<void> {
  const nodes = (await api.items('/api/v1/nodes')) as unknown as NodeObject[]
  const names = nodes.map((n) => n.metadata.name)
  for (const name of names)
    await api.patch(`/api/v1/nodes/${name}`, { spec: { unschedulable: cordoned(name) } })
  const open = nodes
    .filter((n) => !cordoned(n.metadata.name) && !repelsEveryPod(n))
    .map((n) => n.metadata.name)
  await eventually(
    async () => expect((await passedByExtender(extenderPort, names)).sort()).toEqual(open.sort()),
    30_000,
    50
  )
}

/** Whether a taint other than the cordon's own keeps a pod with no tolerations off `node`. */
function repelsEveryPod(node: NodeObject): boolean {
  return (node.spec?.taints ?? []).some(
    (t) => t.key !== UNSCHEDULABLE_TAINT && (t.effect === 'NoSchedule' || t.effect === 'NoExecute')
  )
}

/** Every node but those in `keep` cordoned (`cordoned: true`), or none. */
export async function cordonAllBut(
  api: KubeApi,
  extenderPort: number,
  keep: readonly string[],
  cordoned: boolean
): Promise<void> {
  await setCordons(api, extenderPort, (name) => cordoned && !keep.includes(name))
}
