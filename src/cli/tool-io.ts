import { ClusterSnapshot } from '../cluster/index.js'
import type { ObjectSource } from '../config/index.js'

/** Where a tool writes, and how it reaches the cluster when its input is not a file. */
export interface ToolIo {
  readonly stdout: (text: string) => void
  readonly stderr: (text: string) => void
}

/** Exit statuses shared by the tools: 2 is always bad input. */
export const EXIT_BAD_INPUT = 2

/** The objects of a source as text (file, stdin) or from the live cluster. */
export async function objectsText(
  source: ObjectSource,
  what: 'nodes' | 'pods'
): Promise<{ text: string; origin: string }> {
  if (source.kind === 'text') return { text: source.text, origin: source.origin }
  const snapshot = new ClusterSnapshot(source.cluster)
  const items = what === 'nodes' ? await snapshot.listNodes() : await snapshot.listPods()
  return { text: JSON.stringify({ items }), origin: `cluster ${what}` }
}
