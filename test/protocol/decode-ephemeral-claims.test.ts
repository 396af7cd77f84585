import { describe, expect, it } from 'vitest'
import { decodePlacementPod, decodeStorageClass, ProtocolError } from '../../src/protocol/index.js'

/**
 * What the tools read of a generic ephemeral volume's `volumeClaimTemplate` (the claim the
 * ephemeral volume controller makes from it, controller.go `handleVolume`) and of a
 * StorageClass's default annotation (storageclass.go `IsDefaultAnnotation`): what a replacement's
 * claim not made yet is judged by.
 */

const GI = 2n ** 30n * 1_000_000_000n

function templateOf(volume: Record<string, unknown>) {
  const pod = { metadata: { name: 'web-0', namespace: 'shop' }, spec: { volumes: [volume] } }
  return decodePlacementPod(pod, 'pod 0', false).volumeClaims[0]?.template
}

const EPHEMERAL_SPEC = {
  accessModes: ['ReadWriteOncePod'],
  resources: { requests: { storage: '1Gi' } },
}

describe('a generic ephemeral volume’s claim template', () => {
  it.each([
    [
      'a template naming no class is given the default one (neither storageClassName nor the beta annotation)',
      { spec: EPHEMERAL_SPEC },
      { classUnset: true, claim: { className: '', readWriteOncePod: true, storageRequest: GI } },
    ],
    [
      'storageClassName: null is no class named, as Go decodes it: the default one is given',
      { spec: { ...EPHEMERAL_SPEC, storageClassName: null } },
      { classUnset: true, claim: { className: '' } },
    ],
    [
      'storageClassName "" asks for no class: none is given',
      { spec: { ...EPHEMERAL_SPEC, storageClassName: '' } },
      { classUnset: false, claim: { className: '' } },
    ],
    [
      'a class named is the claim’s, with its modes, request, selector and volume mode',
      {
        spec: {
          storageClassName: 'local',
          accessModes: ['ReadWriteOnce'],
          resources: { requests: { storage: '2Gi' } },
          selector: { matchLabels: { disk: 'ssd' } },
          volumeMode: 'Block',
        },
      },
      {
        classUnset: false,
        claim: {
          className: 'local',
          accessModes: ['ReadWriteOnce'],
          storageRequest: 2n * GI,
          volumeMode: 'Block',
          selector: { matchLabels: { disk: 'ssd' }, matchExpressions: [] },
        },
      },
    ],
    [
      'the beta class annotation of the template’s metadata names the class, before storageClassName',
      {
        metadata: { annotations: { 'volume.beta.kubernetes.io/storage-class': 'old' } },
        spec: { storageClassName: 'fast' },
      },
      { classUnset: false, claim: { className: 'old' } },
    ],
  ])('%s', (_name, volumeClaimTemplate, expected) => {
    const template = templateOf({ name: 'scratch', ephemeral: { volumeClaimTemplate } })
    expect(template).toMatchObject({ volumeName: 'scratch', ...expected })
    expect(template?.claim).toMatchObject({ name: '', namespace: '', uid: '', volumeName: '' })
  })

  it('leaves the template unread for an ephemeral volume without one, as no API server keeps', () => {
    expect(templateOf({ name: 'scratch', ephemeral: {} })).toBeUndefined()
  })

  it('refuses a request that is no quantity, naming its place in the pod', () => {
    const spec = { resources: { requests: { storage: 'lots' } } }
    const volume = { name: 'scratch', ephemeral: { volumeClaimTemplate: { spec } } }
    expect(() => templateOf(volume)).toThrow(
      new ProtocolError(
        'pod 0.spec.volumes[0].ephemeral.volumeClaimTemplate.spec.resources.requests["storage"]: "lots" is not a quantity'
      )
    )
  })
})

describe('a StorageClass’s default annotation', () => {
  it.each([
    [
      'the GA annotation "true" makes it the default',
      { 'storageclass.kubernetes.io/is-default-class': 'true' },
      true,
    ],
    [
      'the beta annotation "true" does too',
      { 'storageclass.beta.kubernetes.io/is-default-class': 'true' },
      true,
    ],
    ['any other value does not', { 'storageclass.kubernetes.io/is-default-class': 'True' }, false],
    ['no annotation: not the default', {}, false],
  ])('%s', (_name, annotations, isDefault) => {
    const object = {
      metadata: { name: 'c', annotations, creationTimestamp: '2026-01-02T03:04:05Z' },
    }
    expect(decodeStorageClass(object, 'class 0')).toMatchObject({
      isDefault,
      createdAt: '2026-01-02T03:04:05Z',
    })
  })
})
