import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodePodResources, readPodResources } from '../../src/protocol/decode-pod-resources.js'
import { SEED } from './field-arbitraries.js'

/**
 * decodePodResources gives a pod whose resource facts (pod-resource-facts.ts) equal the previous
 * pod's that pod's resources; readPodResources reads every pod in full. Over pods drawn from a
 * few names, quantities and casings, each read twice (as a cluster's list gives a template's
 * pods one after another) and beside pods that differ from it by a field, both must give equal
 * resources, or the same error: facts that missed a field the decoder reads would hand one pod
 * another's resources, and facts that let a refused value through would skip its error.
 */

const quantity = fc.constantFrom<unknown>('250m', '0.25', '1', 1, 0.5, '-1', 'lots', null, true)
const list = fc.option(
  fc.dictionary(fc.constantFrom('cpu', 'memory', 'CPU', 'example.com/gpu'), quantity, {
    maxKeys: 2,
  }),
  { nil: undefined }
)
/** A member under its own name or a casing Go's decoding folds to it, or absent. */
const member = (name: string, value: fc.Arbitrary<unknown>) =>
  fc
    .tuple(fc.constantFrom(name, name.toUpperCase(), undefined), value)
    .map(([key, v]) => (key === undefined ? {} : { [key]: v }))
const resources = fc.oneof(member('requests', list), fc.constantFrom<unknown>(null, 'none', []))
const container = fc
  .tuple(
    member('name', fc.constantFrom<unknown>('web', 'log', 7, null)),
    member('resources', resources),
    member('restartPolicy', fc.constantFrom<unknown>('Always', 'Never', 3)),
    member('allocatedResources', list)
  )
  .map((parts) => Object.assign({}, ...parts) as Record<string, unknown>)
const containers = fc.array(fc.oneof({ weight: 9, arbitrary: container }, fc.constant('x')), {
  maxLength: 2,
})
const condition = fc.record({
  type: fc.constantFrom<unknown>('PodResizePending', 'Ready', 4),
  reason: fc.constantFrom<unknown>('Infeasible', 'Deferred', 5),
})
const pod = fc.record(
  {
    spec: fc
      .tuple(
        member('containers', containers),
        member('initContainers', containers),
        member('overhead', list),
        member('resources', resources)
      )
      .map((parts) => Object.assign({}, ...parts) as Record<string, unknown>),
    status: fc
      .tuple(
        member('containerStatuses', containers),
        member('initContainerStatuses', containers),
        member('conditions', fc.array(condition, { maxLength: 2 }))
      )
      .map((parts) => Object.assign({}, ...parts) as Record<string, unknown>),
  },
  { requiredKeys: [] }
)

type Json = Record<string, unknown>
type Pod = { spec?: Json; status?: Json }

const LISTS = [
  ['spec', 'containers'],
  ['spec', 'initContainers'],
  ['status', 'containerStatuses'],
  ['status', 'initContainerStatuses'],
] as const

/** `pod` with its `part`'s list `name` replaced by `items`. */
function withList(pod: Pod, part: 'spec' | 'status', name: string, items: unknown[]): Pod {
  return { ...pod, [part]: { ...pod[part], [name]: items } }
}

/** A container with the last of its requests moved to its allocated resources: a list boundary moved. */
function splitRequests(item: Json): Json | null {
  const requests = (item.resources as Json | undefined)?.requests
  if (typeof requests !== 'object' || requests === null) return null
  const entries = Object.entries(requests)
  const last = entries.pop()
  if (last === undefined) return null
  return {
    ...item,
    resources: { requests: Object.fromEntries(entries) },
    allocatedResources: Object.fromEntries([last]),
  }
}

/** Pods that differ from `pod` in one place the decoder reads. */
function neighbours(pod: Pod): Pod[] {
  const out: Pod[] = []
  for (const [part, name] of LISTS) {
    const items = pod[part]?.[name]
    if (!Array.isArray(items)) continue
    out.push(withList(pod, part, name, items.slice(1)), withList(pod, part, name, [...items, {}]))
    items.forEach((item: unknown, i) => {
      if (typeof item !== 'object' || item === null) return
      const edit = (changed: Json | null) => {
        if (changed !== null)
          out.push(
            withList(
              pod,
              part,
              name,
              items.map((x, j) => (j === i ? changed : x))
            )
          )
      }
      const it = item as Json
      edit({ ...it, name: it.name === 'web' ? 'log' : 'web' })
      edit({ ...it, restartPolicy: it.restartPolicy === 'Always' ? 'Never' : 'Always' })
      edit(splitRequests(it))
      edit({ ...it, allocatedResources: { cpu: '3' } })
      edit({ ...it, resources: { requests: { cpu: '3' } } })
    })
  }
  const infeasible = { type: 'PodResizePending', reason: 'Infeasible' }
  out.push({ ...pod, status: { ...pod.status, conditions: [infeasible] } })
  out.push({ ...pod, spec: { ...pod.spec, overhead: { cpu: '1' } } })
  return out
}

function outcome(read: () => unknown): unknown {
  try {
    return { value: read() }
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) }
  }
}

function agrees(pod: Pod): void {
  const spec = pod.spec ?? null
  const status = pod.status ?? null
  const full = outcome(() => readPodResources(spec, status, 'pod'))
  expect(outcome(() => decodePodResources(spec, status, 'pod'))).toEqual(full)
}

describe('pod resources taken from the previous pod', () => {
  it('gives every pod what reading it in full gives, value or error, read twice in a row and after each of its neighbours', () => {
    fc.assert(
      fc.property(pod, (p: Pod) => {
        agrees(p)
        agrees(structuredClone(p))
        for (const neighbour of neighbours(p)) {
          agrees(p)
          agrees(neighbour)
        }
      }),
      { seed: SEED, numRuns: 2000 }
    )
  })
})
