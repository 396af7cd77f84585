import { describe, expect, it } from 'vitest'
import { volumeStorage, type ClaimFacts } from '../../src/placement/index.js'
import { waitingClaimsUnjudged } from '../../src/placement/volume-binding-waiting.js'
import { claim, volume } from './volume-plugins.cases.js'

/**
 * When VolumeBinding leaves a claim waiting for its first consumer unjudged: only for what it
 * would read and what was not read (a list the credentials may not read leaves one kind unknown
 * beside the others, which a file cannot say), and for a selector upstream's Filter errs on.
 */

const DRIVER = 'disk.example.com'
const LATE = { name: 'late', waitForFirstConsumer: true, provisioner: DRIVER }
const LOCAL = {
  name: 'local',
  waitForFirstConsumer: true,
  provisioner: 'kubernetes.io/no-provisioner',
}
const waiting = (className: string, facts: Partial<ClaimFacts> = {}) =>
  claim('data', { volumeName: '', bindCompleted: false, className, storageRequest: 1n, ...facts })

describe('a claim waiting for its first consumer', () => {
  it.each([
    [
      'is judged when its driver asks for capacity checks and the capacities are read',
      waiting('late'),
      { csiDrivers: [{ name: DRIVER, storageCapacity: true }], capacities: [] },
      false,
    ],
    [
      'is unjudged when its driver asks for capacity checks and the capacities are not read',
      waiting('late'),
      { csiDrivers: [{ name: DRIVER, storageCapacity: true }], capacities: null },
      true,
    ],
    [
      'is judged without the capacities when its driver asks for no check',
      waiting('late'),
      { csiDrivers: [{ name: DRIVER, storageCapacity: false }], capacities: null },
      false,
    ],
    [
      'is unjudged when a provisioner would make it and the CSIDrivers are not read',
      waiting('late'),
      { csiDrivers: null, capacities: null },
      true,
    ],
    [
      'is judged without the CSIDrivers when its class provisions nothing',
      waiting('local'),
      { csiDrivers: null, capacities: null },
      false,
    ],
    [
      'is judged without the CSIDrivers when it asks for no storage, which no capacity can refuse',
      waiting('late', { storageRequest: null }),
      { csiDrivers: null, capacities: null },
      false,
    ],
    [
      'is unjudged when its selector is one LabelSelectorAsSelector refuses',
      waiting('local', {
        selector: {
          matchLabels: {},
          matchExpressions: [{ key: 'size', operator: 'Gt', values: ['5'] }],
        },
      }),
      { csiDrivers: null, capacities: null },
      true,
    ],
  ])('%s', (_name, facts, read, unjudged) => {
    const storage = volumeStorage([facts], [LATE, LOCAL], [volume('pv-other')], read)
    expect(waitingClaimsUnjudged([facts], storage)).toBe(unjudged)
  })

  it.each([
    ['is unjudged without the volumes read when it must be matched to one', null, true],
    [
      'needs no volume read when the scheduler chose its node, as it is provisioned',
      'node-1',
      false,
    ],
  ])('%s', (_name, selectedNode, unjudged) => {
    const facts = waiting('local', { selectedNode })
    const storage = volumeStorage([facts], [LATE, LOCAL], null)
    expect(waitingClaimsUnjudged([facts], storage)).toBe(unjudged)
  })
})
