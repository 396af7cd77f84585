import { describe, expect, it } from 'vitest'
import { decodePlacementPod } from '../../src/protocol/index.js'

/**
 * What decodePlacementPod reads of a pod's identity and standing: its controller (metav1
 * `GetControllerOf`), phase, readiness (podutil `IsPodReady`), local storage (kubectl drain's
 * `hasLocalStorage`), mirror annotation (kubelet `IsMirrorPod`) and grace period.
 */

const decode = (pod: unknown) => decodePlacementPod(pod, 'pods[0]', false)

const RS_REF = { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-1', uid: 'rs-1' }

describe('a pod identity, field by field', () => {
  it.each([
    [
      'the first owner reference with controller: true is the controller, the others are not',
      {
        metadata: {
          ownerReferences: [
            { ...RS_REF, name: 'other', controller: false },
            { ...RS_REF, controller: true },
            { ...RS_REF, name: 'second', controller: true },
          ],
        },
      },
      { controller: RS_REF },
    ],
    [
      'owner references none of which is a controller leave the pod bare',
      { metadata: { ownerReferences: [{ ...RS_REF }] } },
      { controller: null },
    ],
    [
      'owner reference fields match exactly, as the API server decodes them: another casing is no field',
      {
        metadata: { ownerReferences: [{ KIND: 'Job', kind: 'Job', Name: 'j', controller: true }] },
      },
      { controller: { apiVersion: '', kind: 'Job', name: '', uid: '' } },
    ],
    [
      'ownerReferences in another casing are no owner references',
      { metadata: { OwnerReferences: [{ kind: 'Job', name: 'j', controller: true }] } },
      { controller: null },
    ],
    [
      'uid and creation time are read as written; an absent creation time is null',
      { metadata: { uid: 'u-9', creationTimestamp: '2026-11-01T10:00:00Z' } },
      { uid: 'u-9', createdAt: '2026-11-01T10:00:00Z' },
    ],
    ['a pod with no metadata has no uid and no creation time', {}, { uid: '', createdAt: null }],
    [
      'Ready=True makes the pod ready; the first Ready condition decides',
      {
        status: {
          phase: 'Running',
          conditions: [
            { type: 'Initialized', status: 'False' },
            { type: 'Ready', status: 'True' },
            { type: 'Ready', status: 'False' },
          ],
        },
      },
      { phase: 'Running', ready: true },
    ],
    [
      'a condition status is compared as written: "true" is not True',
      { status: { conditions: [{ type: 'Ready', status: 'true' }] } },
      { ready: false },
    ],
    ['no conditions: not ready, phase unset', { status: {} }, { ready: false, phase: '' }],
    [
      'an emptyDir volume is local storage, whatever its medium',
      {
        spec: {
          volumes: [
            { name: 'a', hostPath: {} },
            { name: 'b', emptyDir: { medium: 'Memory' } },
          ],
        },
      },
      { localStorage: true },
    ],
    [
      'an emptyDir given as null is no emptyDir, as Go reads a nil pointer',
      { spec: { volumes: [{ name: 'b', emptyDir: null }] } },
      { localStorage: false },
    ],
    [
      'the mirror annotation makes a mirror pod whatever its value, even empty',
      { metadata: { annotations: { 'kubernetes.io/config.mirror': '' } } },
      { mirror: true },
    ],
    [
      'annotation keys are map keys, matched exactly: another casing is another annotation',
      { metadata: { annotations: { 'Kubernetes.io/config.mirror': 'x' } } },
      { mirror: false },
    ],
    [
      'terminationGracePeriodSeconds is kept; unset is null',
      { spec: { terminationGracePeriodSeconds: 0 } },
      { gracePeriodSeconds: 0 },
    ],
    ['an unset grace period is null', { spec: {} }, { gracePeriodSeconds: null }],
  ])('%s', (_name, pod, expected) => {
    expect(decode(pod)).toMatchObject(expected)
  })
})

describe('a malformed identity field is refused, naming its place', () => {
  it.each([
    [{ metadata: { ownerReferences: {} } }, 'pods[0].metadata.ownerReferences: expected an array'],
    [
      { metadata: { ownerReferences: [{ controller: 'yes' }] } },
      'pods[0].metadata.ownerReferences[0].controller: expected a boolean',
    ],
    [
      { status: { conditions: [{ type: 'Ready', status: 1 }] } },
      'pods[0].status.conditions[0].status: expected a string',
    ],
    [{ spec: { volumes: ['v'] } }, 'pods[0].spec.volumes[0]'],
    [
      { spec: { terminationGracePeriodSeconds: 1.5 } },
      'pods[0].spec.terminationGracePeriodSeconds: expected an integer',
    ],
  ])('%j', (pod, message) => {
    expect(() => decode(pod)).toThrow(message)
  })
})
