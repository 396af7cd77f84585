/**
 * Equal strings of the few kinds a cluster repeats on every pod of a template (topology keys)
 * as one string. JSON.parse gives each occurrence a string of its own above a short length,
 * and a snapshot of a large cluster keeps them all; the decoders keep the first one instead.
 */

/** Bounded as the shared resources are (shared-pod-resources.ts): few distinct values recur. */
const SHARED_MAX = 1024
const known = new Map<string, string>()

/** `text`, or an equal string decoded before. */
export function sharedText(text: string): string {
  const seen = known.get(text)
  if (seen !== undefined) return seen
  if (known.size >= SHARED_MAX) known.clear()
  known.set(text, text)
  return text
}
