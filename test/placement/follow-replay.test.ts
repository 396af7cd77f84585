import { describe, expect, it } from 'vitest'
import { FollowReplay } from '../../src/placement/index.js'
import type { PlacementDecision } from '../../src/placement/replacement-placement.js'
import { Snapshot } from '../../src/placement/snapshot.js'
import { node, placed, placementNodes } from './builders.js'

/**
 * A follow-up's placement decisions taken by the next follow-up exactly where it has come the
 * same way (every step before it named as before), and judged again everywhere else.
 */

function decisionOn(node: string): PlacementDecision {
  return {
    node,
    tiedNodes: [node],
    score: 1,
    sample: null,
    reason: null,
    commonestReason: null,
    preempts: [],
    evictedAgain: null,
    notJudged: [],
  }
}

/** One step of a follow-up: `evict …` a step, `place …` a placement judged onto `judged`. */
type Step = readonly [name: string, judged?: string]

/** The follow-ups in turn on one replay: for each, the node of each placement and which were judged. */
function follow(...followUps: readonly (readonly Step[])[]): string[][] {
  const replay = new FollowReplay()
  return followUps.map((steps) => {
    replay.begin(() => Snapshot.build([], []))
    return steps.flatMap(([name, judged]) => {
      if (judged === undefined) {
        replay.step(name)
        return []
      }
      let fresh = false
      const decision = replay.placement(name, () => {
        fresh = true
        return decisionOn(judged)
      })
      return [`${decision.node ?? ''}${fresh ? ' judged' : ' taken'}`]
    })
  })
}

describe('FollowReplay', () => {
  it('takes every decision of the follow-up before when it takes the same steps, judging none', () => {
    const steps: Step[] = [['evict a at 0'], ['place a', 'n1'], ['evict b at 0'], ['place b', 'n2']]
    const again: Step[] = [['evict a at 0'], ['place a', 'x'], ['evict b at 0'], ['place b', 'y']]
    expect(follow(steps, again)).toEqual([
      ['n1 judged', 'n2 judged'],
      ['n1 taken', 'n2 taken'],
    ])
  })

  it('judges every placement again from the first step that differs, even one named as before', () => {
    const first: Step[] = [['evict a at 0'], ['place a', 'n1'], ['evict b at 0'], ['place b', 'n2']]
    const moved: Step[] = [['evict a at 5'], ['place a', 'n3'], ['evict b at 0'], ['place b', 'n4']]
    expect(follow(first, moved)[1]).toEqual(['n3 judged', 'n4 judged'])
  })

  it('takes the decisions before the first difference and judges those after it', () => {
    const first: Step[] = [['place a', 'n1'], ['evict b at 0'], ['place b', 'n2']]
    const later: Step[] = [['place a', 'x'], ['evict b at 5'], ['place b', 'n5'], ['place c', 'n6']]
    expect(follow(first, later)[1]).toEqual(['n1 taken', 'n5 judged', 'n6 judged'])
  })

  it('judges the placements past the end of a shorter follow-up before', () => {
    expect(
      follow(
        [['place a', 'n1']],
        [
          ['place a', 'x'],
          ['place b', 'n2'],
        ]
      )[1]
    ).toEqual(['n1 taken', 'n2 judged'])
  })

  it('takes the decisions of the follow-up just before, not of an earlier one', () => {
    const first: Step[] = [['place a', 'n1']]
    const second: Step[] = [['evict z at 0'], ['place a', 'n2']]
    const third: Step[] = [['evict z at 0'], ['place a', 'x']]
    expect(follow(first, second, third).slice(1)).toEqual([['n2 judged'], ['n2 taken']])
  })

  it('builds the snapshot once and gives each later follow-up the snapshot as built, its changes taken back', () => {
    const a = placed('n1', { name: 'a' })
    const b = placed('n1', { name: 'b' })
    const c = placed('n1', { name: 'c' })
    const nodes = placementNodes([node('n1')])
    const replay = new FollowReplay()
    let builds = 0
    const build = () => {
      builds += 1
      return Snapshot.build(nodes, [a, b])
    }
    const names = (snapshot: Snapshot) => snapshot.nodeInfoList[0]?.pods.map((p) => p.name)
    const first = replay.begin(build)
    first.removePod(a)
    first.addPod(c)
    first.removePod(b)
    expect(names(first)).toEqual(['c'])
    const second = replay.begin(build)
    expect(second).toBe(first)
    expect(names(second)).toEqual(['a', 'b'])
    second.addPod(c)
    expect(names(replay.begin(build))).toEqual(['a', 'b'])
    expect(builds).toBe(1)
  })
})
