/**
 * Changes node taints and cordons every few milliseconds, as node controllers, autoscalers and
 * operators do, and now and then cuts the watch streams and forces a 410 Gone relist.
 */
import type { Taint } from '../../src/core/index.js'
import type { FakeApiServer } from '../../test/support/fake-apiserver.js'
import { wireTaint, type SoakFleet } from './soak-fleet.js'
import type { SoakOptions } from './soak-options.js'

export interface ChurnStats {
  changes: number
  watchCuts: number
  forcedRelists: number
}

type ChurnSchedule = Pick<SoakOptions, 'churnEveryMs' | 'dropWatchesEveryMs' | 'forceGoneEveryMs'>

/** The taints the churner toggles; pods in soak-requests.ts tolerate some of them. */
const CHURN_TAINTS: readonly Taint[] = [
  { key: 'soak.example.com/drain', value: 'a', effect: 'NoSchedule' },
  { key: 'soak.example.com/drain', value: 'b', effect: 'NoSchedule' },
  { key: 'soak.example.com/evict', value: '', effect: 'NoExecute' },
  { key: 'soak.example.com/prefer', value: 'x', effect: 'PreferNoSchedule' },
  { key: 'soak.example.com/prefer', value: 'y', effect: 'PreferNoSchedule' },
]

/** At most this many changes at once after a late timer. */
const MAX_CATCH_UP = 50

const sameTaint = (a: Taint, b: Taint): boolean =>
  a.key === b.key && a.value === b.value && a.effect === b.effect

export function startChurner(
  server: FakeApiServer,
  fleet: SoakFleet,
  schedule: ChurnSchedule,
  random: () => number
): { readonly stats: ChurnStats; stop(): void } {
  const stats: ChurnStats = { changes: 0, watchCuts: 0, forcedRelists: 0 }
  const pick = (): string => fleet.names[Math.floor(random() * fleet.names.length)] as string

  /** One change to one node: toggle a churn taint, re-tier, or (un)cordon. */
  const changeOne = (notify: boolean): void => {
    const name = pick()
    const { taints, unschedulable } = fleet.state(name)
    const roll = random()
    stats.changes++
    if (roll < 0.2) {
      fleet.change(name, { unschedulable: !unschedulable }, notify)
      return
    }
    const tier = taints.findIndex((t) => t.key === 'workload-tier')
    if (roll < 0.3 && tier >= 0) {
      const next = taints.map((t, i) =>
        i === tier ? { ...t, value: String(1 + Math.floor(random() * 5)) } : t
      )
      fleet.change(name, { taints: next.map(wireTaint) }, notify)
      return
    }
    const churn = CHURN_TAINTS[Math.floor(random() * CHURN_TAINTS.length)] as Taint
    const has = taints.some((t) => sameTaint(t, churn))
    const next = has ? taints.filter((t) => !sameTaint(t, churn)) : [...taints, churn]
    fleet.change(name, { taints: next.map(wireTaint) }, notify)
  }

  // Timers fire late while the driver is busy checking replies; catching up keeps the rate.
  let due = Date.now()
  const churn = setInterval(() => {
    const now = Date.now()
    for (let n = 0; due <= now && n < MAX_CATCH_UP; n++, due += schedule.churnEveryMs) {
      changeOne(true)
    }
    due = Math.max(due, now - schedule.churnEveryMs)
  }, schedule.churnEveryMs)
  // A proxy or API server restart: every watch connection cut without a word.
  const cut = setInterval(() => {
    fleet.disrupt()
    server.dropWatches()
    stats.watchCuts++
  }, schedule.dropWatchesEveryMs)
  // The watch cache moved on: a change the watch never delivers, history compacted past the
  // extender's resourceVersion, the connection cut. Resuming gets 410 Gone; only a relist sees
  // the change.
  const gone = setInterval(() => {
    fleet.disrupt()
    changeOne(false)
    server.compactHistory()
    server.dropWatches()
    stats.forcedRelists++
  }, schedule.forceGoneEveryMs)

  return {
    stats,
    stop: () => {
      clearInterval(churn)
      clearInterval(cut)
      clearInterval(gone)
    },
  }
}
