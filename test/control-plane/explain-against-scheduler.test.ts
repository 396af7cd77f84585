import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, expect, it } from 'vitest'
import { describeWithControlPlane, type KubeApi } from '../support/control-plane/index.js'
import { waitForOutcomes, type PodOutcome } from '../support/control-plane/scheduling.js'
import { explainJson } from './explain-json.js'
import { UNJUDGED_CONSTRAINTS } from '../../src/placement/index.js'
import {
  CLAIM_OBJECTS,
  claimProbes,
  csiNodes,
  nodeNameProbes,
  nodeObjects,
  placedPods,
  probePods,
  URGENT_CLASS,
  volumeProbes,
} from './explain-cases.js'

/**
 * `explain` against the real kube-scheduler (default profile, no extender): for every probe pod
 * the scheduler leaves Pending, explain speaking for the scheduler's release (`--kube-version`)
 * gives its FailedScheduling message byte for byte; for every probe it binds, explain says that
 * node fits. The claim probes are judged from the claims and classes read as kubectl prints
 * them (`--storage`).
 */

const PROBES = [...probePods(40), ...nodeNameProbes(), ...volumeProbes(), ...claimProbes()]
const name = (pod: Record<string, unknown>) => (pod.metadata as { name: string }).name
const [VOLUMES_NOT_JUDGED] = UNJUDGED_CONSTRAINTS
const BIND = "didn't find available persistent volumes to bind"

interface ExplainReply {
  readonly summary: string
  readonly nodes: readonly { readonly name: string; readonly verdict: string }[]
  readonly notJudged: readonly string[]
}

describeWithControlPlane('explain against the real kube-scheduler', (plane) => {
  let outcomes: Map<string, PodOutcome>
  let dir: string

  beforeAll(async () => {
    const api = plane().api
    for (const node of nodeObjects()) await api.create('/api/v1/nodes', node)
    for (const pod of placedPods()) await api.create('/api/v1/namespaces/default/pods', pod)
    await createClaims(api)
    await api.create('/apis/scheduling.k8s.io/v1/priorityclasses', URGENT_CLASS)
    const scheduler = await plane().startScheduler({
      profiles: [{ schedulerName: 'default-scheduler' }],
    })
    try {
      for (const pod of PROBES) await api.create('/api/v1/namespaces/default/pods', pod)
      outcomes = await waitForOutcomes(api, 'default', PROBES.map(name))
    } finally {
      await scheduler.stop()
    }
    dir = mkdtempSync(join(tmpdir(), 'taint-extender-explain-cluster-'))
    writeFileSync(join(dir, 'nodes.json'), JSON.stringify(await api.get('/api/v1/nodes')))
    writeFileSync(join(dir, 'storage.json'), JSON.stringify(await storageList(api)))
    const pods = await api.get('/api/v1/pods')
    writeFileSync(join(dir, 'pods.json'), JSON.stringify(pods))
  }, 120_000)

  it('finds both bound and Pending probes, or the comparison proves little', () => {
    const probes = PROBES.map((p) => outcomes.get(name(p)))
    const bound = probes.filter((o) => o?.bound === true).length
    expect(bound).toBeGreaterThan(5)
    expect(bound).toBeLessThan(PROBES.length - 5)
  })

  it('leaves the metadata.name probes Pending, the one naming a missing node with the snapshot’s error', () => {
    expect(outcomes.get('named-conflict')?.bound).toBe(false)
    expect(outcomes.get('named-tainted')?.bound).toBe(false)
    expect(outcomes.get('named-missing')).toEqual({
      bound: false,
      message: 'nodeinfo not found for node name "node-gone"',
    })
  })

  it('turns away the probes whose metadata.name and bound volumes name no node in common, trying preemption in v1.28.7', () => {
    const n = nodeObjects().length
    const simultaneously = `0/${n} nodes are available: node(s) didn't satisfy plugin(s) [NodeAffinity VolumeBinding] simultaneously.`
    expect(outcomes.get('named-and-pinned')).toEqual({
      bound: false,
      message: `${simultaneously} preemption: 0/${n} nodes are available: ${n} No preemption victims found for incoming pod..`,
    })
    expect(outcomes.get('pinned-apart')).toEqual({
      bound: false,
      message: `0/${n} nodes are available: node(s) didn't satisfy plugin VolumeBinding. preemption: 0/${n} nodes are available: ${n} No preemption victims found for incoming pod..`,
    })
    // Preemption takes the placed pods of lower priority off, and the first PreFilter extension
    // not run fails: nothing is evicted.
    expect(outcomes.get('named-and-pinned-urgent')).toEqual({
      bound: false,
      message: `${simultaneously} preemption: running RemovePod on PreFilter plugin "PodTopologySpread": reading "PreFilterPodTopologySpread" from cycleState: not found.`,
    })
  })

  it('binds the probe whose volumes no volume plugin reads, and explain judges it in full', async () => {
    expect(outcomes.get('volumes-plain')?.bound).toBe(true)
    const reply = await explainAsPending(dir, 'volumes-plain')
    expect(reply.notJudged).not.toContain(VOLUMES_NOT_JUDGED)
  })

  it('leaves every claim probe Pending for its claim, which explain judges from the claims read', async () => {
    const bound = ['volume-z2', 'volume-zone-z3', 'limit-shared']
    const claimed = ['volumes-claim', ...claimProbes().map(name)].filter((n) => !bound.includes(n))
    expect(claimed.map((n) => outcomes.get(n)?.bound)).toEqual(claimed.map(() => false))
    expect(outcomes.get('volumes-claim')).toMatchObject({
      message: expect.stringContaining('persistentvolumeclaim "missing" not found') as unknown,
    })
    for (const n of claimed) expect((await explainAsPending(dir, n)).notJudged).toEqual([])
  })

  it.each([
    ['wait-big', [BIND]],
    ['wait-elsewhere', [BIND, "didn't match Pod's node affinity/selector"]],
    ['wait-topology', [BIND]],
    ['wait-capacity', ['did not have enough free storage']],
    ['wait-selected', [BIND]],
    ['wait-and-bound', [BIND, 'had volume node affinity conflict']],
  ])(
    'leaves %s, whose claim waits for its first consumer, Pending for VolumeBinding’s reasons',
    (name, reasons) => {
      const outcome = outcomes.get(name)
      expect(outcome?.bound).toBe(false)
      const message = outcome?.bound === false ? outcome.message : ''
      for (const reason of reasons) expect(message).toContain(reason)
    }
  )

  it('binds the probes whose volume a zone’s nodes meet there, judging every volume plugin', async () => {
    expect(outcomes.get('volume-z2')).toMatchObject({ bound: true, node: expect.any(String) })
    expect(outcomes.get('volume-zone-z3')).toMatchObject({ bound: true })
    for (const n of ['volume-z2', 'volume-zone-z3', 'volume-nowhere']) {
      const { notJudged } = await explainAsPending(dir, n)
      expect(notJudged.filter((j) => j.startsWith('volumes'))).toEqual([])
    }
  })

  it('leaves the NodeVolumeLimits probes Pending where the driver has no room, and binds the one whose volume node-02 has already', async () => {
    expect(outcomes.get('limit-shared')).toMatchObject({ bound: true, node: 'node-02' })
    for (const n of ['limit-none', 'limit-full', 'limit-provisioned'])
      expect(outcomes.get(n)).toMatchObject({
        bound: false,
        message: expect.stringContaining('exceed max volume count') as unknown,
      })
  })

  it('leaves the volume plugins unjudged for a claim probe when the claims are not given', async () => {
    const reply = await explainAsPending(dir, 'claim-immediate', false)
    expect(reply.notJudged).toContain(VOLUMES_NOT_JUDGED)
    expect(reply.summary).not.toContain('PersistentVolumeClaims')
  })

  it.each(PROBES.map(name))(
    '%s: explain gives the event kube-scheduler wrote, or says the node it was bound to fits',
    async (name) => {
      const reply = await explainAsPending(dir, name)
      const outcome = outcomes.get(name)
      if (outcome?.bound === true) {
        expect(reply.nodes.find((n) => n.name === outcome.node)?.verdict).toBe('fits')
      } else if (outcome?.bound === false) {
        expect(reply.summary).toBe(outcome.message)
      } else {
        throw new Error(`no outcome for ${name}`)
      }
    }
  )
})

/**
 * explain for the pod as kube-scheduler saw it before placing it: unbound, and not among the
 * placed pods.
 */
async function explainAsPending(
  dir: string,
  name: string,
  withStorage = true
): Promise<ExplainReply> {
  const list = readFileSync(join(dir, 'pods.json'), 'utf8')
  const pods = JSON.parse(list) as {
    items: { metadata: { name: string }; spec: { nodeName?: string } }[]
  }
  const pod = pods.items.find((p) => p.metadata.name === name)
  if (pod === undefined) throw new Error(`${name} is not in the pod list`)
  delete pod.spec.nodeName
  const othersFile = join(dir, `others-of-${name}.json`)
  writeFileSync(othersFile, JSON.stringify({ ...pods, items: pods.items.filter((p) => p !== pod) }))
  // The scheduler runs without the extender, so explain leaves the extender's own rule out (allow).
  const storage = withStorage ? ['--storage', join(dir, 'storage.json')] : []
  const flags = ['--evicting-nodes', 'allow', ...storage]
  return (await explainJson(dir, pod, othersFile, ...flags)) as ExplainReply
}

/** The claim probes' claims and classes, each in the state CLAIM_OBJECTS describes. */
async function createClaims(api: KubeApi): Promise<void> {
  const claims = '/api/v1/namespaces/default/persistentvolumeclaims'
  for (const v of CLAIM_OBJECTS.volumes) await api.create(PERSISTENT_VOLUMES, v)
  for (const c of CLAIM_OBJECTS.classes) await api.create(STORAGE_CLASSES, c)
  for (const c of CLAIM_OBJECTS.claims) await api.create(claims, c)
  for (const c of csiNodes()) await api.create(CSI_NODES, c)
  for (const d of CLAIM_OBJECTS.drivers) await api.create(CSI_DRIVERS, d)
  for (const c of CLAIM_OBJECTS.capacities) await api.create(CAPACITIES, c)
  // The PV controller, which makes a new volume Available, does not run here.
  await api.patch(`${PERSISTENT_VOLUMES}/pv-wait-z1/status`, { status: { phase: 'Available' } })
  await api.must('DELETE', `${claims}/going`)
  await api.patch(`${claims}/lost/status`, { status: { phase: 'Lost' } })
}

const STORAGE_CLASSES = '/apis/storage.k8s.io/v1/storageclasses'
const PERSISTENT_VOLUMES = '/api/v1/persistentvolumes'
const CSI_NODES = '/apis/storage.k8s.io/v1/csinodes'
const CSI_DRIVERS = '/apis/storage.k8s.io/v1/csidrivers'
const CAPACITIES = '/apis/storage.k8s.io/v1/namespaces/default/csistoragecapacities'

/**
 * The claims, classes, volumes, CSINodes, VolumeAttachments, CSIDrivers and CSIStorageCapacities
 * as `kubectl get pvc,storageclass,pv,csinode,volumeattachment,csidriver,csistoragecapacity -o
 * json` prints them: each with its kind.
 */
async function storageList(api: KubeApi): Promise<unknown> {
  const of = async (path: string, kind: string) =>
    (await api.items(path)).map((item) => ({ kind, ...item }))
  const items = [
    ...(await of('/api/v1/persistentvolumeclaims', 'PersistentVolumeClaim')),
    ...(await of(STORAGE_CLASSES, 'StorageClass')),
    ...(await of(PERSISTENT_VOLUMES, 'PersistentVolume')),
    ...(await of(CSI_NODES, 'CSINode')),
    ...(await of('/apis/storage.k8s.io/v1/volumeattachments', 'VolumeAttachment')),
    ...(await of(CSI_DRIVERS, 'CSIDriver')),
    ...(await of('/apis/storage.k8s.io/v1/csistoragecapacities', 'CSIStorageCapacity')),
  ]
  return { kind: 'List', items }
}
