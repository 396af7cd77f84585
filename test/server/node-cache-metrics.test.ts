import { afterEach, describe, expect, it, vi } from 'vitest'
import { REASON_LABELS, REJECTION_REASONS } from '../../src/core/index.js'
import { Metrics } from '../../src/server/index.js'
import { seriesSamples } from '../support/metrics-text.js'

/**
 * What the node cache reports through the real Metrics, as /metrics shows it: the series the
 * dashboard's node-cache row and the alerts of deploy/monitoring read. The informer's own tests
 * record these calls through the port; this checks what they become.
 */

afterEach(() => {
  vi.useRealTimers()
})

/** Every sample of /metrics, by series as written (name and labels). */
async function samples(metrics: Metrics): Promise<Map<string, number>> {
  return seriesSamples(await metrics.registry.metrics())
}

describe('node-cache metrics', () => {
  it('count informer events by type, watch restarts, relists and unknown names by outcome', async () => {
    const metrics = new Metrics()
    metrics.nodeCache.informerEvent('add')
    metrics.nodeCache.informerEvent('add')
    metrics.nodeCache.informerEvent('delete')
    metrics.nodeCache.informerEvent('relist')
    metrics.nodeCache.watchRestart()
    metrics.nodeCache.relist()
    metrics.nodeCache.relist()
    metrics.nodeCache.indexSize(15000)
    metrics.nodeCache.unknownNameLookup('shed')
    metrics.nodeCache.unknownNameLookup('found')
    metrics.nodeCache.unknownNameLookup('found')
    const found = await samples(metrics)
    expect({
      add: found.get('taint_extender_informer_events_total{type="add"}'),
      delete: found.get('taint_extender_informer_events_total{type="delete"}'),
      relistEvents: found.get('taint_extender_informer_events_total{type="relist"}'),
      restarts: found.get('taint_extender_watch_restarts_total'),
      relists: found.get('taint_extender_relists_total'),
      index: found.get('taint_extender_index_nodes'),
      shed: found.get('taint_extender_unknown_node_lookups_total{outcome="shed"}'),
      foundByGet: found.get('taint_extender_unknown_node_lookups_total{outcome="found"}'),
    }).toEqual({
      add: 2,
      delete: 1,
      relistEvents: 1,
      restarts: 1,
      relists: 2,
      index: 15000,
      shed: 1,
      foundByGet: 2,
    })
  })

  it('give the seconds since the last watch event, and -1 before any (as in full-node mode)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-22T12:00:00Z'))
    const metrics = new Metrics()
    const since = async (): Promise<number | undefined> =>
      (await samples(metrics)).get('taint_extender_seconds_since_last_event')
    expect(await since()).toBe(-1)
    metrics.nodeCache.lastEventNow()
    vi.setSystemTime(new Date('2026-11-22T12:01:30.500Z'))
    expect(await since()).toBe(90.5)
    metrics.nodeCache.lastEventNow()
    expect(await since()).toBe(0)
  })

  it('start every rejection reason at zero, so that a rate over them is defined from the first scrape', async () => {
    const found = await samples(new Metrics())
    const labels = REJECTION_REASONS.map((reason) => REASON_LABELS[reason])
    expect(labels).toEqual([
      'unschedulable',
      'untolerated_taint',
      'evicting_taint',
      'node_not_found',
      'node_lookup_failed',
    ])
    for (const label of labels) {
      expect(found.get(`taint_extender_nodes_rejected_total{reason="${label}"}`)).toBe(0)
    }
  })
})
