/**
 * The fleet on the fake API server and what the soak knows about each node's history: its
 * current state (what a request built now must be judged against), its object as kube-scheduler
 * would forward it, and from when on the extender must be answering with that state.
 */
import type { NodeTaints, Taint } from '../../src/core/index.js'
import type { FakeApiServer, FakeNodeSpec, FakeTaint } from '../../test/support/fake-apiserver.js'
import { nodeName, nodeTaints, realisticNode } from '../realistic-node.js'

export interface PropagationTiming {
  /** A change on a healthy watch is in the index within this long. */
  readonly settleMs: number
  /** After a cut watch or a forced 410, changes may take this long (plus settleMs) to arrive. */
  readonly disruptionGraceMs: number
}

type NodeChange = Partial<Omit<FakeNodeSpec, 'name'>>

export class SoakFleet {
  readonly names: string[] = []
  readonly #server: FakeApiServer
  readonly #timing: PropagationTiming
  /** The realistic status of each node (capacity, conditions, 50 images), as JSON. */
  readonly #statusJson = new Map<string, string>()
  readonly #nodeJson = new Map<string, { resourceVersion: string; json: string }>()
  /** From this time on the extender must answer with the node's current state. */
  readonly #settledAt = new Map<string, number>()
  readonly #changedAt = new Map<string, number>()
  /** Changes whose watch event may still be on its way, oldest first. */
  #recent: { name: string; at: number }[] = []
  #lastDisruptionAt = Number.NEGATIVE_INFINITY

  constructor(server: FakeApiServer, timing: PropagationTiming) {
    this.#server = server
    this.#timing = timing
  }

  /** Creates `count` realistic nodes (bench/realistic-node.ts) on the API server. */
  populate(count: number): void {
    for (let i = 0; i < count; i++) {
      const name = nodeName(i)
      const realistic = realisticNode(i) as {
        metadata: { labels: Record<string, string> }
        status: unknown
      }
      const { taints, unschedulable } = nodeTaints(i)
      this.#server.addNode({
        name,
        taints: taints.map(wireTaint),
        unschedulable,
        labels: realistic.metadata.labels,
      })
      this.#statusJson.set(name, JSON.stringify(realistic.status))
      this.#settledAt.set(name, 0)
      this.names.push(name)
    }
  }

  /** The node's taints and cordon as the API server holds them now. */
  state(name: string): NodeTaints {
    const node = this.#server.node(name)
    if (node === undefined) throw new Error(`soak: node ${name} is not on the API server`)
    const taints = (node.spec.taints ?? []).map((t) => ({ ...t, value: t.value ?? '' }))
    return { name, unschedulable: node.spec.unschedulable === true, taints }
  }

  /** The node's current object with a realistic status (~16 KiB), as compact JSON. */
  nodeJson(name: string): string {
    const node = this.#server.node(name)
    if (node === undefined) throw new Error(`soak: node ${name} is not on the API server`)
    const cached = this.#nodeJson.get(name)
    if (cached?.resourceVersion === node.metadata.resourceVersion) return cached.json
    const { kind, apiVersion, metadata, spec } = node
    const head = JSON.stringify({ kind, apiVersion, metadata, spec })
    const json = `${head.slice(0, -1)},"status":${this.#statusJson.get(name) ?? '{}'}}`
    this.#nodeJson.set(name, { resourceVersion: metadata.resourceVersion, json })
    return json
  }

  /** Changes a node on the API server (watch event unless `notify: false`) and notes when. */
  change(name: string, change: NodeChange, notify = true): void {
    const now = Date.now()
    this.#server.updateNode(name, change, { notify })
    this.#changedAt.set(name, now)
    const recovering = now < this.#lastDisruptionAt + this.#timing.disruptionGraceMs
    const disruption = recovering ? this.#lastDisruptionAt : null
    this.#settledAt.set(name, this.#disruptedSettle(disruption, now))
    this.#recent.push({ name, at: now })
    while ((this.#recent[0]?.at ?? now) < now - this.#timing.settleMs) this.#recent.shift()
  }

  /**
   * The watch is about to be cut: events sent in the last settleMs may be lost with the
   * connection, and changes from now until the grace has passed arrive with the relist or the
   * resumed watch. Both get the grace added to their propagation window.
   */
  disrupt(): void {
    const now = Date.now()
    this.#lastDisruptionAt = now
    for (const { name, at } of this.#recent) {
      if (at >= now - this.#timing.settleMs)
        this.#settledAt.set(name, this.#disruptedSettle(now, at))
    }
  }

  /** Whether the extender must have answered `name` with its state as of `sentAt`. */
  settled(name: string, sentAt: number): boolean {
    return (this.#settledAt.get(name) ?? 0) <= sentAt
  }

  /** When the node last changed (0: never during the soak). */
  changedAt(name: string): number {
    return this.#changedAt.get(name) ?? 0
  }

  #disruptedSettle(disruptionAt: number | null, changedAt: number): number {
    const { settleMs, disruptionGraceMs } = this.#timing
    if (disruptionAt === null) return changedAt + settleMs
    return Math.max(changedAt, disruptionAt + disruptionGraceMs) + settleMs
  }
}

/** A taint as the API server serves it: an empty value is left out (omitempty). */
export function wireTaint(taint: Taint): FakeTaint {
  return taint.value === ''
    ? { key: taint.key, effect: taint.effect }
    : { key: taint.key, value: taint.value, effect: taint.effect }
}
