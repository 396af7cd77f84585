import type { Taint } from './types.js'

/** `key=value:Effect` (or `key:Effect` for an empty value), as kubectl writes taints. */
export function formatTaint(taint: Taint): string {
  return `${taint.key}${taint.value === '' ? '' : `=${taint.value}`}:${taint.effect}`
}
