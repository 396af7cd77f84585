import type { NodeTaintsAt, Taint } from '../core/index.js'

/**
 * The few fields of a Node the taint rules read, taken from either a client-node `V1Node` (list
 * and GET responses) or the raw JSON object of a watch event: both spell these fields the same
 * way. Everything else of the Node (status, images, labels: tens of KiB per node) is dropped
 * here, so it becomes garbage as soon as the response has been projected.
 *
 * Watch events are untyped JSON, so every field is checked rather than trusted. Absent or
 * ill-typed strings become "" and an absent flag false, as Go's zero values do upstream.
 */
export function projectNode(node: unknown): NodeTaintsAt | null {
  if (!isObject(node)) return null
  const metadata = isObject(node.metadata) ? node.metadata : undefined
  const name = stringOrEmpty(metadata?.name)
  if (name === '') return null
  const spec = isObject(node.spec) ? node.spec : undefined
  return {
    name,
    resourceVersion: stringOrEmpty(metadata?.resourceVersion),
    unschedulable: spec?.unschedulable === true,
    taints: projectTaints(spec?.taints),
  }
}

/** The name in an object's metadata, or "" (for DELETED events and log fields). */
export function objectName(object: unknown): string {
  return isObject(object) && isObject(object.metadata) ? stringOrEmpty(object.metadata.name) : ''
}

/** The resourceVersion in an object's metadata, or "" (for BOOKMARK events). */
export function objectResourceVersion(object: unknown): string {
  return isObject(object) && isObject(object.metadata)
    ? stringOrEmpty(object.metadata.resourceVersion)
    : ''
}

const NO_TAINTS: readonly Taint[] = Object.freeze([])

function projectTaints(taints: unknown): readonly Taint[] {
  if (!Array.isArray(taints) || taints.length === 0) return NO_TAINTS
  const projected: Taint[] = []
  for (const taint of taints) {
    // A null entry cannot come from a real API server; skipping it beats inventing a taint.
    if (!isObject(taint)) continue
    projected.push({
      key: stringOrEmpty(taint.key),
      value: stringOrEmpty(taint.value),
      effect: stringOrEmpty(taint.effect),
    })
  }
  return projected
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function stringOrEmpty(value: unknown): string {
  return typeof value === 'string' ? value : ''
}
