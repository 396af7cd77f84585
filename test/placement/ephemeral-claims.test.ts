import { describe, expect, it } from 'vitest'
import {
  bindsBeforePlacement,
  claimToBeMade,
  defaultClassName,
} from '../../src/placement/ephemeral-claims.js'
import {
  volumeStorage,
  type PodVolumeClaim,
  type StorageClassFacts,
} from '../../src/placement/index.js'
import { claim } from './volume-plugins.cases.js'

/**
 * The claim a generic ephemeral volume's controller will make for a replacement not created yet
 * (ephemeral-claims.ts): the default class the DefaultStorageClass admission plugin gives a
 * template of none (storageclass.go `GetDefaultClass`), and which such claims the volume plugins
 * can judge before the PV controller has bound them.
 */

function storageClass(name: string, more: Partial<StorageClassFacts> = {}): StorageClassFacts {
  return { name, waitForFirstConsumer: true, ...more }
}

describe('the default StorageClass', () => {
  it.each<[string, StorageClassFacts[], string]>([
    ['no class annotated default: none', [storageClass('a'), storageClass('b')], ''],
    ['the one annotated default', [storageClass('a'), storageClass('b', { isDefault: true })], 'b'],
    [
      'of several, the newest by creationTimestamp',
      [
        storageClass('old', { isDefault: true, createdAt: '2026-01-01T00:00:00Z' }),
        storageClass('new', { isDefault: true, createdAt: '2026-06-01T00:00:00Z' }),
        storageClass('newest-not-default', { createdAt: '2026-09-01T00:00:00Z' }),
      ],
      'new',
    ],
    [
      'of several created in the same second, the first by name',
      [
        storageClass('zeta', { isDefault: true, createdAt: '2026-06-01T00:00:00Z' }),
        storageClass('alpha', { isDefault: true, createdAt: '2026-06-01T00:00:00Z' }),
      ],
      'alpha',
    ],
    [
      'one without a creationTimestamp is the oldest (Go’s zero time)',
      [
        storageClass('unset', { isDefault: true, createdAt: null }),
        storageClass('dated', { isDefault: true, createdAt: '2020-01-01T00:00:00Z' }),
      ],
      'dated',
    ],
  ])('%s', (_name, classes, expected) => {
    expect(defaultClassName(classes)).toBe(expected)
  })
})

const TEMPLATE_CLAIM = claim('', { volumeName: '', uid: '', namespace: '', bindCompleted: false })

function ref(className: string, classUnset = false, notCreated = true): PodVolumeClaim {
  const template = {
    volumeName: 'scratch',
    claim: { ...TEMPLATE_CLAIM, className },
    classUnset,
  }
  return { claimName: 'web-<new>-scratch', ephemeral: true, template, notCreated }
}

const STORAGE = volumeStorage(
  [],
  [
    storageClass('waits', { isDefault: true }),
    storageClass('at-once', { waitForFirstConsumer: false }),
  ],
  []
)
const POD = { namespace: 'shop', uid: '' }

describe('the claim a replacement’s ephemeral volume will have', () => {
  it('is the template’s, in the pod’s namespace and named for it, controlled by the pod, of the default class when the template names none', () => {
    expect(claimToBeMade(STORAGE, POD, ref('', true))).toEqual({
      ...TEMPLATE_CLAIM,
      namespace: 'shop',
      name: 'web-<new>-scratch',
      controllerUid: '',
      className: 'waits',
    })
  })

  it.each<[string, PodVolumeClaim[], boolean]>([
    ['a claim of a class waiting for its first consumer is judged', [ref('waits')], false],
    ['so is one given the default class, which waits', [ref('', true)], false],
    ['a claim of a class binding at once is bound first', [ref('at-once')], true],
    ['a claim of no class ("") is bound first too', [ref('')], true],
    [
      'a claim of a class not read is judged, as a made claim of it is (its lookup fails)',
      [ref('gone')],
      false,
    ],
    [
      'a claim already made is judged as read, whatever its class',
      [ref('at-once', false, false)],
      false,
    ],
    [
      'one claim bound first among others leaves the pod to the PV controller',
      [ref('waits'), ref('at-once')],
      true,
    ],
  ])('%s', (_name, volumeClaims, expected) => {
    expect(bindsBeforePlacement({ ...POD, volumeClaims }, STORAGE)).toBe(expected)
  })
})
