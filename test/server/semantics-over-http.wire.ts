import type { NodeTaintsAt, RejectionReason, Toleration } from '../../src/core/index.js'
import {
  REASON_EVICTING_TAINT,
  REASON_UNSCHEDULABLE,
  REASON_UNTOLERATED_TAINT,
} from '../../src/core/index.js'
import {
  EVICTION_CASES,
  EVICTION_PLAIN_NODE,
  FILTER_CASES,
  PAIR_NODES,
  SCORE_CASES,
} from '../core/semantics.case.js'
import { wireNodeOf, wirePodOf, wireTaint } from '../property/wire-documents.js'
import type { FakeNodeSpec } from '../support/fake-apiserver.js'
import { namesArgs, nodesArgs } from '../support/wire.js'

/**
 * The semantics table's rows as an extender sees them: requests in either mode, and the cluster
 * that holds every node of the table for node-cache mode.
 */

export type Mode = 'full-node' | 'node-cache'

/**
 * Every node of the table under a name of its own: level, row index and the row's name for it
 * (`pair-12-tainted`, `filter-3-cordoned`, `score-7-nodeB`). The rows reuse names such as
 * `tainted` with other taints, which a real cluster never does at one resourceVersion, and the
 * full-node path keeps the nodes it has compiled by name and resourceVersion.
 */
const NAMES = new Map<NodeTaintsAt, string>()

function nameRow(prefix: string, nodes: readonly NodeTaintsAt[]): void {
  for (const n of nodes) if (!NAMES.has(n)) NAMES.set(n, `${prefix}-${n.name}`)
}

;[...PAIR_NODES.values()].forEach((p, i) => nameRow(`pair-${i}`, [p.tainted, p.untainted]))
FILTER_CASES.forEach((c, i) => nameRow(`filter-${i}`, [c.node]))
SCORE_CASES.forEach((c, i) => nameRow(`score-${i}`, c.nodes))
EVICTION_CASES.forEach((c, i) => nameRow(`eviction-${i}`, [c.node]))
nameRow('eviction', [EVICTION_PLAIN_NODE])

if (new Set(NAMES.values()).size !== NAMES.size) {
  throw new Error('two nodes of the semantics table got the same name')
}

export function nameOf(node: NodeTaintsAt): string {
  const name = NAMES.get(node)
  if (name === undefined) throw new Error(`node ${node.name} is not a node of the semantics table`)
  return name
}

/** Every node of the table as the fake API server stores it (a v1 Node once served). */
export function clusterNodes(): FakeNodeSpec[] {
  return [...NAMES].map(([node, name]) => ({
    name,
    taints: node.taints.map(wireTaint),
    unschedulable: node.unschedulable,
  }))
}

/**
 * ExtenderArgs for a pod with these tolerations (upstream's JSON: empty fields are omitempty,
 * so left out) over these nodes: whole Node objects in full-node mode, names in node-cache mode.
 */
export function extenderArgs(
  mode: Mode,
  tolerations: readonly Toleration[],
  nodes: readonly NodeTaintsAt[]
): Record<string, unknown> {
  const pod = wirePodOf('semantics-row', tolerations)
  if (mode === 'node-cache') return namesArgs(pod, nodes.map(nameOf))
  return nodesArgs(
    pod,
    nodes.map((n) => wireNodeOf({ ...n, name: nameOf(n) }))
  )
}

export interface FilterReply {
  readonly Nodes: { readonly items: readonly { readonly metadata: { name: string } }[] } | null
  readonly NodeNames: readonly string[] | null
  readonly FailedNodes: Readonly<Record<string, string>>
  readonly FailedAndUnresolvableNodes: Readonly<Record<string, string>>
  readonly Error: string
}

/** Every node a filter reply names, wherever it stands: passing first, then the failed ones. */
export function namesIn(reply: FilterReply): string[] {
  return [
    ...(reply.Nodes?.items ?? []).map((n) => n.metadata.name),
    ...(reply.NodeNames ?? []),
    ...Object.keys(reply.FailedNodes),
    ...Object.keys(reply.FailedAndUnresolvableNodes),
  ]
}

/** The nodes a filter reply lets through, from the field of the request's mode. */
export function passingIn(mode: Mode, reply: FilterReply): readonly string[] | null {
  if (mode === 'node-cache') return reply.NodeNames
  return reply.Nodes === null ? null : reply.Nodes.items.map((n) => n.metadata.name)
}

const TABLE_REASONS: readonly RejectionReason[] = [
  REASON_UNTOLERATED_TAINT,
  REASON_UNSCHEDULABLE,
  REASON_EVICTING_TAINT,
]

/** The table's reason for a reason string on the wire; any other string fails the row. */
export function reasonOf(text: string | undefined): RejectionReason {
  const reason = TABLE_REASONS.find((r) => r === text)
  if (reason === undefined) throw new Error(`not a reason of the table: ${JSON.stringify(text)}`)
  return reason
}
