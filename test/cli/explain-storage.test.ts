import { describe, expect, it } from 'vitest'
import { FIXTURES, runTool, tempFile } from './run-tool.js'
import { boundClaim, csiVolume } from './storage-objects.js'

/**
 * `explain --storage FILE`: the claims and StorageClasses, read as kubectl prints them, only for
 * a pod whose volumes name a claim; a file of the wrong kind is refused, naming it (exit 2).
 */

const NODES = `${FIXTURES}nodes.yaml`
const podFile = (volumes: unknown[]) =>
  tempFile(
    'pod.json',
    JSON.stringify({
      metadata: { name: 'db-0', namespace: 'shop', uid: 'uid-db-0' },
      spec: { containers: [{ name: 'c', image: 'i' }], volumes },
    })
  )
const CLAIM = [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }]
const list = (items: unknown[]) => tempFile('storage.json', JSON.stringify({ kind: 'List', items }))
const explain = (pod: string, storage: string) =>
  runTool('explain', ['--pod', pod, '--nodes', NODES, '--storage', storage, '-o', 'json'])

describe('explain --storage', () => {
  it('reads the claims and classes of a kubectl List, the class by its kind beside the claims', async () => {
    const storage = list([
      {
        kind: 'StorageClass',
        metadata: { name: 'local' },
        volumeBindingMode: 'WaitForFirstConsumer',
      },
      {
        kind: 'PersistentVolumeClaim',
        metadata: { name: 'data', namespace: 'shop' },
        spec: { storageClassName: 'local' },
      },
    ])
    const run = await explain(podFile(CLAIM), storage)
    const reply = JSON.parse(run.stdout) as { summary: string; notJudged: string[] }
    // Waiting for its first consumer, the claim passes PreFilter; without volumes in the file,
    // what reads them is not judged.
    expect(reply.summary).toMatch(/^fits on \d of 5 node\(s\)/)
    expect(reply.notJudged).toContain('volumes (NodeVolumeLimits, VolumeBinding, VolumeZone)')
  })

  it('gives the claim of another namespace no say: the pod’s claim is then not found', async () => {
    const storage = list([
      { kind: 'PersistentVolumeClaim', metadata: { name: 'data', namespace: 'other' } },
    ])
    const run = await explain(podFile(CLAIM), storage)
    expect(run.code).toBe(1)
    expect((JSON.parse(run.stdout) as { summary: string }).summary).toMatch(
      /^0\/5 nodes are available: persistentvolumeclaim "data" not found\. /
    )
  })

  it('is said to be missing, on stderr, when a pod names claims and no file gives them', async () => {
    const run = await runTool('explain', ['--pod', podFile(CLAIM), '--nodes', NODES, '-o', 'json'])
    expect(run.stderr).toBe(
      'Warning: no --storage FILE (kubectl get pvc,pv,storageclass,csinode,volumeattachment,csidriver,csistoragecapacity -A -o yaml): the claims are not read, and the volume plugins not judged for a pod with claims\n'
    )
    expect((JSON.parse(run.stdout) as { notJudged: string[] }).notJudged).toContain(
      'volumes (VolumeRestrictions, NodeVolumeLimits, VolumeBinding, VolumeZone)'
    )
    const plain = [{ name: 'c', configMap: { name: 'c' } }]
    const quiet = await runTool('explain', ['--pod', podFile(plain), '--nodes', NODES])
    expect(quiet.stderr).toBe('')
  })

  it('leaves out at PreFilter the nodes a bound claim’s volume is not pinned to by hostname, naming VolumeBinding and the hosts', async () => {
    const storage = list([
      boundClaim('data', 'shop', 'pv-data'),
      csiVolume('pv-data', { key: 'kubernetes.io/hostname', values: ['spot-1'] }),
    ])
    const run = await explain(podFile(CLAIM), storage)
    const reply = JSON.parse(run.stdout) as {
      nodes: { name: string; plugin: string | null; reason: string | null; detail: string }[]
    }
    const general = reply.nodes.find((n) => n.name === 'general-1')
    expect(general).toMatchObject({
      plugin: 'VolumeBinding',
      reason: "node(s) didn't satisfy plugin(s) [VolumeBinding]",
      detail: 'PreFilter: not among the hosts its bound volumes are pinned to (spot-1)',
    })
    expect(reply.nodes.filter((n) => n.reason === general?.reason)).toHaveLength(4)
    // spot-1 is judged, and its Filter reads the labels: the fixture's nodes carry no hostname.
    expect(reply.nodes.find((n) => n.name === 'spot-1')).toMatchObject({
      plugin: 'VolumeBinding',
      reason: 'node(s) had volume node affinity conflict',
    })
  })

  it('names in the row’s detail the claim waiting for its first consumer and why nothing binds or provisions it there', async () => {
    const pv = csiVolume('pv-spot', { key: 'pool', values: ['spot'] }) as { spec: object }
    const storage = list([
      {
        kind: 'StorageClass',
        metadata: { name: 'local' },
        provisioner: 'kubernetes.io/no-provisioner',
        volumeBindingMode: 'WaitForFirstConsumer',
      },
      {
        kind: 'PersistentVolumeClaim',
        metadata: { name: 'data', namespace: 'shop' },
        spec: { storageClassName: 'local', resources: { requests: { storage: '1Gi' } } },
      },
      {
        ...pv,
        spec: { ...pv.spec, storageClassName: 'local', capacity: { storage: '1Gi' } },
        status: { phase: 'Available' },
      },
    ])
    const run = await explain(podFile(CLAIM), storage)
    const reply = JSON.parse(run.stdout) as {
      nodes: { name: string; plugin: string | null; reason: string | null; detail: string }[]
    }
    // The free volume is pinned to the spot pool: spot-1 binds it, general-1 has none.
    expect(reply.nodes.find((n) => n.name === 'general-1')).toMatchObject({
      plugin: 'VolumeBinding',
      reason: "node(s) didn't find available persistent volumes to bind",
      detail: 'claim data: no volume of class local fits, and it provisions none',
    })
    expect(reply.nodes.find((n) => n.name === 'spot-1')?.plugin).toBeNull()
  })

  it('is not read for a pod whose volumes name no claim', async () => {
    const notStorage = tempFile('storage.json', '{"kind": "List", "items": [{"kind": "Pod"}]}')
    const run = await explain(podFile([{ name: 'c', configMap: { name: 'c' } }]), notStorage)
    expect(run.code).toBe(0)
  })

  it('refuses a file holding another kind, naming the file and the flag', async () => {
    const pods = list([{ kind: 'Pod', metadata: { name: 'web' } }])
    const run = await explain(podFile(CLAIM), pods)
    expect(run.code).toBe(2)
    expect(run.stderr).toBe(`${pods} holds a Pod "web", not a PersistentVolumeClaim (--storage)`)
  })

  it('refuses a claim of the wrong shape, naming its place', async () => {
    const storage = list([
      {
        kind: 'PersistentVolumeClaim',
        metadata: { name: 'data', namespace: 'shop' },
        spec: { volumeName: 7 },
      },
    ])
    const run = await explain(podFile(CLAIM), storage)
    expect(run.code).toBe(2)
    expect(run.stderr).toBe(
      `${storage}: persistentvolumeclaim 0.spec.volumeName: expected a string, got a number`
    )
  })
})
