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

/**
 * One page of a PodList of every namespace: the pods whose `spec.nodeName` the field selector
 * names (`spec.nodeName=` for those bound to none), `limit` of them from the offset a `continue`
 * token carries. Any other field selector gets the 400 the API server gives a field it does not
 * index.
 */
export function podListPage(
  pods: readonly unknown[],
  url: URL,
  resourceVersion: number
): JsonReply {
  const selector = url.searchParams.get('fieldSelector') ?? ''
  const nodeName = /^spec\.nodeName=(.*)$/.exec(selector)?.[1]
  if (selector !== '' && nodeName === undefined) {
    return { status: 400, body: statusObject(400, `field label not supported: ${selector}`) }
  }
  const bound = (pod: unknown): string =>
    (pod as { spec?: { nodeName?: string } }).spec?.nodeName ?? ''
  const selected = nodeName === undefined ? pods : pods.filter((p) => bound(p) === nodeName)
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
