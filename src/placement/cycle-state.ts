/**
 * The state one pod's scheduling cycle keeps (pkg/scheduler/framework cycle_state.go
 * `CycleState`): what each plugin's PreFilter computed, by the plugin's key. Passes that change
 * the pods on a node (the nominated pods' first pass, preemption's dry run on a node) work on a
 * clone, where PreFilterExtensions' AddPod and RemovePod update each plugin's data without
 * touching the cycle's own.
 */

/** A plugin's data in the cycle state (`StateData`): it clones apart from the original. */
export interface StateData {
  clone(): StateData
}

export class CycleState {
  readonly #data = new Map<string, StateData>()

  write(key: string, data: StateData): void {
    this.#data.set(key, data)
  }

  /** The data PreFilter wrote under `key`; the plugin's own mistake when there is none. */
  read<T extends StateData>(key: string): T {
    const data = this.#data.get(key)
    if (data === undefined) throw new Error(`no cycle state for ${key}`)
    return data as T
  }

  /** `CycleState.Clone`: each plugin's data cloned. */
  clone(): CycleState {
    const copy = new CycleState()
    for (const [key, data] of this.#data) copy.#data.set(key, data.clone())
    return copy
  }
}
