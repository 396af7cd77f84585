import { describe, expect, it } from 'vitest'
import { queueOrder, type PendingPod } from '../../src/placement/index.js'
import { pod } from './builders.js'

/**
 * The order kube-scheduler's queue tries pending pods in (queuesort PrioritySort `Less`):
 * higher priority first, then the earlier queue timestamp, for which the creation time stands
 * (the oldest first); pods equal on both keep the order they were listed in.
 */

function pending(name: string, priority: number | null, createdAt: string | null): PendingPod {
  return {
    pod: { ...pod({ name, ...(priority === null ? {} : { priority }) }), createdAt },
    tolerations: [],
  }
}

describe('queueOrder', () => {
  it.each<[string, PendingPod[], string[]]>([
    [
      'a higher priority goes first, however late it was created',
      [
        pending('old-low', 0, '2026-11-01T00:00:00Z'),
        pending('new-high', 10, '2026-11-02T00:00:00Z'),
      ],
      ['new-high', 'old-low'],
    ],
    [
      'equal priorities: the oldest first',
      [pending('b', 5, '2026-11-01T00:00:02Z'), pending('a', 5, '2026-11-01T00:00:01Z')],
      ['a', 'b'],
    ],
    [
      'no priority counts as 0, below a positive one and above a negative one',
      [pending('minus', -1, null), pending('unset', null, null), pending('one', 1, null)],
      ['one', 'unset', 'minus'],
    ],
    [
      'a pod without a creation time goes after the dated ones of its priority',
      [pending('undated', 0, null), pending('dated', 0, '2026-11-01T00:00:00Z')],
      ['dated', 'undated'],
    ],
    [
      'pods equal on both keep the order they were listed in',
      [pending('first', 0, '2026-11-01T00:00:00Z'), pending('second', 0, '2026-11-01T00:00:00Z')],
      ['first', 'second'],
    ],
  ])('%s', (_name, pods, want) => {
    expect(queueOrder(pods).map((p) => p.pod.name)).toEqual(want)
  })
})
