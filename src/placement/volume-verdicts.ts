import type { FilterPlugin } from './framework.js'

/**
 * What each volume plugin's PreFilter answers here (volume-plugins.ts runs them in the
 * profile's order): the pod turned away before any node is judged, or its Filter (null when it
 * skips the pod or passes it everywhere; `unjudged` when what it would read is not read).
 */

/** The pod turned away at PreFilter, UnschedulableAndUnresolvable: by which plugin and why. */
export interface VolumeRejection {
  readonly plugin: string
  readonly reason: string
  /** The claim or volume that decided, for the row's detail. */
  readonly detail: string
}

export type VolumePreFilter =
  | { readonly rejection: VolumeRejection; readonly filter: null }
  | {
      readonly rejection: null
      readonly filter: FilterPlugin | null | 'unjudged'
      /** The only nodes the plugin's PreFilterResult leaves (VolumeBinding's); absent: all. */
      readonly eligible?: ReadonlySet<string>
    }

/** Go's %q of a claim or volume name (DNS names: nothing to escape but what JSON escapes). */
export const quoted = (s: string): string => JSON.stringify(s)
