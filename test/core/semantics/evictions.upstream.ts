import { EVICTING, evictionRow, UNTOLERATED } from './rows.js'
import type { EvictionCase } from './types.js'

/**
 * The taint-eviction controller's decisions from upstream's own tests
 * (pkg/controller/tainteviction taint_eviction_test.go: TestCreatePod, TestUpdateNode,
 * TestUpdateNodeWithMultipleTaints, TestGetMinTolerationTime), one pod on one node each.
 */
export const UPSTREAM_EVICTIONS: readonly EvictionCase[] = [
  evictionRow('a pod on a node without taints stays', [], [], 'stays', null),
  evictionRow(
    'a pod without tolerations on a node with a NoExecute taint is evicted at once',
    [],
    ['testTaint1=testTaint1:NoExecute'],
    'untolerated',
    UNTOLERATED
  ),
  evictionRow(
    'a pod tolerating the NoExecute taint for 1 second is evicted after 1 second',
    [{ key: 'testTaint1', value: 'testTaint1', effect: 'NoExecute', tolerationSeconds: 1n }],
    ['testTaint1=testTaint1:NoExecute'],
    'after 1s',
    EVICTING
  ),
  evictionRow(
    'a pod tolerating the NoExecute taint without tolerationSeconds stays for good',
    [{ key: 'testTaint1', value: 'testTaint1', effect: 'NoExecute' }],
    ['testTaint1=testTaint1:NoExecute'],
    'stays',
    null
  ),
  evictionRow(
    'a pod tolerating another taint forever is evicted at once from a node with an untolerated NoExecute taint',
    [{ key: 'testTaint2', value: 'testTaint2', effect: 'NoExecute' }],
    ['testTaint1=testTaint1:NoExecute'],
    'untolerated',
    UNTOLERATED
  ),
  evictionRow(
    'of used tolerations for 1 and 2 seconds the smaller decides',
    [
      { key: 'a', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 1n },
      { key: 'b', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 2n },
    ],
    ['a:NoExecute', 'b:NoExecute'],
    'after 1s',
    EVICTING
  ),
  evictionRow(
    'a used toleration for 1 second evicts though the next used one tolerates forever',
    [
      { key: 'a', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 1n },
      { key: 'b', operator: 'Exists', effect: 'NoExecute' },
    ],
    ['a:NoExecute', 'b:NoExecute'],
    'after 1s',
    EVICTING
  ),
  evictionRow(
    'a used toleration for 1 second evicts though the one before it tolerates forever',
    [
      { key: 'a', operator: 'Exists', effect: 'NoExecute' },
      { key: 'b', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 1n },
    ],
    ['a:NoExecute', 'b:NoExecute'],
    'after 1s',
    EVICTING
  ),
]
