import type { NodeCacheMetrics } from '../../src/extender/ports.js'

type InformerEvent = Parameters<NodeCacheMetrics['informerEvent']>[0]
type LookupOutcome = Parameters<NodeCacheMetrics['unknownNameLookup']>[0]

/** A NodeCacheMetrics that remembers what it was fed, for assertions. */
export class RecordingNodeCacheMetrics implements NodeCacheMetrics {
  readonly events: Record<InformerEvent, number> = { add: 0, update: 0, delete: 0, relist: 0 }
  readonly lookups: Record<LookupOutcome, number> = {
    found: 0,
    not_found: 0,
    not_found_remembered: 0,
    error: 0,
    shed: 0,
    throttled: 0,
  }
  watchRestarts = 0
  relists = 0
  lastIndexSize: number | undefined
  lastEventCalls = 0

  informerEvent(type: InformerEvent): void {
    this.events[type]++
  }
  watchRestart(): void {
    this.watchRestarts++
  }
  relist(): void {
    this.relists++
  }
  indexSize(size: number): void {
    this.lastIndexSize = size
  }
  lastEventNow(): void {
    this.lastEventCalls++
  }
  unknownNameLookup(outcome: LookupOutcome): void {
    this.lookups[outcome]++
  }
}
