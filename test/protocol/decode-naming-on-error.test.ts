import { describe, expect, it } from 'vitest'
import { decodeNamingOnError, element, member } from '../../src/json/json-path.js'
import { ProtocolError } from '../../src/json/protocol-error.js'
import { decodeManifestAndPlacement, decodePlacementPod } from '../../src/protocol/index.js'

/**
 * A pod is decoded with no place built, and decoded again with its places built only when it
 * fails (json-path.ts): every error still names its place in full, however deep, and a pod that
 * failed leaves nothing behind for the next.
 */

const WELL_FORMED = {
  metadata: {
    name: 'web-0',
    namespace: 'shop',
    labels: { app: 'web' },
    ownerReferences: [
      { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web', uid: 'u', controller: true },
    ],
  },
  spec: {
    nodeName: 'node-1',
    tolerations: [
      { key: 'a', operator: 'Exists' },
      { key: 'b', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 30 },
    ],
    containers: [
      {
        name: 'main',
        image: 'web:1',
        resources: { requests: { cpu: '1' } },
        ports: [{ containerPort: 80 }, { containerPort: 81, hostPort: 8081 }],
      },
    ],
    affinity: {
      nodeAffinity: {
        preferredDuringSchedulingIgnoredDuringExecution: [
          {
            weight: 1,
            preference: { matchExpressions: [{ key: 'z', operator: 'In', values: ['a'] }] },
          },
        ],
      },
      podAntiAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [
          { labelSelector: { matchLabels: { app: 'web' } }, topologyKey: 'kubernetes.io/hostname' },
        ],
      },
      podAffinity: {
        preferredDuringSchedulingIgnoredDuringExecution: [
          {
            weight: 5,
            podAffinityTerm: {
              labelSelector: { matchLabels: { app: 'db' } },
              namespaces: ['data'],
              topologyKey: 'zone',
            },
          },
        ],
      },
    },
    topologySpreadConstraints: [
      {
        maxSkew: 1,
        topologyKey: 'zone',
        whenUnsatisfiable: 'DoNotSchedule',
        labelSelector: { matchLabels: { app: 'web' } },
        matchLabelKeys: ['pod-template-hash'],
      },
    ],
    volumes: [
      { name: 'cache', emptyDir: {} },
      { name: 'data', persistentVolumeClaim: { claimName: 'data-web-0' } },
    ],
  },
  status: {
    phase: 'Running',
    conditions: [{ type: 'Ready', status: 'True' }],
    containerStatuses: [{ name: 'main', allocatedResources: { cpu: '1' } }],
  },
}

/** The well-formed pod with the value at `place` (keys and indexes) replaced. */
function podWith(place: readonly (string | number)[], value: unknown): unknown {
  const pod = structuredClone(WELL_FORMED) as unknown
  let at = pod as Record<string | number, unknown>
  for (const key of place.slice(0, -1)) at = at[key] as Record<string | number, unknown>
  at[place[place.length - 1] as string | number] = value
  return pod
}

const AFFINITY = ['spec', 'affinity']
const PREFERRED = 'preferredDuringSchedulingIgnoredDuringExecution'
const REQUIRED = 'requiredDuringSchedulingIgnoredDuringExecution'

const CASES: readonly [string, (string | number)[], unknown, string][] = [
  [
    'a host port that is not a number',
    ['spec', 'containers', 0, 'ports', 1, 'hostPort'],
    '8081',
    'spec.containers[0].ports[1].hostPort: expected an integer, got a string',
  ],
  [
    'a port that is not an object',
    ['spec', 'containers', 0, 'ports', 0],
    80,
    'spec.containers[0].ports[0]: expected an object, got a number',
  ],
  [
    'a second container that is not an object',
    ['spec', 'containers', 1],
    'sidecar',
    'spec.containers[1]: expected an object, got a string',
  ],
  [
    'an image that is not a string',
    ['spec', 'containers', 0, 'image'],
    1,
    'spec.containers[0].image: expected a string, got a number',
  ],
  [
    'a request that is not a quantity',
    ['spec', 'containers', 0, 'resources', 'requests', 'cpu'],
    'lots',
    'spec.containers[0].resources.requests["cpu"]: "lots" is not a quantity',
  ],
  [
    'an allocated resource that is not a quantity',
    ['status', 'containerStatuses', 0, 'allocatedResources', 'cpu'],
    'x',
    'status.containerStatuses[0].allocatedResources["cpu"]: "x" is not a quantity',
  ],
  [
    'a node affinity weight that is a string',
    [...AFFINITY, 'nodeAffinity', PREFERRED, 0, 'weight'],
    'one',
    `spec.affinity.nodeAffinity.${PREFERRED}[0].weight: expected an integer, got a string`,
  ],
  [
    'a node selector value that is not a string',
    [...AFFINITY, 'nodeAffinity', PREFERRED, 0, 'preference', 'matchExpressions', 0, 'values', 0],
    1,
    `spec.affinity.nodeAffinity.${PREFERRED}[0].preference.matchExpressions[0].values[0]: expected a string, got a number`,
  ],
  [
    'a required anti-affinity label that is not a string',
    [...AFFINITY, 'podAntiAffinity', REQUIRED, 0, 'labelSelector', 'matchLabels', 'app'],
    7,
    `spec.affinity.podAntiAffinity.${REQUIRED}[0].labelSelector.matchLabels["app"]: expected a string, got a number`,
  ],
  [
    'a preferred affinity namespace that is not a string',
    [...AFFINITY, 'podAffinity', PREFERRED, 0, 'podAffinityTerm', 'namespaces', 0],
    3,
    `spec.affinity.podAffinity.${PREFERRED}[0].podAffinityTerm.namespaces[0]: expected a string, got a number`,
  ],
  [
    'a spread constraint skew that is a string',
    ['spec', 'topologySpreadConstraints', 0, 'maxSkew'],
    '1',
    'spec.topologySpreadConstraints[0].maxSkew: expected an integer, got a string',
  ],
  [
    'a spread constraint label key that is not a string',
    ['spec', 'topologySpreadConstraints', 0, 'matchLabelKeys', 0],
    false,
    'spec.topologySpreadConstraints[0].matchLabelKeys[0]: expected a string, got a boolean',
  ],
  [
    'an owner reference whose controller flag is a string',
    ['metadata', 'ownerReferences', 0, 'controller'],
    'yes',
    'metadata.ownerReferences[0].controller: expected a boolean, got a string',
  ],
  [
    'a condition type that is not a string',
    ['status', 'conditions', 0, 'type'],
    1,
    'status.conditions[0].type: expected a string, got a number',
  ],
  ['a third volume that is null', ['spec', 'volumes', 2], null, 'spec.volumes[2] is missing'],
  [
    'a claim name that is not a string',
    ['spec', 'volumes', 1, 'persistentVolumeClaim', 'claimName'],
    5,
    'spec.volumes[1].persistentVolumeClaim.claimName: expected a string, got a number',
  ],
  [
    'an emptyDir that is not an object',
    ['spec', 'volumes', 0, 'emptyDir'],
    'memory',
    'spec.volumes[0].emptyDir: expected an object, got a string',
  ],
]

describe('a pod decoded with its places built only when it fails', () => {
  it.each(CASES)(
    'names the place of %s in full, in a cluster pod and in the pod explained',
    (_, place, value, message) => {
      const pod = podWith(place, value)
      expect(() => decodeManifestAndPlacement(pod, 'pods.json: pod 3', false)).toThrow(
        new ProtocolError(`pods.json: pod 3.${message}`)
      )
      expect(() => decodePlacementPod(pod, 'pod', true)).toThrow(
        new ProtocolError(`pod.${message}`)
      )
    }
  )

  it('names the place of a toleration read for the cluster pod, which the placement does not read', () => {
    const pod = podWith(['spec', 'tolerations', 1, 'tolerationSeconds'], '30')
    expect(() => decodeManifestAndPlacement(pod, 'pods.json: pod 3', false)).toThrow(
      new ProtocolError(
        'pods.json: pod 3.spec.tolerations[1].tolerationSeconds: expected an integer, got a string'
      )
    )
  })

  it('decodes the pod after one that failed as it decodes it alone', () => {
    const alone = decodeManifestAndPlacement(WELL_FORMED, 'pods.json: pod 4', false)
    expect(() =>
      decodeManifestAndPlacement(podWith(['spec', 'containers', 1], 1), 'p', false)
    ).toThrow()
    expect(decodeManifestAndPlacement(WELL_FORMED, 'pods.json: pod 4', false)).toEqual(alone)
  })

  it('asks the admission of a pod once, and lets its refusal through as it is', () => {
    let asked = 0
    const refusal = new ProtocolError('pods.json: pod "web-0" would be refused')
    const admit = () => {
      asked++
      throw refusal
    }
    expect(() => decodeManifestAndPlacement(WELL_FORMED, 'p', true, admit)).toThrow(refusal)
    expect(asked).toBe(1)
  })
})

describe('places built only when named', () => {
  it('builds a member and an element outside a decoding', () => {
    expect([member('pod', 'spec'), element('pod.spec.containers', 2)]).toEqual([
      'pod.spec',
      'pod.spec.containers[2]',
    ])
  })

  it('builds none in a decoding that succeeds, which runs once', () => {
    let runs = 0
    const seen = decodeNamingOnError(() => {
      runs++
      return [member('pod', 'spec'), element('list', 0)]
    })
    expect([seen, runs]).toEqual([['', ''], 1])
  })

  it('runs a decoding that throws a ProtocolError again with every place built', () => {
    const places: string[] = []
    expect(() =>
      decodeNamingOnError(() => {
        places.push(member('pod', 'spec'))
        throw new ProtocolError(`${member('pod', 'spec')}: bad`)
      })
    ).toThrow(new ProtocolError('pod.spec: bad'))
    expect(places).toEqual(['', 'pod.spec'])
  })

  it('runs a decoding that throws another error once, and names places again afterwards', () => {
    let runs = 0
    const failure = new TypeError('not a decoding error')
    expect(() =>
      decodeNamingOnError(() => {
        runs++
        throw failure
      })
    ).toThrow(failure)
    expect([runs, member('pod', 'spec')]).toEqual([1, 'pod.spec'])
  })

  it('builds no place in a decoding nested in another', () => {
    const inner = decodeNamingOnError(() => decodeNamingOnError(() => member('pod', 'spec')))
    expect([inner, member('pod', 'spec')]).toEqual(['', 'pod.spec'])
  })
})
