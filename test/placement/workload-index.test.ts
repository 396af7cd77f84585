import { describe, expect, it } from 'vitest'
import {
  WorkloadIndex,
  type ClusterPod,
  type ControllerReference,
} from '../../src/placement/index.js'
import { pod } from './builders.js'
import { workload } from './replacement.cases.js'

/** The lookups of the workload objects: a pod's controller by its reference, a namespace's Services. */

const ref = (more: Partial<ControllerReference> = {}): ControllerReference => ({
  apiVersion: 'apps/v1',
  kind: 'ReplicaSet',
  name: 'web-7d9',
  uid: 'uid-web-7d9',
  ...more,
})

const podIn = (namespace: string, controller: ControllerReference | null): ClusterPod => ({
  ...pod({ name: 'p', namespace }),
  controller,
})

const INDEX = new WorkloadIndex(
  [
    workload('ReplicaSet', 'web-7d9'),
    workload('StatefulSet', 'web-7d9'),
    { ...workload('Job', 'j'), uid: '' },
  ],
  [
    { namespace: 'shop', name: 'web', selector: { app: 'web' } },
    { namespace: 'shop', name: 'ext', selector: null },
    { namespace: 'other', name: 'web', selector: { app: 'web' } },
  ]
)

describe('a pod controller, looked up', () => {
  it.each([
    ['by namespace, kind and name, with the same uid', podIn('shop', ref()), 'ReplicaSet'],
    [
      'of another kind of the same name',
      podIn('shop', ref({ kind: 'StatefulSet', uid: 'uid-web-7d9' })),
      'StatefulSet',
    ],
    [
      'not in another namespace: a controller owns pods of its own namespace only',
      podIn('other', ref()),
      null,
    ],
    [
      'not when the uid names an older object of that name',
      podIn('shop', ref({ uid: 'old' })),
      null,
    ],
    ['when the reference has no uid to compare', podIn('shop', ref({ uid: '' })), 'ReplicaSet'],
    [
      'when the object has no uid to compare',
      podIn('shop', ref({ kind: 'Job', name: 'j', uid: 'x' })),
      'Job',
    ],
    ['never for a pod without a controller', podIn('shop', null), null],
  ])('%s', (_name, p, kind) => {
    expect(INDEX.controllerOf(p)?.kind ?? null).toBe(kind)
  })
})

describe('a namespace Services', () => {
  it('are those of that namespace, in the order read, selectorless ones included', () => {
    expect(INDEX.servicesIn('shop').map((s) => s.name)).toEqual(['web', 'ext'])
    expect(INDEX.servicesIn('none')).toEqual([])
    expect(INDEX.size).toBe(6)
  })
})
