import { EVICTING, evictionRow, UNTOLERATED } from './rows.js'
import type { EvictionCase } from './types.js'

/**
 * The eviction rule where upstream's tests say nothing: several NoExecute taints, the order of
 * the tolerations, `tolerationSeconds` 0 and negative, `Exists` with an empty key, the other
 * effects alongside, and the comparison-operator gate. Worked out from `processPodOnNode`,
 * `GetMatchingTolerations` and `getMinTolerationTime`.
 */
export const OUR_EVICTIONS: readonly EvictionCase[] = [
  evictionRow(
    'of three NoExecute taints tolerated for 900, 300 and 600 seconds the 300 decides',
    [
      { key: 'a', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 900n },
      { key: 'b', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300n },
      { key: 'c', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 600n },
    ],
    ['a:NoExecute', 'b:NoExecute', 'c:NoExecute'],
    'after 300s',
    EVICTING
  ),
  evictionRow(
    'one untolerated NoExecute taint among several evicts at once whatever the others are tolerated for',
    [{ key: 'a', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 600n }],
    ['a:NoExecute', 'b:NoExecute'],
    'untolerated',
    UNTOLERATED
  ),
  evictionRow(
    'the first toleration that matches counts, though a later one would tolerate the taint forever',
    [
      { key: 'maintenance', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 600n },
      { operator: 'Exists', effect: 'NoExecute' },
    ],
    ['maintenance=planned:NoExecute'],
    'after 600s',
    EVICTING
  ),
  evictionRow(
    'the first toleration that matches counts, so one tolerating forever ahead of a bounded one keeps the pod',
    [
      { operator: 'Exists', effect: 'NoExecute' },
      { key: 'maintenance', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 600n },
    ],
    ['maintenance=planned:NoExecute'],
    'stays',
    null
  ),
  evictionRow(
    'tolerationSeconds 0 on a used toleration evicts at once',
    [{ key: 'a', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 0n }],
    ['a:NoExecute'],
    'at once',
    EVICTING
  ),
  evictionRow(
    'a negative tolerationSeconds on a used toleration evicts at once, as 0 does',
    [{ key: 'a', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: -5n }],
    ['a:NoExecute'],
    'at once',
    EVICTING
  ),
  evictionRow(
    'tolerationSeconds 0 decides before a smaller positive value is looked at',
    [
      { key: 'a', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60n },
      { key: 'b', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 0n },
    ],
    ['a:NoExecute', 'b:NoExecute'],
    'at once',
    EVICTING
  ),
  evictionRow(
    'Exists with an empty key and effect NoExecute bounds the stay on every NoExecute taint',
    [{ operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300n }],
    ['x=1:NoExecute', 'y:NoExecute'],
    'after 300s',
    EVICTING
  ),
  evictionRow(
    'Exists with an empty key and an empty effect tolerates the NoSchedule taint alongside and bounds the NoExecute stay',
    [{ operator: 'Exists', tolerationSeconds: 300n }],
    ['x=1:NoSchedule', 'y:NoExecute'],
    'after 300s',
    EVICTING
  ),
  evictionRow(
    'a NoSchedule taint tolerated alongside leaves the NoExecute toleration to decide',
    [
      { key: 'dedicated', operator: 'Exists', effect: 'NoSchedule' },
      { key: 'maintenance', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 600n },
    ],
    ['dedicated=gpu:NoSchedule', 'maintenance=planned:NoExecute'],
    'after 600s',
    EVICTING
  ),
  evictionRow(
    'an untolerated NoSchedule taint alongside is not the controller’s concern but the scheduler turns the node away for it first',
    [{ key: 'maintenance', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 600n }],
    ['dedicated=gpu:NoSchedule', 'maintenance=planned:NoExecute'],
    'after 600s',
    UNTOLERATED
  ),
  evictionRow(
    'an untolerated PreferNoSchedule taint alongside changes nothing of the eviction',
    [{ key: 'maintenance', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 600n }],
    ['spot=true:PreferNoSchedule', 'maintenance=planned:NoExecute'],
    'after 600s',
    EVICTING
  ),
  evictionRow(
    'tolerationSeconds on a toleration of a NoSchedule taint bounds nothing: no NoExecute taint, no eviction',
    [{ key: 'dedicated', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 60n }],
    ['dedicated=gpu:NoSchedule'],
    'stays',
    null
  ),
  evictionRow(
    'a bounded toleration for a NoExecute taint the node does not carry bounds nothing',
    [
      { key: 'maintenance', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 600n },
      { key: 'zone', operator: 'Exists', effect: 'NoExecute' },
    ],
    ['zone=a:NoExecute'],
    'stays',
    null
  ),
  evictionRow(
    'a bounded Gt toleration decides while the comparison-operator gate is on',
    [{ key: 'sla', operator: 'Gt', value: '100', effect: 'NoExecute', tolerationSeconds: 120n }],
    ['sla=200:NoExecute'],
    'after 120s',
    EVICTING,
    'on'
  ),
  evictionRow(
    'a bounded Gt toleration tolerates nothing while the gate is off, so the taint evicts at once',
    [{ key: 'sla', operator: 'Gt', value: '100', effect: 'NoExecute', tolerationSeconds: 120n }],
    ['sla=200:NoExecute'],
    'untolerated',
    UNTOLERATED,
    'off'
  ),
]
