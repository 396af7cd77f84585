import { describe, expect, it } from 'vitest'
import {
  readDisruptionBudgets,
  readNamespaces,
  readNodes,
  type ManifestSource,
} from '../../src/cli/manifests.js'

/**
 * The nodes, namespaces and budgets of a YAML list are read item by item, as the pods are
 * (list-text.ts): the progress line is told of each item, and the objects and the first error
 * are those of reading the text whole, every kind checked before any object is decoded.
 */

/** A source of a YAML `text` (not a JSON list, so read as text) recording what progress hears. */
function yamlSource(text: string, told: string[]): ManifestSource {
  return {
    origin: 'f.yaml',
    read(sink) {
      sink.chunk(new TextEncoder().encode(text))
      sink.endDocument()
      return Promise.resolve()
    },
    text: () => text,
    progress: {
      objects: (origin, read, of) => told.push(`${origin} ${read} of ${of}`),
      end: () => told.push('end'),
    },
  }
}

const list = (...items: string[]) => `apiVersion: v1\nitems:\n${items.join('')}kind: List\n`

const READERS = [
  {
    kind: 'nodes',
    text: list('- kind: Node\n  metadata: {name: a}\n', '- kind: Node\n  metadata: {name: b}\n'),
    names: async (s: ManifestSource) => (await readNodes(s)).map((n) => n.name),
  },
  {
    kind: 'namespaces',
    text: list(
      '- kind: Namespace\n  metadata: {name: a}\n',
      '- kind: Namespace\n  metadata: {name: b}\n'
    ),
    names: async (s: ManifestSource) => [...(await readNamespaces(s)).keys()],
  },
  {
    kind: 'budgets',
    text: list(
      '- kind: PodDisruptionBudget\n  metadata: {name: a, namespace: x}\n',
      '- kind: PodDisruptionBudget\n  metadata: {name: b, namespace: x}\n'
    ),
    names: async (s: ManifestSource) => (await readDisruptionBudgets(s)).map((b) => b.name),
  },
]

describe('a YAML list of nodes, namespaces or budgets', () => {
  it.each(READERS)(
    'is read one item at a time, the progress line told of each, giving every object ($kind)',
    async ({ text, names }) => {
      const told: string[] = []
      expect(await names(yamlSource(text, told))).toEqual(['a', 'b'])
      // The line is ended once by the stream that found no JSON list, once by the items.
      expect(told).toEqual(['end', 'f.yaml 1 of 2', 'f.yaml 2 of 2', 'end'])
    }
  )

  it('reports a wrong kind after a node it cannot decode, as reading every kind first does', async () => {
    const text = list(
      "- kind: Node\n  metadata: {name: a}\n  spec: {unschedulable: 'yes'}\n",
      '- kind: Pod\n  metadata: {name: p}\n'
    )
    await expect(readNodes(yamlSource(text, []))).rejects.toThrow(
      'f.yaml holds a Pod "p", not a Node (--nodes)'
    )
    const badNodeOnly = list(
      "- kind: Node\n  metadata: {name: a}\n  spec: {unschedulable: 'yes'}\n"
    )
    await expect(readNodes(yamlSource(badNodeOnly, []))).rejects.toThrow(
      'f.yaml: node 0.spec.unschedulable: expected a boolean, got a string'
    )
  })

  it('reads a single node that is not a list whole, as before', async () => {
    const told: string[] = []
    const names = (await readNodes(yamlSource('kind: Node\nmetadata: {name: solo}\n', told))).map(
      (n) => n.name
    )
    expect(names).toEqual(['solo'])
    expect(told.filter((line) => line !== 'end')).toEqual([])
  })
})
