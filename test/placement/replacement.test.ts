import { describe, expect, it } from 'vitest'
import type { Toleration } from '../../src/core/index.js'
import { replacementFor, WorkloadIndex, type PodVolumeClaim } from '../../src/placement/index.js'
import { toleration } from '../core/builders.js'
import { pod, term, req } from './builders.js'
import { JOB_ROWS } from './replacement-job.cases.js'
import { claim } from './volume-plugins.cases.js'
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
 * The claims a replacement names (replacement-volumes.ts `replacementVolumes`): a StatefulSet's
 * pod gets its old claims again, its volumeClaimTemplates' (`updateStorage`); another
 * controller's pod names the template's. An ephemeral volume's claim is made only for the new
 * pod, by its controller from the template's volumeClaimTemplate: the new pod names it, under
 * its own name, as not made yet; with the template unread, it names none, and the volume plugins
 * are left unjudged for it.
 */
describe('the claims a replacement’s volumes name', () => {
  const scratch = {
    volumeName: 'scratch',
    claim: claim('', { volumeName: '', uid: '', namespace: '', className: 'local' }),
    classUnset: false,
  }
  const claimRef = (claimName: string, ephemeral = false) => ({ claimName, ephemeral })
  const fromTemplate = (claimName: string) => ({ claimName, ephemeral: true, template: scratch })
  const toBeMade = (claimName: string) => ({ ...fromTemplate(claimName), notCreated: true })
  const template = (claims: PodVolumeClaim[]) =>
    pod({ name: '', namespace: '', labels: { app: 'web' }, volumeClaims: claims })
  it.each<
    [string, 'StatefulSet' | 'ReplicaSet', string, PodVolumeClaim[], PodVolumeClaim[], object]
  >([
    [
      'a StatefulSet’s pod gets the old pod’s claims, which its template does not list',
      'StatefulSet',
      'db',
      [],
      [claimRef('data-db-0')],
      { storageVolumes: true, volumeClaims: [claimRef('data-db-0')] },
    ],
    [
      'a ReplicaSet’s pod names its template’s claims, shared by every replica',
      'ReplicaSet',
      'web-7d9',
      [claimRef('shared')],
      [claimRef('shared')],
      { storageVolumes: true, volumeClaims: [claimRef('shared')] },
    ],
    [
      'a ReplicaSet’s pod names its ephemeral volume’s claim as <new pod>-<volume>, made from the template once the pod exists',
      'ReplicaSet',
      'web-7d9',
      [fromTemplate('-scratch'), claimRef('shared')],
      [fromTemplate('web-7d9-x2k4p-scratch'), claimRef('shared')],
      {
        storageVolumes: true,
        volumeClaims: [toBeMade('web-7d9-<new>-scratch'), claimRef('shared')],
      },
    ],
    [
      'a StatefulSet’s pod names its ephemeral volume’s claim under its own name, made anew from the template, in the old pod’s volume order',
      'StatefulSet',
      'db',
      [fromTemplate('-scratch')],
      [claimRef('db-0-scratch', true), claimRef('data-db-0')],
      { storageVolumes: true, volumeClaims: [toBeMade('db-0-scratch'), claimRef('data-db-0')] },
    ],
    [
      'an ephemeral volume whose template was not read leaves the pod naming no claim: the volume plugins unjudged',
      'ReplicaSet',
      'web-7d9',
      [claimRef('-scratch', true), claimRef('shared')],
      [claimRef('web-7d9-x2k4p-scratch', true), claimRef('shared')],
      { storageVolumes: true, volumeClaims: [] },
    ],
    [
      'a StatefulSet’s template without the old pod’s ephemeral volume leaves it naming none either',
      'StatefulSet',
      'db',
      [],
      [claimRef('data-db-0'), fromTemplate('db-0-scratch')],
      { storageVolumes: true, volumeClaims: [] },
    ],
  ])('%s', (_name, kind, name, templateClaims, oldClaims, expected) => {
    const set = workload(kind, name, { template: template(templateClaims) })
    const old = owned(kind, name, {
      name: kind === 'StatefulSet' ? 'db-0' : 'web-7d9-x2k4p',
    })
    const withClaims = { ...old, storageVolumes: true, volumeClaims: oldClaims }
    const got = replacementFor(withClaims, new WorkloadIndex([set], []), null)
    expect(got.pod).toMatchObject(expected)
    expect(got.pod?.volumeClaims).toHaveLength(
      (expected as { volumeClaims: [] }).volumeClaims.length
    )
  })
})
