import { nodeList, statusObject, type NodeObject } from './fake-kube-objects.js'

/** A response for the fake API server to send. */
export interface JsonReply {
  readonly status: number
  readonly body: unknown
}

/**
 * Paged lists as the API server serves them from etcd: the first page fixes a snapshot (its
 * resourceVersion included), and each `continue` token reads on from that same snapshot, so
 * changes made between pages show up in the watch, never in the list. Tokens can be expired
 * to provoke the 410 a client gets when it pages too slowly.
 */
export class FakeListPager {
  readonly #snapshots = new Map<string, { items: NodeObject[]; resourceVersion: number }>()
  #nextSnapshot = 1

  page(
    nodes: Iterable<NodeObject>,
    resourceVersion: number,
    limit: number,
    continueToken: string
  ): JsonReply {
    let snapshotId: string
    let offset = 0
    if (continueToken === '') {
      snapshotId = String(this.#nextSnapshot++)
      const items = [...nodes].sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1))
      this.#snapshots.set(snapshotId, { items, resourceVersion })
    } else {
      const [id = '', at = '0'] = continueToken.split(':')
      snapshotId = id
      offset = Number(at)
    }
    const snapshot = this.#snapshots.get(snapshotId)
    if (snapshot === undefined) {
      return { status: 410, body: statusObject(410, 'The provided continue parameter is too old') }
    }
    const end = limit > 0 ? Math.min(offset + limit, snapshot.items.length) : snapshot.items.length
    const more = end < snapshot.items.length
    if (!more) this.#snapshots.delete(snapshotId)
    const next = more ? `${snapshotId}:${end}` : undefined
    const items = snapshot.items.slice(offset, end)
    const remaining = snapshot.items.length - end
    return { status: 200, body: nodeList(items, snapshot.resourceVersion, next, remaining) }
  }

  /** Every outstanding continue token now gets 410 Expired. */
  expireAll(): void {
    this.#snapshots.clear()
  }
}

/** The pod fields the API server's pod field selectors index that the tools use. */
const POD_FIELDS: Record<string, (pod: unknown) => string> = {
  'spec.nodeName': (pod) => (pod as { spec?: { nodeName?: string } }).spec?.nodeName ?? '',
  'status.phase': (pod) => (pod as { status?: { phase?: string } }).status?.phase ?? '',
  'status.nominatedNodeName': (pod) =>
    (pod as { status?: { nominatedNodeName?: string } }).status?.nominatedNodeName ?? '',
}

/** A comma-separated field selector of `field=value` and `field!=value` terms, all of which hold. */
function podFieldSelector(selector: string): ((pod: unknown) => boolean) | null {
  if (selector === '') return () => true
  const terms = selector.split(',').map((term) => /^([^!=]+)(!?=)(.*)$/.exec(term))
  const tests: ((pod: unknown) => boolean)[] = []
  for (const term of terms) {
    const read = term === null ? undefined : POD_FIELDS[term[1] ?? '']
    if (term === null || read === undefined) return null
    const [, , op, value] = term
    tests.push((pod) => (read(pod) === value) === (op === '='))
  }
  return (pod) => tests.every((test) => test(pod))
}

/**
 * One page of a PodList of every namespace: the pods the field selector picks (`spec.nodeName`
 * and `status.phase`, with `=` or `!=`, `spec.nodeName=` for those bound to none), `limit` of
 * them from the offset a `continue` token carries. Any other field gets the 400 the API server
 * gives a field it does not index.
 */
export function podListPage(
  pods: readonly unknown[],
  url: URL,
  resourceVersion: number
): JsonReply {
  const selector = url.searchParams.get('fieldSelector') ?? ''
  const picks = podFieldSelector(selector)
  if (picks === null) {
    return { status: 400, body: statusObject(400, `field label not supported: ${selector}`) }
  }
  const selected = pods.filter(picks)
  const offset = Number(url.searchParams.get('continue') ?? '0')
  const limit = Number(url.searchParams.get('limit') ?? '0')
  const end = limit > 0 ? Math.min(offset + limit, selected.length) : selected.length
  const metadata: Record<string, unknown> = { resourceVersion: String(resourceVersion) }
  if (end < selected.length) metadata.continue = String(end)
  return {
    status: 200,
    body: { kind: 'PodList', apiVersion: 'v1', metadata, items: selected.slice(offset, end) },
  }
}
