import type { ClaimFacts, PodVolumeClaim, StorageClassFacts } from '../../src/placement/index.js'
import { REASON_UNTOLERATED_TAINT } from '../../src/core/index.js'
import { node, pod } from './builders.js'
import { helpless, type DiagnosisCase } from './diagnosis.cases.js'

/**
 * VolumeRestrictions' and VolumeBinding's PreFilters over the pod's claims (v1.28.7
 * volume_restrictions.go `PreFilter`, volume_binding.go `podHasPVCs` and `PreFilter`, binder.go
 * `GetPodVolumeClaims`): a claim missing, Lost, being deleted, an ephemeral volume's claim the
 * pod does not control, or unbound and not waiting for its first consumer, turns the pod away
 * on every node before Filter, and the event gives the reason alone. A pod they let through is
 * judged by the other plugins as before.
 */

const NODES = [node('a'), node('b', { taints: ['dedicated=db:NoSchedule'] })]
const UID = 'uid-incoming'

const claimRef = (claimName: string): PodVolumeClaim => ({ claimName, ephemeral: false })
const ephemeralRef = (volume: string): PodVolumeClaim => ({
  claimName: `incoming-${volume}`,
  ephemeral: true,
})

/** A claim of the incoming pod's namespace: bound (named volume, bind completed) unless said. */
function claim(name: string, facts: Partial<ClaimFacts> = {}): ClaimFacts {
  return {
    namespace: 'default',
    name,
    volumeName: `pv-${name}`,
    lost: false,
    deleting: false,
    bindCompleted: true,
    className: '',
    controllerUid: null,
    ...facts,
  }
}
const unbound = (name: string, className: string): ClaimFacts =>
  claim(name, { volumeName: '', bindCompleted: false, className })

const WAITING: StorageClassFacts = { name: 'local', waitForFirstConsumer: true }
const AT_ONCE: StorageClassFacts = { name: 'standard', waitForFirstConsumer: false }
const CLASSES = [WAITING, AT_ONCE]

/** Every node turned away by `plugin` for `reason`, and the event's PreFilter message. */
function rejected(plugin: string, reason: string): Pick<DiagnosisCase, 'expected' | 'summary'> {
  return {
    expected: { a: [plugin, reason], b: [plugin, reason] },
    summary: `0/2 nodes are available: ${reason}.` + helpless(2),
  }
}

/** Both PreFilters pass: the tainted node is turned away by TaintToleration, the other fits. */
const TAINTED_ONLY: Pick<DiagnosisCase, 'expected' | 'summary'> = {
  expected: { a: null, b: ['TaintToleration', REASON_UNTOLERATED_TAINT] },
  summary: '1/2 nodes are available: 1 node(s) had untolerated taint(s).',
}

const withClaims = (refs: readonly PodVolumeClaim[]) => pod({ volumeClaims: refs, uid: UID })

export const VOLUME_CLAIM_CASES: readonly DiagnosisCase[] = [
  {
    name: 'a pod whose claims are all bound passes both PreFilters and is judged by the other plugins',
    pod: withClaims([claimRef('data'), claimRef('logs')]),
    cluster: { nodes: NODES, storage: { claims: [claim('data'), claim('logs')], classes: [] } },
    ...TAINTED_ONLY,
  },
  {
    name: 'a claim that does not exist is VolumeRestrictions’ not-found, before VolumeBinding looks',
    pod: withClaims([claimRef('data'), claimRef('missing')]),
    cluster: { nodes: NODES, storage: { claims: [claim('data')], classes: [] } },
    ...rejected('VolumeRestrictions', 'persistentvolumeclaim "missing" not found'),
  },
  {
    name: 'an ephemeral volume whose claim is not created yet waits for the ephemeral volume controller',
    pod: withClaims([ephemeralRef('scratch')]),
    cluster: { nodes: NODES, storage: { claims: [], classes: [] } },
    ...rejected(
      'VolumeBinding',
      'waiting for ephemeral volume controller to create the persistentvolumeclaim "incoming-scratch"'
    ),
  },
  {
    name: 'a Lost claim names the volume it was bound to',
    pod: withClaims([claimRef('data')]),
    cluster: { nodes: NODES, storage: { claims: [claim('data', { lost: true })], classes: [] } },
    ...rejected(
      'VolumeBinding',
      'persistentvolumeclaim "data" bound to non-existent persistentvolume "pv-data"'
    ),
  },
  {
    name: 'a claim being deleted turns the pod away',
    pod: withClaims([claimRef('data')]),
    cluster: {
      nodes: NODES,
      storage: { claims: [claim('data', { deleting: true })], classes: [] },
    },
    ...rejected('VolumeBinding', 'persistentvolumeclaim "data" is being deleted'),
  },
  {
    name: 'the first claim in volume order with a problem is the one named',
    pod: withClaims([claimRef('gone'), claimRef('going')]),
    cluster: {
      nodes: NODES,
      storage: {
        claims: [claim('gone', { lost: true }), claim('going', { deleting: true })],
        classes: [],
      },
    },
    ...rejected(
      'VolumeBinding',
      'persistentvolumeclaim "gone" bound to non-existent persistentvolume "pv-gone"'
    ),
  },
  {
    name: 'an ephemeral volume’s claim the pod does not control was not created for it',
    pod: withClaims([ephemeralRef('scratch')]),
    cluster: {
      nodes: NODES,
      storage: { claims: [claim('incoming-scratch', { controllerUid: 'uid-other' })], classes: [] },
    },
    ...rejected(
      'VolumeBinding',
      'PVC default/incoming-scratch was not created for pod default/incoming (pod is not owner)'
    ),
  },
  {
    name: 'an ephemeral volume’s claim the pod controls passes',
    pod: withClaims([ephemeralRef('scratch')]),
    cluster: {
      nodes: NODES,
      storage: { claims: [claim('incoming-scratch', { controllerUid: UID })], classes: [] },
    },
    ...TAINTED_ONLY,
  },
  {
    name: 'an unbound claim of an Immediate class turns the pod away until the PV controller binds it',
    pod: withClaims([claimRef('data')]),
    cluster: { nodes: NODES, storage: { claims: [unbound('data', 'standard')], classes: CLASSES } },
    ...rejected('VolumeBinding', 'pod has unbound immediate PersistentVolumeClaims'),
  },
  {
    name: 'an unbound claim without a class binds at once, so it turns the pod away',
    pod: withClaims([claimRef('data')]),
    cluster: { nodes: NODES, storage: { claims: [unbound('data', '')], classes: CLASSES } },
    ...rejected('VolumeBinding', 'pod has unbound immediate PersistentVolumeClaims'),
  },
  {
    name: 'an unbound claim of a class that does not exist binds at once too',
    pod: withClaims([claimRef('data')]),
    cluster: { nodes: NODES, storage: { claims: [unbound('data', 'gone')], classes: CLASSES } },
    ...rejected('VolumeBinding', 'pod has unbound immediate PersistentVolumeClaims'),
  },
  {
    name: 'an unbound claim of a WaitForFirstConsumer class waits for the pod: PreFilter passes',
    pod: withClaims([claimRef('data')]),
    cluster: { nodes: NODES, storage: { claims: [unbound('data', 'local')], classes: CLASSES } },
    ...TAINTED_ONLY,
  },
  {
    name: 'a claim pre-bound to a volume but not bound yet counts as immediate whatever its class',
    pod: withClaims([claimRef('data')]),
    cluster: {
      nodes: NODES,
      storage: {
        claims: [claim('data', { bindCompleted: false, className: 'local' })],
        classes: CLASSES,
      },
    },
    ...rejected('VolumeBinding', 'pod has unbound immediate PersistentVolumeClaims'),
  },
]
