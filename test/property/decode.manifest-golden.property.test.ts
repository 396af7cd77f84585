import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { readOnePlacedPod } from '../../src/cli/manifests.js'
import {
  decodeManifestAndPlacement,
  decodeManifestNode,
  decodeManifestPod,
  decodePlacementPod,
} from '../../src/protocol/index.js'
import { SEED } from './field-arbitraries.js'
import { FOLDING_RECASES, mutate, mutationArb, recaseArb, recaseKeys } from './json-mutations.js'
import type { Json } from './json-paths.js'
import { nodeObjectArb, podObjectArb } from './manifest-objects.js'

/**
 * The manifest and placement decoders give, for generated pods and nodes (every field they read,
 * then spoilt: values of the wrong type, nulls, keys removed or respelt in other casings, which
 * the API server reads as other fields), exactly the results and error messages the decoders gave
 * when this file's digests were recorded. Each case's outcomes are serialized canonically and hashed; set
 * RECORD_MANIFEST_GOLDEN=1 to record the digests again after a deliberate change of behaviour.
 */

const GOLDEN = new URL('./manifest-decoding.golden.json', import.meta.url)
const RUNS = { pods: 800, nodes: 300 }

/** Some spoiling: mutations, then a respelling of every key (folding or not) or none. */
function spoiled(arb: fc.Arbitrary<Json>): fc.Arbitrary<Json> {
  return fc
    .tuple(
      arb,
      fc.array(mutationArb, { maxLength: 3 }),
      fc.option(fc.oneof(fc.constantFrom(...FOLDING_RECASES), recaseArb), { freq: 3 })
    )
    .map(([doc, mutations, recase]) => {
      const mutated = mutate(doc, mutations)
      return recase === null ? mutated : recaseKeys(mutated, recase)
    })
}

/** A value in a form independent of key order, Map and bigint included. */
export function canonical(value: unknown): string {
  if (typeof value === 'bigint') return `${value}n`
  if (value === undefined) return 'undefined'
  if (value instanceof Map) {
    const entries = [...(value as Map<unknown, unknown>)].map(
      ([k, v]) => `${canonical(k)}=>${canonical(v)}`
    )
    return `Map{${entries.join(',')}}`
  }
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).filter(
      (k) => (value as Record<string, unknown>)[k] !== undefined
    )
    const members = keys
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
    return `{${members.join(',')}}`
  }
  return JSON.stringify(value)
}

export function outcome(decode: () => unknown): string {
  try {
    return canonical(decode())
  } catch (err) {
    return `error ${(err as Error).constructor.name}: ${(err as Error).message}`
  }
}

function podOutcomes(doc: Json): string[] {
  const path = 'pods.json: pod 7'
  return [
    outcome(() => decodeManifestPod(doc, path)),
    outcome(() => decodePlacementPod(doc, path, false)),
    outcome(() => decodePlacementPod(doc, path, true)),
    outcome(() => readOnePlacedPod(JSON.stringify(doc), 'pod.json')),
  ]
}

function nodeOutcomes(doc: Json): string[] {
  return [outcome(() => decodeManifestNode(doc, 'nodes.json: node 3'))]
}

function digest(outcomes: readonly string[]): string {
  return createHash('sha256').update(outcomes.join('\n')).digest('hex').slice(0, 16)
}

function digests(
  arb: fc.Arbitrary<Json>,
  seed: number,
  numRuns: number,
  of: (doc: Json) => string[]
) {
  return fc.sample(spoiled(arb), { seed, numRuns }).map((doc) => digest(of(doc)))
}

describe('decoding generated pods and nodes', () => {
  const now = {
    pods: digests(podObjectArb, SEED + 60, RUNS.pods, podOutcomes),
    nodes: digests(nodeObjectArb, SEED + 61, RUNS.nodes, nodeOutcomes),
  }
  if (process.env.RECORD_MANIFEST_GOLDEN === '1')
    writeFileSync(GOLDEN, JSON.stringify(now, null, 2) + '\n')
  const recorded = JSON.parse(readFileSync(GOLDEN, 'utf8')) as typeof now

  it('gives every generated pod the same manifest pod, placement pods and placed pod, or the same error, as recorded', () => {
    const changed = now.pods.flatMap((d, i) => (d === recorded.pods[i] ? [] : [i]))
    expect(changed).toEqual([])
  })

  it('gives every generated node the same manifest node, or the same error, as recorded', () => {
    const changed = now.nodes.flatMap((d, i) => (d === recorded.nodes[i] ? [] : [i]))
    expect(changed).toEqual([])
  })

  it('generates cases that reach decoded results as well as each kind of error', () => {
    const docs = fc.sample(spoiled(podObjectArb), { seed: SEED + 60, numRuns: RUNS.pods })
    const first = docs.map((doc) => podOutcomes(doc)[1] as string)
    const decoded = first.filter((o) => !o.startsWith('error')).length
    expect(decoded).toBeGreaterThan(RUNS.pods / 4)
    for (const words of [
      'expected an object',
      'expected a string',
      'expected an array',
      'is not a quantity',
    ])
      expect(first.some((o) => o.includes(words))).toBe(true)
  })

  it('decodes a pod in one reading exactly as the manifest decoder and then the placement decoder do, first error included', () => {
    const docs = fc.sample(spoiled(podObjectArb), { seed: SEED + 62, numRuns: RUNS.pods })
    for (const doc of docs) {
      const path = 'pods.json: pod 7'
      const apart = outcome(() => ({
        pod: decodeManifestPod(doc, path),
        placement: decodePlacementPod(doc, path, false),
      }))
      expect(outcome(() => decodeManifestAndPlacement(doc, path, false))).toBe(apart)
    }
  })
})
