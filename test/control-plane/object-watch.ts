import type { KubeApi } from '../support/control-plane/index.js'

/**
 * A list, then a watch from the list's resourceVersion, of one collection of the real API
 * server, started again from a new list whenever the watch stream ends (kube-apiserver closes
 * watches after a while): every change reaches `onEvent`, with the moment this process saw it.
 */

export type KubeObject = Record<string, unknown> & {
  readonly metadata: {
    readonly name: string
    readonly namespace?: string
    readonly uid: string
    readonly deletionTimestamp?: string
    readonly deletionGracePeriodSeconds?: number
    readonly creationTimestamp?: string
    readonly ownerReferences?: readonly { kind: string; name: string; controller?: boolean }[]
  }
}

export type WatchEvent = 'ADDED' | 'MODIFIED' | 'DELETED'

export interface ObjectWatch {
  stop(): void
}

export async function watchObjects(
  api: KubeApi,
  path: string,
  onEvent: (type: WatchEvent, object: KubeObject, seenAt: number) => void
): Promise<ObjectWatch> {
  let stopped = false
  let current: { stop(): void } | null = null
  const start = async (): Promise<void> => {
    const list = await api.get(path)
    const seenAt = Date.now()
    for (const item of (list.items as KubeObject[] | undefined) ?? [])
      onEvent('ADDED', item, seenAt)
    const version = (list.metadata as { resourceVersion: string }).resourceVersion
    if (stopped) return
    current = api.watch(
      `${path}?watch=1&allowWatchBookmarks=false&resourceVersion=${version}`,
      (type, object) => {
        if (type === 'ADDED' || type === 'MODIFIED' || type === 'DELETED')
          onEvent(type, object as KubeObject, Date.now())
      },
      () => {
        // Ended or failed (a 410 once the version is compacted away): list again and go on.
        if (!stopped) setTimeout(() => void start().catch(() => undefined), 100)
      }
    )
  }
  await start()
  return {
    stop: () => {
      stopped = true
      current?.stop()
    },
  }
}
