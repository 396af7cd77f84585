import { describe, expect, it } from 'vitest'
import {
  taintEviction,
  formatTaint,
  forecastPendingPod,
  noExecuteTaints,
  withTaint,
  type EvictionOutcome,
  type Toleration,
} from '../../src/core/index.js'
import { GATE_ON, node, taint, toleration } from './builders.js'

/**
 * The taint-eviction controller's decision (pkg/controller/tainteviction: processPodOnNode,
 * v1helper.GetMatchingTolerations, getMinTolerationTime), case by case, below the forecast CLI.
 */

/** An outcome as one line: `stays`, `now: <because> [<taints>]` or `after <s>s (<key>)`. */
function outcomeText(outcome: EvictionOutcome): string {
  switch (outcome.kind) {
    case 'stays':
      return 'stays'
    case 'evicted-now':
      return `now: ${outcome.because} [${outcome.taints.map(formatTaint).join(', ')}]`
    case 'evicted-after':
      return `after ${outcome.seconds}s (${outcome.toleration.key})`
  }
}

function exists(key: string, seconds: bigint | null = null): Toleration {
  return toleration({ key, operator: 'Exists', tolerationSeconds: seconds })
}

describe('taintEviction', () => {
  it.each<[string, string[], Toleration[], string]>([
    ['a node with no NoExecute taint keeps every pod', [], [], 'stays'],
    [
      'a pod tolerating none of the taints is evicted at once, and only the untolerated ones are named',
      ['a=1:NoExecute', 'b=2:NoExecute', 'c=3:NoExecute'],
      [exists('b')],
      'now: untolerated NoExecute taint [a=1:NoExecute, c=3:NoExecute]',
    ],
    [
      'a pod tolerating every taint without tolerationSeconds stays for good',
      ['a=1:NoExecute', 'b=2:NoExecute'],
      [exists('a'), exists('b')],
      'stays',
    ],
    [
      'tolerationSeconds 0 on a used toleration evicts at once',
      ['a=1:NoExecute', 'b=2:NoExecute'],
      [exists('a', 600n), exists('b', 0n)],
      'now: tolerationSeconds 0 <= 0 []',
    ],
    [
      'a negative tolerationSeconds evicts at once, as zero does',
      ['a=1:NoExecute'],
      [exists('a', -5n)],
      'now: tolerationSeconds -5 <= 0 []',
    ],
    [
      'the smallest tolerationSeconds among the used tolerations decides, wherever it comes in the list',
      ['a=1:NoExecute', 'b=2:NoExecute', 'c=3:NoExecute'],
      [exists('a', 900n), exists('b', 300n), exists('c', 600n)],
      'after 300s (b)',
    ],
    [
      'of two used tolerations with the same smallest tolerationSeconds, the first is named',
      ['a=1:NoExecute', 'b=2:NoExecute'],
      [exists('a', 300n), exists('b', 300n)],
      'after 300s (a)',
    ],
    [
      'a used toleration without tolerationSeconds does not stop another from evicting later',
      ['a=1:NoExecute', 'b=2:NoExecute'],
      [exists('a'), exists('b', 60n)],
      'after 60s (b)',
    ],
    [
      'for each taint the first toleration that tolerates it is used, even when a later one would tolerate it for good',
      ['a=1:NoExecute'],
      [exists('a', 30n), exists('a')],
      'after 30s (a)',
    ],
    [
      'a later toleration with tolerationSeconds is not used when an earlier one tolerates the taint for good',
      ['a=1:NoExecute'],
      [exists('a'), exists('a', 30n)],
      'stays',
    ],
    [
      'an unused toleration with a small tolerationSeconds changes nothing',
      ['a=1:NoExecute'],
      [exists('a', 600n), exists('other', 1n)],
      'after 600s (a)',
    ],
  ])('%s', (_, taints, tolerations, expected) => {
    const outcome = taintEviction(tolerations, taints.map(taint), GATE_ON)
    expect(outcomeText(outcome)).toBe(expected)
  })
})

describe('noExecuteTaints and withTaint', () => {
  it('keeps only the NoExecute taints, in the node’s order', () => {
    const taints = ['a=1:NoSchedule', 'b=2:NoExecute', 'c=3:PreferNoSchedule', 'd=4:NoExecute']
    expect(noExecuteTaints(taints.map(taint)).map((t) => t.key)).toEqual(['b', 'd'])
  })

  it('replaces a taint of the same key and effect, keeps one of the same key and another effect, and appends the new one', () => {
    const taints = ['m=old:NoExecute', 'm=old:NoSchedule', 'x=1:NoExecute'].map(taint)
    expect(withTaint(taints, taint('m=new:NoExecute'))).toEqual(
      ['m=old:NoSchedule', 'x=1:NoExecute', 'm=new:NoExecute'].map(taint)
    )
  })
})

describe('forecastPendingPod', () => {
  it.each<[string, { unschedulable?: boolean; taints: string[] }, string, object]>([
    [
      'a pod the new NoSchedule taint rejects where it fitted is turned away',
      { taints: [] },
      'm=1:NoSchedule',
      { turnedAway: true, scoresLower: false, reasonAfter: 'node(s) had untolerated taint(s)' },
    ],
    [
      'a pod the node already rejected is not turned away again',
      { taints: ['x=1:NoSchedule'] },
      'm=1:NoSchedule',
      { turnedAway: false, scoresLower: false, reasonAfter: 'node(s) had untolerated taint(s)' },
    ],
    [
      'a pod that still fits but meets one more untolerated PreferNoSchedule taint scores lower',
      { taints: ['x=1:PreferNoSchedule'] },
      'm=1:PreferNoSchedule',
      { turnedAway: false, scoresLower: true, reasonAfter: null },
    ],
    [
      'a pod the node rejects does not score lower: a rejected node is not scored',
      { unschedulable: true, taints: [] },
      'm=1:PreferNoSchedule',
      { turnedAway: false, scoresLower: false, reasonAfter: 'node(s) were unschedulable' },
    ],
  ])('%s', (_, spec, added, expected) => {
    const effect = forecastPendingPod(node('n1', spec), taint(added), [], GATE_ON)
    expect(effect).toEqual(expected)
  })
})

describe('forecastPendingPod under each --evicting-nodes mode', () => {
  // The pod tolerates maintenance=planned:NoExecute for 600 s, as a Deployment's pods would.
  const tolerations = [exists('maintenance', 600n)]
  const added = taint('maintenance=planned:NoExecute')
  it.each<[string, 'reject' | 'avoid' | 'allow', { taints: string[] }, object]>([
    [
      'reject turns away a pod the new taint would evict after its tolerationSeconds',
      'reject',
      { taints: [] },
      {
        turnedAway: true,
        scoresLower: false,
        reasonAfter: 'node(s) had a NoExecute taint the pod tolerates only for a while',
      },
    ],
    [
      'avoid keeps the node feasible and ranks it lower, as the extender then scores it 0',
      'avoid',
      { taints: [] },
      { turnedAway: false, scoresLower: true, reasonAfter: null },
    ],
    [
      'avoid does not rank lower a node that already evicted the pod: it scored 0 before',
      'avoid',
      { taints: ['maintenance=earlier:NoExecute'] },
      { turnedAway: false, scoresLower: false, reasonAfter: null },
    ],
    [
      'allow answers as upstream: a tolerated NoExecute taint changes neither Filter nor Score',
      'allow',
      { taints: [] },
      { turnedAway: false, scoresLower: false, reasonAfter: null },
    ],
  ])('%s', (_, mode, spec, expected) => {
    const options = { ...GATE_ON, evictingNodes: mode }
    expect(forecastPendingPod(node('n1', spec), added, tolerations, options)).toEqual(expected)
  })
})
