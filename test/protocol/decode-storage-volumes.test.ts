import { describe, expect, it } from 'vitest'
import { decodePlacementPod, ProtocolError } from '../../src/protocol/index.js'
import { POD } from '../../src/protocol/protobuf/core-v1.js'
import { readMessage } from '../../src/protocol/protobuf/message-schema.js'
import { WireReader } from '../../src/protocol/protobuf/wire-reader.js'
import { pb } from '../support/protobuf-writer.js'

/**
 * Whether a pod has a volume the volume plugins may read (`storageVolumes`): any kind but
 * configMap, secret, downwardAPI, projected, emptyDir and hostPath, which VolumeBinding,
 * VolumeRestrictions, NodeVolumeLimits and VolumeZone all pass on every node. From JSON, and
 * from the API server's protobuf, where only those six kinds are read and any other volume is
 * an object of no member.
 */

const fromJson = (volumes: unknown) =>
  decodePlacementPod({ spec: { volumes } }, 'pods[0]', false).storageVolumes

const PLAIN_KINDS = ['configMap', 'secret', 'downwardAPI', 'projected', 'emptyDir', 'hostPath']

describe('a volume the volume plugins may read', () => {
  it.each([
    ['a pod without volumes has none', undefined, false],
    ['volumes: null is no volume, as Go decodes it', null, false],
    ['an empty list has none', [], false],
    [
      'configMap, secret, downwardAPI, projected, emptyDir and hostPath volumes are none',
      PLAIN_KINDS.map((kind, i) => ({ name: `v${i}`, [kind]: {} })),
      false,
    ],
    [
      'a persistentVolumeClaim is one (VolumeBinding, VolumeZone, NodeVolumeLimits)',
      [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }],
      true,
    ],
    [
      'an ephemeral volume is one: its claim is made for the pod',
      [{ name: 'scratch', ephemeral: { volumeClaimTemplate: { spec: {} } } }],
      true,
    ],
    [
      'an in-tree disk is one (VolumeRestrictions, the limits)',
      [{ name: 'disk', awsElasticBlockStore: { volumeID: 'vol-1' } }],
      true,
    ],
    ['a csi volume is one', [{ name: 'secrets', csi: { driver: 'secrets.example' } }], true],
    ['an nfs share is one: no list above names it', [{ name: 'share', nfs: {} }], true],
    ['an image volume is one: no list above names it', [{ name: 'model', image: {} }], true],
    ['a volume of no kind is one, as protobuf reads a kind it does not list', [{}], true],
    ['a kind given as null is not that kind', [{ name: 'c', configMap: null }], true],
    [
      'a kind in another casing is no kind, as the API server decodes it, so the volume is one',
      [{ name: 'c', ConfigMap: {} }],
      true,
    ],
    [
      'one such volume among plain ones makes the pod one',
      [
        { name: 'c', configMap: {} },
        { name: 'data', persistentVolumeClaim: {} },
        { name: 'e', emptyDir: {} },
      ],
      true,
    ],
  ])('%s', (_name, volumes, expected) => {
    expect(fromJson(volumes)).toBe(expected)
  })

  it('refuses a kind that is not an object, naming the volume', () => {
    expect(() => fromJson([{ name: 'c', configMap: 'config' }])).toThrow(ProtocolError)
    expect(() => fromJson([{ name: 'c', configMap: 'config' }])).toThrow(
      'pods[0].spec.volumes[0].configMap'
    )
  })
})

describe('a volume read from protobuf', () => {
  const { message, string } = pb
  /** VolumeSource field numbers (k8s.io/api core/v1 generated.proto). */
  const FIELD: Readonly<Record<string, number>> = {
    hostPath: 1,
    emptyDir: 2,
    secret: 6,
    nfs: 7,
    persistentVolumeClaim: 10,
    downwardAPI: 16,
    configMap: 19,
    projected: 26,
    csi: 28,
  }
  const volume = (name: string, kind: string) =>
    message(1, string(1, name), message(2, message(FIELD[kind] ?? 0)))
  const podOf = (...kinds: string[]) =>
    readMessage(new WireReader(message(2, ...kinds.map((k, i) => volume(`v${i}`, k)))), POD)

  it('reads the six plain kinds as JSON has them, and none is one', () => {
    const pod = podOf(...PLAIN_KINDS)
    const volumes = PLAIN_KINDS.map((kind, i) => ({ name: `v${i}`, [kind]: {} }))
    expect(pod).toEqual({ spec: { volumes } })
    expect(decodePlacementPod(pod, 'pod', false).storageVolumes).toBe(false)
  })

  it.each(['nfs', 'csi'])('reads a %s volume as an object of no member, which is one', (kind) => {
    const pod = podOf('configMap', kind)
    expect(pod).toEqual({ spec: { volumes: [{ name: 'v0', configMap: {} }, { name: 'v1' }] } })
    expect(decodePlacementPod(pod, 'pod', false)).toMatchObject({
      storageVolumes: true,
      volumeClaims: [],
    })
  })

  it('reads the claim a persistentVolumeClaim volume names and an ephemeral volume, its empty template a claim of no class named', () => {
    const claim = message(1, string(1, 'data'), message(2, message(10, string(1, 'db-data'))))
    const ephemeral = message(1, string(1, 'scratch'), message(2, message(29, message(1))))
    const name = message(1, string(1, 'web-0'))
    const pod = readMessage(
      new WireReader(Buffer.concat([name, message(2, claim, ephemeral)])),
      POD
    )
    expect(decodePlacementPod(pod, 'pod', false).volumeClaims).toEqual([
      { claimName: 'db-data', ephemeral: false },
      {
        claimName: 'web-0-scratch',
        ephemeral: true,
        template: expect.objectContaining({ volumeName: 'scratch', classUnset: true }) as unknown,
      },
    ])
  })
})

describe('the claims a pod’s volumes name', () => {
  const claimsOf = (volumes: unknown) =>
    decodePlacementPod({ metadata: { name: 'web-0' }, spec: { volumes } }, 'pods[0]', false)
      .volumeClaims

  it.each([
    ['a pod without volumes names none', undefined, []],
    [
      'plain volumes and a disk name none',
      [
        { name: 'a', configMap: {} },
        { name: 'b', gcePersistentDisk: { pdName: 'x' } },
      ],
      [],
    ],
    [
      'a persistentVolumeClaim volume names its claimName',
      [{ name: 'data', persistentVolumeClaim: { claimName: 'db-data' } }],
      [{ claimName: 'db-data', ephemeral: false }],
    ],
    [
      'a generic ephemeral volume names <pod>-<volume>, the claim its controller creates',
      [{ name: 'scratch', ephemeral: {} }],
      [{ claimName: 'web-0-scratch', ephemeral: true }],
    ],
    [
      'several are kept in volume order, other kinds between them passed over',
      [
        { name: 'e', ephemeral: {} },
        { name: 'c', configMap: {} },
        { name: 'p', persistentVolumeClaim: { claimName: 'p-claim' } },
      ],
      [
        { claimName: 'web-0-e', ephemeral: true },
        { claimName: 'p-claim', ephemeral: false },
      ],
    ],
  ])('%s', (_name, volumes, claims) => {
    expect(claimsOf(volumes)).toEqual(claims)
  })

  it('refuses a claimName of the wrong type, naming its place', () => {
    const volumes = [{ name: 'data', persistentVolumeClaim: { claimName: 7 } }]
    expect(() => claimsOf(volumes)).toThrow(
      new ProtocolError(
        'pods[0].spec.volumes[0].persistentVolumeClaim.claimName: expected a string, got a number'
      )
    )
  })
})
