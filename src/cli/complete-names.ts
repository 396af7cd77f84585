import { ClusterSnapshot, defaultNamespace } from '../cluster/index.js'
import { lastValue, typedLineCluster, type TypedLine } from '../config/index.js'
import type { NameKind } from './complete-engine.js'

/**
 * Names from the cluster for completion, read with the `--kubeconfig`, `--context` and `-n`
 * typed on the line, as kubectl's own completion reads them. A shell waits on this at every
 * TAB, so it is bounded: past the deadline the requests are aborted and nothing is offered, and
 * a cluster that cannot be read (none found, unreachable, credentials refused) offers nothing
 * either, without a word on stderr, which kubectl hands straight to the terminal.
 */

/** The names read from the API server (contexts come from the files: complete-contexts.ts). */
type ClusterNameKind = Exclude<NameKind, 'context'>

/** The bound kubectl's completion notes it should set on its requests (`compGetResourceList`). */
export const NAMES_DEADLINE_MS = 5_000

export async function clusterNamesFor(
  kind: ClusterNameKind,
  line: TypedLine,
  env: Readonly<Record<string, string | undefined>>,
  deadlineMs = NAMES_DEADLINE_MS
): Promise<string[]> {
  const controller = new AbortController()
  let timer: NodeJS.Timeout | undefined
  // A race, not only an abort: a kubeconfig's credential plugin (exec:) runs before the first
  // request and cannot be aborted, so the deadline answers without waiting for the read to end.
  const deadline = new Promise<string[]>((resolve) => {
    timer = setTimeout(() => {
      controller.abort()
      resolve([])
    }, deadlineMs)
  })
  try {
    return await Promise.race([readNames(kind, line, env, controller.signal), deadline])
  } catch {
    return []
  } finally {
    clearTimeout(timer)
  }
}

async function readNames(
  kind: ClusterNameKind,
  line: TypedLine,
  env: Readonly<Record<string, string | undefined>>,
  signal: AbortSignal
): Promise<string[]> {
  const cluster = typedLineCluster(line, env)
  if (cluster === null) return []
  const snapshot = new ClusterSnapshot(cluster)
  switch (kind) {
    case 'node':
      return snapshot.nodeNames(signal)
    case 'namespace':
      return snapshot.namespaceNames(signal)
    case 'pod':
      return snapshot.podNames(lastValue(line, 'namespace') ?? defaultNamespace(cluster), signal)
  }
}
