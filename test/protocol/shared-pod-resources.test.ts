import { describe, expect, it } from 'vitest'
import { decodePlacementPod } from '../../src/protocol/index.js'

/**
 * Pods of one template decode to one resources object, which the snapshot computes requests for
 * once: equal only when every container's name, restart policy and resource lists are, frozen so
 * that no holder can change it for the others, and never shared when a list is not.
 */

function pod(containers: unknown[], extra: Record<string, unknown> = {}): unknown {
  return { metadata: { name: 'p' }, spec: { containers, ...extra } }
}

const web = { name: 'web', resources: { requests: { cpu: '250m', memory: '512Mi' } } }
const resourcesOf = (value: unknown) => decodePlacementPod(value, 'pod', false).resources

describe('shared pod resources', () => {
  it('gives pods with equal containers one frozen resources object, equal to what each would have', () => {
    const a = resourcesOf(pod([web]))
    const b = resourcesOf(pod([{ ...web, image: 'other' }]))
    expect(b).toBe(a)
    expect(Object.isFrozen(a)).toBe(true)
    expect(Object.isFrozen(a?.containers[0])).toBe(true)
    expect(a?.containers[0]?.requests.get('cpu')).toBe(250_000_000n)
  })

  it.each([
    ['another container name', pod([{ ...web, name: 'api' }])],
    [
      'another quantity',
      pod([{ ...web, resources: { requests: { cpu: '500m', memory: '512Mi' } } }]),
    ],
    ['a second container', pod([web, { name: 'log' }])],
    ['an init container', pod([web], { initContainers: [{ name: 'init' }] })],
    [
      'a sidecar where the other has an init container',
      pod([web], { initContainers: [{ name: 'init', restartPolicy: 'Always' }] }),
    ],
    ['an overhead', pod([web], { overhead: { cpu: '10m' } })],
    ['pod-level requests', pod([web], { resources: { requests: { cpu: '1' } } })],
  ])('keeps resources apart that differ by %s', (_, other) => {
    expect(resourcesOf(other)).not.toBe(resourcesOf(pod([web])))
  })

  it('keeps a pod whose list is too long to share as it is, unfrozen', () => {
    const requests = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [`example.com/device-${i}`, '1'])
    )
    const many = () => resourcesOf(pod([{ name: 'web', resources: { requests } }]))
    const first = many()
    expect(first).not.toBe(many())
    expect(first).toEqual(many())
    expect(Object.isFrozen(first)).toBe(false)
  })
})
