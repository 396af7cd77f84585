import { describe, expect, it } from 'vitest'
import {
  podRequests,
  type ContainerResources,
  type PodResources,
} from '../../src/placement/index.js'
import { quantities } from './builders.js'

/**
 * component-helpers resource `PodRequests` as NodeInfo counts a placed pod
 * (`UseStatusResources`) and as fit.go counts the pod being scheduled (spec only), with the
 * facts of helpers_test.go `TestPodResourceRequests` (resize rows): the larger of spec,
 * allocated and actuated requests, and only the latter two while a resize is infeasible.
 */

function one(
  spec: string,
  allocated: string | null,
  actuated: string | null,
  infeasible = false
): PodResources {
  const c: ContainerResources = {
    name: 'c',
    requests: quantities({ cpu: spec }),
    restartable: false,
    allocated: allocated === null ? null : quantities({ cpu: allocated }),
    actuated: actuated === null ? null : quantities({ cpu: actuated }),
  }
  return {
    containers: [c],
    initContainers: [],
    overhead: new Map(),
    podLevel: new Map(),
    resizeInfeasible: infeasible,
  }
}

const milli = (m: number): bigint => BigInt(m) * 1_000_000n

describe('podRequests with the status resources of a placed pod', () => {
  it.each([
    ['a resize up in progress counts the larger spec', one('200m', '100m', '100m'), milli(200)],
    [
      'a resize down not yet actuated counts the larger actuated',
      one('100m', '100m', '200m'),
      milli(200),
    ],
    ['an allocation above the spec counts the allocation', one('100m', '300m', null), milli(300)],
    ['an infeasible resize leaves the spec out', one('500m', '100m', '150m', true), milli(150)],
    ['without statuses the spec alone counts', one('250m', null, null), milli(250)],
  ] as const)('%s', (_name, pod, cpu) => {
    expect(podRequests(pod, true).get('cpu')).toBe(cpu)
  })

  it('the pod being scheduled is read from its spec alone', () => {
    expect(podRequests(one('100m', '300m', '400m'), false).get('cpu')).toBe(milli(100))
  })
})
