import { describe, expect, it } from 'vitest'
import { readListText, type ListTextReading } from '../../src/cli/list-text.js'
import { SKIP_WORKLOADS } from '../../src/cli/workload-kinds.js'
import { field, isJsonObject } from '../../src/protocol/index.js'

/** A reading that keeps each pod's name and records what the progress line is told. */
function reading(order: ListTextReading<unknown>['order']): {
  reading: ListTextReading<unknown>
  told: string[]
} {
  const told: string[] = []
  return {
    told,
    reading: {
      origin: 'pods.yaml',
      expected: 'Pod',
      flag: 'pods',
      order,
      side: SKIP_WORKLOADS,
      progress: {
        objects: (origin, read, of) => told.push(`${origin} ${read} of ${of}`),
        end: () => told.push('end'),
      },
      decode: (object) => {
        const metadata = isJsonObject(object) ? field(object, 'metadata') : undefined
        const name = isJsonObject(metadata) ? field(metadata, 'name') : undefined
        return name
      },
    },
  }
}

const LIST = `apiVersion: v1
items:
- kind: Pod
  metadata: {name: a}
- kind: ReplicaSet
  metadata: {name: rs}
- kind: Pod
  metadata: {name: b}
kind: List
`

describe('the pods of a text that is not a JSON list', () => {
  it.each(['in-order', 'kinds-first'] as const)(
    'tells the progress line of each item of a YAML list, of how many it holds, then ends it (%s)',
    (order) => {
      const { reading: r, told } = reading(order)
      expect(readListText(LIST, r)).toEqual(['a', 'b'])
      expect(told).toEqual(['pods.yaml 1 of 3', 'pods.yaml 2 of 3', 'pods.yaml 3 of 3', 'end'])
    }
  )

  it('ends the progress line when an item is refused, and refuses it as reading whole does', () => {
    const { reading: r, told } = reading('in-order')
    const text = LIST.replace('kind: ReplicaSet', 'kind: Node')
    expect(() => readListText(text, r)).toThrow('pods.yaml holds a Node "rs", not a Pod (--pods)')
    expect(told.at(-1)).toBe('end')
  })

  it("reads a single pod whole: explain's pod list refuses it, forecast takes it", () => {
    const pod = 'kind: Pod\nmetadata: {name: solo}\n'
    expect(() => readListText(pod, reading('in-order').reading)).toThrow(
      'pods.yaml[0]: not a list of pods (want kubectl get pods -A -o json|yaml)'
    )
    expect(readListText(pod, reading('kinds-first').reading)).toEqual(['solo'])
  })
})
