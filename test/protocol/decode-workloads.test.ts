import { describe, expect, it } from 'vitest'
import { decodeWorkloadObject } from '../../src/protocol/index.js'
import type { ServiceSelector, Workload } from '../../src/placement/index.js'
import { JOB } from '../placement/replacement-job.cases.js'

/**
 * The workload objects as `kubectl get deploy,rs,sts,ds,jobs,rc,svc -o json` prints them,
 * decoded with the defaults the API server would have applied.
 */

const TEMPLATE = {
  metadata: { labels: { app: 'web' } },
  spec: {
    containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: '100m' } } }],
    tolerations: [{ key: 'maint', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 20 }],
    hostNetwork: true,
    terminationGracePeriodSeconds: 5,
  },
}

function workload(kind: string, object: unknown): Workload {
  const decoded = decodeWorkloadObject(object, kind, 'w.json: 0')
  if (decoded.kind !== 'workload') throw new Error('not a workload')
  return decoded.workload
}

function service(object: unknown): ServiceSelector {
  const decoded = decodeWorkloadObject(object, 'Service', 'w.json: 0')
  if (decoded.kind !== 'service') throw new Error('not a service')
  return decoded.service
}

const meta = (name: string, more: object = {}) => ({
  name,
  namespace: 'shop',
  uid: `u-${name}`,
  ...more,
})

describe('a controller decoded', () => {
  it('reads a ReplicaSet: its selector, replicas, owner Deployment, and the template as a pod of its namespace', () => {
    const rs = workload('ReplicaSet', {
      metadata: meta('web-7d9', {
        ownerReferences: [
          {
            apiVersion: 'apps/v1',
            kind: 'Deployment',
            name: 'web',
            uid: 'u-web',
            controller: true,
          },
        ],
      }),
      spec: { replicas: 4, selector: { matchLabels: { app: 'web' } }, template: TEMPLATE },
    })
    expect(rs).toMatchObject({
      kind: 'ReplicaSet',
      namespace: 'shop',
      name: 'web-7d9',
      uid: 'u-web-7d9',
      replicas: 4,
      selector: { matchLabels: { app: 'web' }, matchExpressions: [] },
      controller: { kind: 'Deployment', name: 'web', uid: 'u-web', apiVersion: 'apps/v1' },
      templateTolerations: [
        {
          key: 'maint',
          operator: 'Exists',
          value: '',
          effect: 'NoExecute',
          tolerationSeconds: 20n,
        },
      ],
      templateHostNetwork: true,
      job: null,
    })
    expect(rs.template).toMatchObject({
      namespace: 'shop',
      labels: { app: 'web' },
      gracePeriodSeconds: 5,
    })
  })

  it('defaults replicas to 1 where the kind has them, and leaves a DaemonSet and a Job without', () => {
    const bare = { metadata: meta('x'), spec: { template: TEMPLATE } }
    expect(workload('StatefulSet', bare).replicas).toBe(1)
    expect(workload('Deployment', bare).replicas).toBe(1)
    expect(workload('ReplicationController', bare).replicas).toBe(1)
    expect(workload('DaemonSet', bare).replicas).toBeNull()
    expect(workload('Job', bare).replicas).toBeNull()
  })

  it('reads a ReplicationController selector as the map it is', () => {
    const rc = workload('ReplicationController', {
      metadata: meta('legacy'),
      spec: { selector: { app: 'old' } },
    })
    expect(rc.selector).toEqual({ matchLabels: { app: 'old' }, matchExpressions: [] })
    expect(rc.template).toBeNull()
  })

  it('leaves a selector the API server could not parse selecting nothing', () => {
    const bad = { matchExpressions: [{ key: 'app', operator: 'Like', values: ['x'] }] }
    expect(
      workload('ReplicaSet', { metadata: meta('x'), spec: { selector: bad } }).selector
    ).toBeNull()
  })

  it('reads a StatefulSet pod management policy and first ordinal', () => {
    const sts = workload('StatefulSet', {
      metadata: meta('db'),
      spec: { podManagementPolicy: 'Parallel', ordinals: { start: 5 }, template: TEMPLATE },
    })
    expect(sts).toMatchObject({ podManagementPolicy: 'Parallel', ordinalsStart: 5 })
    expect(workload('StatefulSet', { metadata: meta('db'), spec: {} })).toMatchObject({
      podManagementPolicy: '',
      ordinalsStart: 0,
    })
  })
})

describe('a Job decoded', () => {
  const job = (spec: object, status: object = {}) =>
    workload('Job', { metadata: meta('report'), spec: { template: TEMPLATE, ...spec }, status }).job

  it.each([
    [
      'an unset backoffLimit is 6, and a Job with no status has failed and succeeded nothing',
      {},
      {},
      JOB,
    ],
    [
      'the counts and the limit are read as given',
      { backoffLimit: 2 },
      { failed: 1, succeeded: 3 },
      { backoffLimit: 2, failed: 1, succeeded: 3 },
    ],
    [
      'a Complete=True condition finishes it',
      {},
      { conditions: [{ type: 'Complete', status: 'True' }] },
      { finished: true },
    ],
    [
      'a Failed=True condition finishes it',
      {},
      { conditions: [{ type: 'Failed', status: 'True' }] },
      { finished: true },
    ],
    [
      'a FailureTarget condition or a False one does not',
      {},
      {
        conditions: [
          { type: 'FailureTarget', status: 'True' },
          { type: 'Complete', status: 'False' },
        ],
      },
      { finished: false },
    ],
    ['suspend is read', { suspend: true }, {}, { suspended: true }],
    [
      'a podFailurePolicy, even empty, replaces only failed pods',
      { podFailurePolicy: { rules: [] } },
      {},
      { onlyReplaceFailed: true },
    ],
    [
      'podReplacementPolicy Failed replaces only failed pods',
      { podReplacementPolicy: 'Failed' },
      {},
      { onlyReplaceFailed: true },
    ],
    [
      'podReplacementPolicy TerminatingOrFailed replaces at once',
      { podReplacementPolicy: 'TerminatingOrFailed' },
      {},
      { onlyReplaceFailed: false },
    ],
  ])('%s', (_name, spec, status, expected) => {
    expect(job(spec, status)).toMatchObject(expected)
  })
})

describe('a Service decoded', () => {
  it('reads its selector; an empty or absent one selects nothing (null)', () => {
    expect(service({ metadata: meta('web'), spec: { selector: { app: 'web' } } })).toEqual({
      namespace: 'shop',
      name: 'web',
      selector: { app: 'web' },
    })
    expect(service({ metadata: meta('ext'), spec: { selector: {} } }).selector).toBeNull()
    expect(service({ metadata: meta('ext'), spec: { type: 'ExternalName' } }).selector).toBeNull()
  })
})

describe('a malformed workload object is refused, naming its place', () => {
  it.each([
    ['Deployment', { spec: {} }, 'w.json: 0.metadata is missing'],
    [
      'ReplicaSet',
      { metadata: meta('x'), spec: { replicas: 'three' } },
      'w.json: 0.spec.replicas: expected an integer',
    ],
    [
      'Job',
      { metadata: meta('x'), spec: { backoffLimit: true } },
      'w.json: 0.spec.backoffLimit: expected an integer',
    ],
    [
      'DaemonSet',
      { metadata: meta('x'), spec: { template: { spec: { tolerations: [{ key: 1 }] } } } },
      'w.json: 0.spec.template.spec.tolerations[0].key: expected a string',
    ],
    ['Service', { metadata: meta('x'), spec: { selector: ['app'] } }, 'w.json: 0.spec.selector'],
  ])('%s %j', (kind, object, message) => {
    expect(() => decodeWorkloadObject(object, kind, 'w.json: 0')).toThrow(message)
  })
})
