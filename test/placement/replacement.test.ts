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

/**
 * The claims a replacement names (replacement-pod.ts `replacementVolumes`): a StatefulSet's pod
 * gets its old claims again, its volumeClaimTemplates' (`updateStorage`); another controller's
 * pod names the template's; an ephemeral volume's claim is made only for the new pod, so a pod
 * with one names none, and the volume plugins are left unjudged for it.
 */
describe('the claims a replacement’s volumes name', () => {
  const claim = (claimName: string, ephemeral = false) => ({ claimName, ephemeral })
  const template = (claims: ReturnType<typeof claim>[]) =>
    pod({ name: '', namespace: '', labels: { app: 'web' }, volumeClaims: claims })
  it.each([
    [
      'a StatefulSet’s pod gets the old pod’s claims, which its template does not list',
      'StatefulSet',
      'db',
      [],
      [claim('data-db-0')],
      { storageVolumes: true, volumeClaims: [claim('data-db-0')] },
    ],
    [
      'a ReplicaSet’s pod names its template’s claims, shared by every replica',
      'ReplicaSet',
      'web-7d9',
      [claim('shared')],
      [claim('shared')],
      { storageVolumes: true, volumeClaims: [claim('shared')] },
    ],
    [
      'a pod with an ephemeral volume names no claim: its claim is made once the pod exists',
      'ReplicaSet',
      'web-7d9',
      [claim('-scratch', true), claim('shared')],
      [claim('web-7d9-x2k4p-scratch', true), claim('shared')],
      { storageVolumes: true, volumeClaims: [] },
    ],
    [
      'a StatefulSet’s pod with an ephemeral volume names none either',
      'StatefulSet',
      'db',
      [claim('-scratch', true)],
      [claim('data-db-0'), claim('db-0-scratch', true)],
      { storageVolumes: true, volumeClaims: [] },
    ],
  ] as const)('%s', (_name, kind, name, templateClaims, oldClaims, expected) => {
    const set = workload(kind, name, { template: template([...templateClaims]) })
    const old = owned(kind, name, {
      name: kind === 'StatefulSet' ? 'db-0' : 'web-7d9-x2k4p',
    })
    const withClaims = { ...old, storageVolumes: true, volumeClaims: [...oldClaims] }
    const got = replacementFor(withClaims, new WorkloadIndex([set], []), null)
    expect(got.pod).toMatchObject(expected)
  })
})
