import { KubeConfig } from '@kubernetes/client-node'
import { describe, expect, it } from 'vitest'
import {
  InformerNodeCache,
  loadKubeConfig,
  type InformerNodeCacheOptions,
} from '../../src/cluster/index.js'
import { NOOP_LOGGER, NOOP_NODE_CACHE_METRICS } from '../../src/extender/ports.js'
import { kubeconfigFor } from '../support/kubeconfig-for.js'

const kubeConfig = loadKubeConfig({
  kind: 'kubeconfig',
  paths: [kubeconfigFor('http://127.0.0.1:1')],
})
const valid: InformerNodeCacheOptions = {
  kubeConfig,
  logger: NOOP_LOGGER,
  metrics: NOOP_NODE_CACHE_METRICS,
}

function build(overrides: Record<string, unknown>): () => InformerNodeCache {
  return () => new InformerNodeCache({ ...valid, ...overrides } as InformerNodeCacheOptions)
}

describe('InformerNodeCache options', () => {
  it('accepts the required options alone and starts empty and not ready', () => {
    const cache = new InformerNodeCache(valid)
    expect(cache.size).toBe(0)
    expect(cache.readiness()).toEqual({ ready: false, reason: expect.stringContaining('waiting') })
  })

  const MS = 'must be an integer number of milliseconds from 1 to 2147483647'
  it.each([
    [
      'a kubeConfig that is not a KubeConfig',
      { kubeConfig: {} },
      'kubeConfig must be a KubeConfig',
    ],
    [
      'a KubeConfig without a current cluster',
      { kubeConfig: new KubeConfig() },
      'kubeConfig has no current context with a cluster',
    ],
    [
      'a logger missing methods',
      { logger: { info: () => {} } },
      'logger lacks isEnabled, debug, warn, error',
    ],
    ['missing metrics', { metrics: undefined }, 'metrics lacks informerEvent'],
    ['a null logger', { logger: null }, 'logger lacks isEnabled, debug, info, warn, error'],
    ['an index that is not a TaintIndex', { index: new Map() }, 'index must be a TaintIndex'],
    ['a zero watchdog', { watchdogMs: 0 }, `watchdogMs ${MS}, got 0`],
    ['a fractional watchdog', { watchdogMs: 1.5 }, `watchdogMs ${MS}, got 1.5`],
    ['a watchdog beyond setTimeout', { watchdogMs: 2 ** 31 }, `watchdogMs ${MS}, got 2147483648`],
    [
      'a backoff without maxMs',
      { backoff: { initialMs: 100 } },
      `backoff.maxMs ${MS}, got undefined`,
    ],
    [
      'a backoff whose cap is below its start',
      { backoff: { initialMs: 100, maxMs: 50 } },
      'backoff.maxMs (50) must not be below backoff.initialMs (100)',
    ],
    ['a backoff that is not an object', { backoff: 5 }, 'backoff must be { initialMs, maxMs }'],
    [
      'a backoff that starts at zero',
      { backoff: { initialMs: 0, maxMs: 100 } },
      `backoff.initialMs ${MS}, got 0`,
    ],
    ['a zero page size', { pageSize: 0 }, 'pageSize must be a positive integer, got 0'],
    ['an afterList that is not a function', { afterList: 'gc' }, 'afterList must be a function'],
    ['a NaN page size', { pageSize: Number.NaN }, 'pageSize must be a positive integer, got NaN'],
    ['a negative request timeout', { requestTimeoutMs: -1 }, `requestTimeoutMs ${MS}, got -1`],
  ])('rejects %s with a TypeError that says what is wrong', (_case, overrides, message) => {
    expect(build(overrides)).toThrow(TypeError)
    expect(build(overrides)).toThrow(`InformerNodeCache: ${message}`)
  })

  it.each([
    ['null', null],
    ['a string', 'kubeconfig'],
  ])('rejects options that are %s, not an object', (_case, options) => {
    const notOptions = options as unknown as InformerNodeCacheOptions
    expect(() => new InformerNodeCache(notOptions)).toThrow(
      new TypeError('InformerNodeCache: options must be an object')
    )
  })

  it.each([
    ['a watchdog of 1 ms, the shortest there is', { watchdogMs: 1 }],
    ["a watchdog at setTimeout's limit", { watchdogMs: 2_147_483_647 }],
    ['a request timeout of 1 ms', { requestTimeoutMs: 1 }],
    ['a backoff whose cap equals its start', { backoff: { initialMs: 100, maxMs: 100 } }],
    ['a page size of one node', { pageSize: 1 }],
  ])('accepts %s', (_case, overrides) => {
    expect(build(overrides)).not.toThrow()
  })
})
