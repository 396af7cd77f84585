import { describe, expect, it } from 'vitest'
import type { Toleration } from '../../src/core/index.js'
import { replacementFor, WorkloadIndex } from '../../src/placement/index.js'
import { toleration } from '../core/builders.js'
import { pod, term, req } from './builders.js'
import { JOB_ROWS } from './replacement-job.cases.js'
import { DEPLOYMENT_RS, owned, ROWS, TEMPLATE, workload } from './replacement.cases.js'

describe('replacementFor', () => {
  it.each([...ROWS, ...JOB_ROWS].map((r) => [r.name, r] as const))('%s', (_name, row) => {
    const index = new WorkloadIndex(row.workloads, [])
    const got = replacementFor(row.pod, index, row.node ?? null)
    const { podName, ...rest } = row.expected
    expect(got).toMatchObject(rest)
    if (podName !== undefined) expect(got.pod?.name ?? null).toBe(podName)
    if (got.outcome !== 'recreated') expect([got.pod, got.afterSeconds]).toEqual([null, null])
  })
})

const exists = (key: string, effect: string, seconds: bigint | null = null): Toleration =>
  toleration({ key, operator: 'Exists', effect, tolerationSeconds: seconds })

describe('the replacement pod and its tolerations', () => {
  it('takes the template labels, the workload namespace, no node, and the old pod priority when the template has none', () => {
    const got = replacementFor(
      owned('ReplicaSet', 'web-7d9'),
      new WorkloadIndex([{ ...DEPLOYMENT_RS, template: { ...TEMPLATE, priority: null } }], [])
    )
    expect(got.pod).toMatchObject({
      namespace: 'shop',
      labels: { app: 'web' },
      nodeName: '',
      priority: 1000,
      phase: 'Pending',
      controller: {
        kind: 'ReplicaSet',
        name: 'web-7d9',
        uid: 'uid-web-7d9',
        apiVersion: 'apps/v1',
      },
    })
  })

  it('adds the 300 s not-ready and unreachable tolerations DefaultTolerationSeconds admits a pod with, after the template’s', () => {
    const own = toleration({ key: 'maint', operator: 'Exists', tolerationSeconds: 20n })
    const got = replacementFor(
      owned('ReplicaSet', 'web-7d9'),
      new WorkloadIndex([{ ...DEPLOYMENT_RS, templateTolerations: [own] }], [])
    )
    expect(got.tolerations).toEqual([
      own,
      exists('node.kubernetes.io/not-ready', 'NoExecute', 300n),
      exists('node.kubernetes.io/unreachable', 'NoExecute', 300n),
    ])
  })

  it('adds no default toleration where an empty-key toleration of any operator already covers NoExecute', () => {
    const all = toleration({ operator: 'Equal', value: 'x', effect: '' })
    const got = replacementFor(
      owned('ReplicaSet', 'web-7d9'),
      new WorkloadIndex([{ ...DEPLOYMENT_RS, templateTolerations: [all] }], [])
    )
    expect(got.tolerations).toEqual([all])
  })

  it('gives a DaemonSet pod the daemon tolerations, replacing a template toleration of the same key, operator, value and effect, and pins it to its node', () => {
    const timed = exists('node.kubernetes.io/not-ready', 'NoExecute', 30n)
    const ds = workload('DaemonSet', 'agent', {
      templateTolerations: [timed],
      templateHostNetwork: true,
      template: pod({ required: [term(req('zone', 'In', 'a'))] }),
    })
    const got = replacementFor(
      owned('DaemonSet', 'agent', { nodeName: 'n7' }),
      new WorkloadIndex([ds], [])
    )
    expect(got.tolerations).toEqual([
      exists('node.kubernetes.io/not-ready', 'NoExecute'),
      exists('node.kubernetes.io/unreachable', 'NoExecute'),
      exists('node.kubernetes.io/disk-pressure', 'NoSchedule'),
      exists('node.kubernetes.io/memory-pressure', 'NoSchedule'),
      exists('node.kubernetes.io/pid-pressure', 'NoSchedule'),
      exists('node.kubernetes.io/unschedulable', 'NoSchedule'),
      exists('node.kubernetes.io/network-unavailable', 'NoSchedule'),
    ])
    expect(got.pod?.nodeAffinity.required).toEqual([
      {
        matchExpressions: [],
        matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n7'] }],
      },
    ])
    expect(got.pod?.labels).toEqual({ app: 'web', 'pod-template-hash': 'h' })
  })
})
