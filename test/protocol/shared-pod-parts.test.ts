import { describe, expect, it } from 'vitest'
import { decodePlacementPod } from '../../src/protocol/index.js'

/**
 * What the pods of one template repeat is kept once: their image lists as one frozen array, and
 * their empty selector lists as the decoders' one empty list. (Equal strings kept as one, such as
 * topology keys, cannot be told apart from copies in JavaScript; the benchmark's memory shows them.) A snapshot of a large cluster holds every placed pod, so each
 * copy kept apart is paid for every pod; a list that differs in any way is never shared.
 */

const decode = (spec: Record<string, unknown>) =>
  decodePlacementPod({ metadata: { name: 'p' }, spec }, 'pod', false)

const containers = (...images: string[]) => images.map((image, i) => ({ name: `c${i}`, image }))
const spread = (topologyKey: string) => ({
  topologySpreadConstraints: [
    {
      maxSkew: 1,
      topologyKey,
      whenUnsatisfiable: 'DoNotSchedule',
      labelSelector: { matchLabels: { app: 'web' } },
    },
  ],
})
const antiAffinity = (topologyKey: string) => ({
  affinity: {
    podAntiAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: [
        { labelSelector: { matchLabels: { app: 'web' } }, topologyKey },
      ],
    },
  },
})

/** Equal text in a string of its own, as JSON.parse builds each occurrence of a long value. */
const copied = (text: string) => JSON.parse(JSON.stringify(text)) as string

describe('shared parts of decoded pods', () => {
  it.each([
    ['one image', ['registry.example/app:1.2.3']],
    ['two images', ['registry.example/app:1.2.3', 'registry.example/log:2']],
  ])('gives pods with %s one frozen image list, equal to what each names', (_, images) => {
    const a = decode({ containers: containers(...images) }).images
    const b = decode({ containers: containers(...images.map(copied)) }).images
    expect(b).toBe(a)
    expect(a).toEqual(images)
    expect(Object.isFrozen(a)).toBe(true)
  })

  it.each([
    ['another image', ['registry.example/app:1.2.4']],
    ['the same images in another order', ['registry.example/log:2', 'registry.example/app:1.2.3']],
    ['one image more', ['registry.example/app:1.2.3', 'registry.example/log:2', 'x']],
    ['an image whose name joins the two', ['registry.example/app:1.2.3","registry.example/log:2']],
  ])('keeps image lists apart that differ by %s', (_, images) => {
    const base = decode({
      containers: containers('registry.example/app:1.2.3', 'registry.example/log:2'),
    }).images
    const other = decode({ containers: containers(...images) }).images
    expect(other).not.toBe(base)
    expect(other).toEqual(images)
  })

  it('gives selectors without expressions and constraints without matchLabelKeys the shared empty list', () => {
    const a = decode(spread('zone')).topologySpreadConstraints?.[0]
    const b = decode(antiAffinity('zone')).requiredAntiAffinity[0]
    expect(a?.labelSelector?.matchExpressions).toBe(b?.labelSelector?.matchExpressions)
    expect(a?.matchLabelKeys).toBe(a?.labelSelector?.matchExpressions)
    expect(Object.isFrozen(a?.matchLabelKeys)).toBe(true)
  })
})
