/**
 * Requests as kube-scheduler sends them, in both modes, built from the API server's nodes as
 * they are at the moment of sending; each carries the state it was built from for the checker.
 */
import type { NodeTaints, Toleration } from '../../src/core/index.js'
import {
  coreTolerations,
  realisticPod,
  tolerationsFor,
  type WireToleration,
} from '../realistic-pod.js'
import type { SoakFleet } from './soak-fleet.js'

export type SoakVerb = 'filter' | 'prioritize' | 'preempt'
/** `full`: Node objects / whole victim pods (nodeCacheCapable: false); `names`: NodeNames. */
export type SoakMode = 'full' | 'names'

export interface SoakRequest {
  readonly verb: SoakVerb
  readonly mode: SoakMode
  readonly body: string
  /** When the body was built, i.e. the moment its node states were read. */
  readonly sentAt: number
  readonly tolerations: readonly Toleration[]
  readonly names: readonly string[]
  /** Each candidate's state at `sentAt`, in request order. */
  readonly snapshot: readonly NodeTaints[]
  /** Full-mode filter and prioritize: each node object exactly as sent. */
  readonly itemJson: readonly string[] | null
  /** Preempt: the victims' UIDs sent per candidate (one PDB violation per two victims). */
  readonly victims: ReadonlyMap<string, readonly string[]> | null
}

/** Toleration sets: the benchmark's pods, plus pods that tolerate some of the churned taints. */
const TOLERATION_SETS: readonly (readonly WireToleration[])[] = [
  tolerationsFor(0),
  tolerationsFor(3),
  tolerationsFor(20),
  [{ key: 'soak.example.com/drain', operator: 'Exists', effect: 'NoSchedule' }],
  [
    { key: 'soak.example.com/drain', operator: 'Equal', value: 'a', effect: 'NoSchedule' },
    { key: 'soak.example.com/evict', operator: 'Exists' },
    { key: 'soak.example.com/prefer', value: 'x' },
  ],
  [
    { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' },
    { key: 'workload-tier', operator: 'Lt', value: '4', effect: 'NoSchedule' },
    { key: 'soak.example.com/prefer', operator: 'Exists', effect: 'PreferNoSchedule' },
  ],
  [{ operator: 'Exists' }],
  [{ operator: 'Exists', effect: 'NoSchedule' }],
]

export class SoakRequestMaker {
  readonly #fleet: SoakFleet
  readonly #random: () => number
  #sequence = 0

  constructor(fleet: SoakFleet, random: () => number) {
    this.#fleet = fleet
    this.#random = random
  }

  /** A random verb (filter 45 %, prioritize 40 %, preempt 15 %) in a random mode. */
  next(): SoakRequest {
    const roll = this.#random()
    const verb: SoakVerb = roll < 0.45 ? 'filter' : roll < 0.85 ? 'prioritize' : 'preempt'
    return this.build(verb, this.#random() < 0.5 ? 'full' : 'names')
  }

  build(verb: SoakVerb, mode: SoakMode): SoakRequest {
    const set = TOLERATION_SETS[Math.floor(this.#random() * TOLERATION_SETS.length)] ?? []
    const podName = `soak-${(this.#sequence++).toString(36).padStart(6, '0')}`
    const pod = JSON.stringify(realisticPod(podName, set))
    const names = this.#pickNames(verb, mode)
    const sentAt = Date.now()
    const snapshot = names.map((n) => this.#fleet.state(n))
    const base = { verb, mode, sentAt, tolerations: coreTolerations(set), names, snapshot }
    if (verb === 'preempt') {
      const victims = new Map(
        names.map((n, i) => [n, [0, 1, 2].slice(0, 1 + (i % 3)).map((v) => `${podName}-${i}-${v}`)])
      )
      const entries = [...victims].map(([n, uids]) => {
        const pods =
          mode === 'names'
            ? uids.map((uid) => ({ UID: uid }))
            : uids.map((uid) => ({ metadata: { name: uid, namespace: 'shop', uid }, spec: {} }))
        const value = { Pods: pods, NumPDBViolations: Math.floor(uids.length / 2) }
        return `${JSON.stringify(n)}:${JSON.stringify(value)}`
      })
      const map = `{${entries.join(',')}}`
      const body =
        mode === 'names'
          ? `{"Pod":${pod},"NodeNameToVictims":null,"NodeNameToMetaVictims":${map}}`
          : `{"Pod":${pod},"NodeNameToVictims":${map},"NodeNameToMetaVictims":null}`
      return { ...base, body, itemJson: null, victims }
    }
    if (mode === 'names') {
      const body = `{"Pod":${pod},"Nodes":null,"NodeNames":${JSON.stringify(names)}}`
      return { ...base, body, itemJson: null, victims: null }
    }
    const itemJson = names.map((n) => this.#fleet.nodeJson(n))
    const body = `{"Pod":${pod},"Nodes":{"metadata":{},"items":[${itemJson.join(',')}]},"NodeNames":null}`
    return { ...base, body, itemJson, victims: null }
  }

  /** Full nodes: 10–120 (≈16 KiB each); names: 50 to the whole fleet; preempt: 5–60. */
  #pickNames(verb: SoakVerb, mode: SoakMode): string[] {
    const pool = this.#fleet.names.slice()
    const count = Math.min(pool.length, this.#namesToPick(verb, mode, pool.length))
    // A partial Fisher–Yates shuffle: the first `count` places take distinct random names.
    for (let i = 0; i < count; i++) {
      const j = i + Math.floor(this.#random() * (pool.length - i))
      ;[pool[i], pool[j]] = [pool[j] as string, pool[i] as string]
    }
    return pool.slice(0, count)
  }

  #namesToPick(verb: SoakVerb, mode: SoakMode, all: number): number {
    if (verb === 'preempt') return 5 + Math.floor(this.#random() * 56)
    if (mode === 'full') return 10 + Math.floor(this.#random() * 111)
    return this.#random() < 0.1 ? all : 50 + Math.floor(this.#random() * 950)
  }
}
