/** Judges a filter reply (ExtenderFilterResult) in either mode against the reference rules. */
import { referenceFilterNode, type NodeTaints } from '../../src/core/index.js'
import type { SoakRequest } from './soak-requests.js'

/** The extender runs with its default feature gates: comparison operators on. */
export const RULES = { comparisonOperators: true }

export interface Judged {
  /** One line per wrong verdict or malformed part of the reply; empty when right. */
  readonly wrong: string[]
  /** Node verdicts compared with the reference. */
  readonly checked: number
  /** Node verdicts not judged: the node changed within its propagation window. */
  readonly inFlight: number
}

interface FilterResult {
  Nodes?: { items?: unknown[] } | null
  NodeNames?: string[] | null
  FailedNodes?: Record<string, string>
  FailedAndUnresolvableNodes?: Record<string, string>
}

/**
 * Every candidate must appear exactly once, passing (Nodes.items or NodeNames, in request
 * order) or in FailedAndUnresolvableNodes with upstream's reason; FailedNodes stays empty since
 * every node exists. Full mode: passing items are the node objects as sent, byte for byte.
 */
export function checkFilterReply(
  request: SoakRequest,
  reply: unknown,
  isSettled: (i: number) => boolean
): Judged {
  const { names, snapshot, tolerations, mode, itemJson } = request
  const result = reply as FilterResult
  const wrong: string[] = []
  const failed = result.FailedNodes ?? {}
  const rejected = result.FailedAndUnresolvableNodes ?? {}
  if (Object.keys(failed).length > 0) {
    wrong.push(`FailedNodes is not empty: ${JSON.stringify(failed).slice(0, 200)}`)
  }
  let passing: string[]
  if (mode === 'full') {
    const items = result.Nodes?.items
    if (!Array.isArray(items) || result.NodeNames !== null) {
      return { wrong: ['full mode: Nodes.items missing or NodeNames set'], checked: 0, inFlight: 0 }
    }
    passing = items.map((item) => (item as { metadata: { name: string } }).metadata.name)
    const sentByName = new Map(names.map((n, i) => [n, itemJson?.[i]]))
    items.forEach((item, k) => {
      if (JSON.stringify(item) !== sentByName.get(passing[k] as string)) {
        wrong.push(`passing node ${passing[k]} is not the object sent`)
      }
    })
  } else {
    if (!Array.isArray(result.NodeNames) || result.Nodes !== null) {
      return { wrong: ['names mode: NodeNames missing or Nodes set'], checked: 0, inFlight: 0 }
    }
    passing = result.NodeNames
  }
  const position = new Map(names.map((n, i) => [n, i]))
  let last = -1
  for (const name of passing) {
    const at = position.get(name)
    if (at === undefined || at <= last) wrong.push(`${name} passes out of order or twice`)
    else last = at
    if (name in rejected) wrong.push(`${name} both passes and is rejected`)
  }
  const passes = new Set(passing)
  let checked = 0
  names.forEach((name, i) => {
    const got = passes.has(name) ? null : (rejected[name] ?? 'missing from the reply')
    if (!isSettled(i)) {
      if (got === 'missing from the reply') wrong.push(`${name} is missing from the reply`)
      return
    }
    checked++
    const expected = referenceFilterNode(tolerations, snapshot[i] as NodeTaints, RULES)
    if (got !== expected) {
      wrong.push(`${name}: got ${got ?? 'fits'}, reference says ${expected ?? 'fits'}`)
    }
  })
  for (const name of Object.keys(rejected)) {
    if (!position.has(name)) wrong.push(`${name} rejected but never a candidate`)
  }
  return { wrong, checked, inFlight: names.length - checked }
}
