import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  decodeManifestAndPlacement,
  decodePlacementPod,
  ProtocolError,
} from '../../src/protocol/index.js'
import { SEED } from './field-arbitraries.js'
import { FOLDING_RECASES, mutate, mutationArb, recaseKeys } from './json-mutations.js'
import type { Json } from './json-paths.js'

/**
 * Pods whose volumes name claims, directly or through a generic ephemeral volume's
 * `volumeClaimTemplate`, beside volumes of the kinds no volume plugin reads and inline ones that
 * they do. As written, each pod decodes to the claims its volumes name, in order, an ephemeral
 * volume's as its controller will make it (`<pod>-<volume>`, its class from the beta annotation,
 * then `storageClassName`); spoilt (values of the wrong type, keys removed or respelt), every
 * decoder either decodes it or refuses it naming a place under the pod's, and never fails in any
 * other way.
 */

const POD_PATH = 'pods.json: pod 7'
const BETA_CLASS = 'volume.beta.kubernetes.io/storage-class'
const volumeName = fc.constantFrom('data', 'cache', 'scratch-1')
const className = fc.constantFrom('local-disk', 'fast', '')

const claimTemplate = fc.record(
  {
    metadata: fc.record(
      {
        labels: fc.constantFrom({}, { app: 'web' }),
        annotations: fc.oneof(
          fc.constant({}),
          className.map((c) => ({ [BETA_CLASS]: c })),
          fc.constant({ note: 'kept' })
        ),
      },
      { requiredKeys: [] }
    ),
    spec: fc.record(
      {
        accessModes: fc.subarray(['ReadWriteOnce', 'ReadWriteOncePod', 'ReadOnlyMany']),
        storageClassName: className,
        resources: fc.record({ requests: fc.record({ storage: fc.constantFrom('1Gi', '500M') }) }),
        volumeMode: fc.constantFrom('Filesystem', 'Block'),
        selector: fc.constant({ matchLabels: { disk: 'ssd' } }),
        volumeAttributesClassName: fc.constant('gold'),
      },
      { requiredKeys: ['accessModes'] }
    ),
  },
  { requiredKeys: ['spec'] }
)

type VolumeSource = Record<string, unknown>

const volumeSource = fc.oneof(
  fc.constant({ emptyDir: {} }),
  fc.constant({ configMap: { name: 'settings' } }),
  fc
    .record({ claimName: fc.constantFrom('data-web-0', 'shared'), readOnly: fc.boolean() })
    .map((persistentVolumeClaim) => ({ persistentVolumeClaim })),
  claimTemplate.map((volumeClaimTemplate) => ({ ephemeral: { volumeClaimTemplate } })),
  fc.constant({ csi: { driver: 'inline.csi.example' } }),
  fc.constant({ nfs: { server: 'nfs.example', path: '/export' } })
) as fc.Arbitrary<VolumeSource>

const podArb = fc
  .record({
    name: fc.constantFrom('web-0', 'batch-x'),
    volumes: fc.uniqueArray(fc.tuple(volumeName, volumeSource), {
      maxLength: 3,
      selector: ([name]) => name,
    }),
  })
  .map(({ name, volumes }) => ({
    metadata: { name, namespace: 'shop', uid: 'u-1' },
    spec: {
      containers: [{ name: 'c', image: 'registry.example/app:1' }],
      volumes: volumes.map(([volume, source]) => ({ name: volume, ...source })),
    },
  }))

interface ExpectedClaim {
  claimName: string
  ephemeral: boolean
  volumeName?: string
  className?: string
  classUnset?: boolean
}

/** The claims the pod's volumes name, read off the document as the controllers name them. */
function expectedClaims(pod: {
  metadata: { name: string }
  spec: { volumes: VolumeSource[] }
}): ExpectedClaim[] {
  return pod.spec.volumes.flatMap((volume): ExpectedClaim[] => {
    const name = volume.name as string
    const claimSource = volume.persistentVolumeClaim as { claimName: string } | undefined
    if (claimSource !== undefined) return [{ claimName: claimSource.claimName, ephemeral: false }]
    const ephemeral = volume.ephemeral as
      | {
          volumeClaimTemplate: {
            metadata?: { annotations?: Record<string, string> }
            spec: { storageClassName?: string }
          }
        }
      | undefined
    if (ephemeral === undefined) return []
    const { metadata, spec } = ephemeral.volumeClaimTemplate
    const annotated = metadata?.annotations?.[BETA_CLASS]
    return [
      {
        claimName: `${pod.metadata.name}-${name}`,
        ephemeral: true,
        volumeName: name,
        className: annotated ?? spec.storageClassName ?? '',
        classUnset: annotated === undefined && spec.storageClassName === undefined,
      },
    ]
  })
}

const PLAIN = ['emptyDir', 'configMap']

describe('decoding pods whose volumes name claims', () => {
  it('gives the claims the volumes name, in order, an ephemeral volume with its template read as the claim its controller makes (300)', () => {
    fc.assert(
      fc.property(podArb, (pod) => {
        const placement = decodePlacementPod(pod, POD_PATH, true)
        const claims = placement.volumeClaims.map((c) => ({
          claimName: c.claimName,
          ephemeral: c.ephemeral,
          ...(c.template === undefined
            ? {}
            : {
                volumeName: c.template.volumeName,
                className: c.template.claim.className,
                classUnset: c.template.classUnset,
              }),
        }))
        expect(claims).toEqual(expectedClaims(pod))
        const kinds = pod.spec.volumes.map((v) => Object.keys(v).find((k) => k !== 'name'))
        expect(placement.storageVolumes).toBe(kinds.some((k) => !PLAIN.includes(k ?? '')))
        expect(placement.inlineStorage).toBe(kinds.some((k) => k === 'csi' || k === 'nfs'))
      }),
      { seed: SEED + 70, numRuns: 300 }
    )
  })

  it('decodes each spoilt pod or refuses it naming a place under the pod, and throws nothing else (600)', () => {
    const spoilt = fc
      .tuple(
        podArb,
        fc.array(mutationArb, { minLength: 1, maxLength: 3 }),
        fc.option(fc.constantFrom(...FOLDING_RECASES), { freq: 3 })
      )
      .map(([pod, mutations, recase]) => {
        const mutated = mutate(pod as unknown as Json, mutations)
        return recase === null ? mutated : recaseKeys(mutated, recase)
      })
    const outcomes = { decoded: 0, refused: 0, inTemplate: 0 }
    fc.assert(
      fc.property(spoilt, (doc) => {
        for (const decode of [
          () => decodePlacementPod(doc, POD_PATH, false),
          () => decodePlacementPod(doc, POD_PATH, true),
          () => decodeManifestAndPlacement(doc, POD_PATH, false),
        ]) {
          try {
            decode()
            outcomes.decoded++
          } catch (err) {
            expect(err).toBeInstanceOf(ProtocolError)
            const { message } = err as Error
            expect(message.startsWith(POD_PATH)).toBe(true)
            outcomes.refused++
            if (message.includes('.volumeClaimTemplate.')) outcomes.inTemplate++
          }
        }
      }),
      { seed: SEED + 71, numRuns: 600 }
    )
    expect(outcomes.decoded).toBeGreaterThan(300)
    expect(outcomes.refused).toBeGreaterThan(300)
    // The spoiling reaches into the templates, not only the pod's outer fields.
    expect(outcomes.inTemplate).toBeGreaterThan(20)
  })
})
