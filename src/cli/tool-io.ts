import { ClusterSnapshot } from '../cluster/index.js'
import type { ObjectSource } from '../config/index.js'

/** Where a tool writes its output and its error messages. */
export interface ToolIo {
  readonly stdout: (text: string) => void
  readonly stderr: (text: string) => void
}

/** Exit statuses shared by the tools: 2 is always bad input. */
export const EXIT_BAD_INPUT = 2

/** The nodes of a source as text: a file's (or stdin's), or the cluster's as a List. */
export async function nodesText(source: ObjectSource): Promise<{ text: string; origin: string }> {
  if (source.kind === 'text') return { text: source.text, origin: source.origin }
  const items = await new ClusterSnapshot(source.cluster).listNodes()
  return { text: JSON.stringify({ items }), origin: 'cluster nodes' }
}

/**
 * The pods of a source as text. From the cluster, only the pods forecast looks at: those bound to
 * `nodeNames` and those bound to none yet, one list each by field selector, as `kubectl drain`
 * lists a node's pods, rather than every pod of a cluster that may hold a hundred thousand.
 */
export async function podsText(
  source: ObjectSource,
  nodeNames: readonly string[]
): Promise<{ text: string; origin: string }> {
  if (source.kind === 'text') return { text: source.text, origin: source.origin }
  const snapshot = new ClusterSnapshot(source.cluster)
  const items: unknown[] = []
  for (const nodeName of [...nodeNames, '']) {
    // Node names are DNS subdomains: nothing in them needs escaping in a field selector.
    items.push(...(await snapshot.listPods(`spec.nodeName=${nodeName}`)))
  }
  return { text: JSON.stringify({ items }), origin: 'cluster pods' }
}

/**
 * Every pod bound to a node and not finished, as kube-scheduler's own informer sees them
 * (pkg/scheduler/scheduler.go `newPodInformer` leaves out `Succeeded` and `Failed` pods): what
 * inter-pod affinity is judged against.
 */
export async function placedPodsText(
  source: ObjectSource
): Promise<{ text: string; origin: string }> {
  if (source.kind === 'text') return source
  const items = await new ClusterSnapshot(source.cluster).listPods(
    'spec.nodeName!=,status.phase!=Succeeded,status.phase!=Failed'
  )
  return { text: JSON.stringify({ items }), origin: 'cluster pods' }
}

export async function namespacesText(
  source: ObjectSource
): Promise<{ text: string; origin: string }> {
  if (source.kind === 'text') return source
  const items = await new ClusterSnapshot(source.cluster).listNamespaces()
  return { text: JSON.stringify({ items }), origin: 'cluster namespaces' }
}
