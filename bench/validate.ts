/**
 * Checks that a reply is the right answer, not just a 200: a benchmark of wrong answers is
 * worthless. Each check returns null when the reply is right, else what is wrong with it.
 */
import type { Expected, Mode, Verb } from './payloads.js'

type Check = (reply: Buffer) => string | null

interface FilterReply {
  Nodes: { items?: { metadata?: { name?: string } }[] } | null
  NodeNames: string[] | null
  FailedNodes: Record<string, string>
  FailedAndUnresolvableNodes: Record<string, string>
  Error: string
}

function sameList(what: string, got: readonly string[], want: readonly string[]): string | null {
  if (got.length !== want.length) return `${what}: ${got.length} entries, expected ${want.length}`
  const i = want.findIndex((name, k) => got[k] !== name)
  return i < 0 ? null : `${what}[${i}] is ${got[i]}, expected ${want[i]}`
}

function passedNames(reply: FilterReply, mode: Mode): string[] | string {
  if (mode === 'names') {
    if (reply.Nodes !== null) return 'Nodes should be null in node-cache mode'
    return Array.isArray(reply.NodeNames) ? reply.NodeNames : 'NodeNames is not a list'
  }
  if (reply.NodeNames !== null) return 'NodeNames should be null in full-node mode'
  const items = reply.Nodes?.items
  if (!Array.isArray(items)) return 'Nodes.items is not a list'
  return items.map((n) => n.metadata?.name ?? '(no name)')
}

function checkFilter(reply: FilterReply, mode: Mode, expected: Expected, floor: boolean) {
  if (reply.Error !== '') return `Error is ${JSON.stringify(reply.Error)}`
  const passed = passedNames(reply, mode)
  if (typeof passed === 'string') return passed
  if (typeof reply.FailedNodes !== 'object' || reply.FailedNodes === null) {
    return 'FailedNodes is not a map'
  }
  if (Object.keys(reply.FailedNodes).length !== 0) return 'FailedNodes is not empty'
  const failed = reply.FailedAndUnresolvableNodes
  if (typeof failed !== 'object' || failed === null)
    return 'FailedAndUnresolvableNodes is not a map'
  if (floor) return sameList('passing nodes', passed, expected.names)
  const wrongPass = sameList('passing nodes', passed, expected.passingNames)
  if (wrongPass !== null) return wrongPass
  const failedNames = Object.keys(failed)
  if (failedNames.length !== expected.rejected.size) {
    return `${failedNames.length} unresolvable nodes, expected ${expected.rejected.size}`
  }
  const wrong = failedNames.find((name) => failed[name] !== expected.rejected.get(name))
  if (wrong === undefined) return null
  return `${wrong} failed with ${failed[wrong]}, expected ${expected.rejected.get(wrong)}`
}

function checkPrioritize(
  reply: { Host?: string; Score?: number }[],
  expected: Expected,
  floor: boolean
) {
  if (!Array.isArray(reply)) return 'reply is not a HostPriorityList'
  const hosts = sameList(
    'hosts',
    reply.map((h) => h.Host ?? ''),
    expected.names
  )
  if (hosts !== null) return hosts
  const i = reply.findIndex((h, k) => h.Score !== (floor ? 0 : expected.scores[k]))
  if (i < 0) return null
  return `${expected.names[i]} scored ${reply[i]?.Score}, expected ${floor ? 0 : expected.scores[i]}`
}

/**
 * The check for one scenario: the extender's exact answer, or for the floor server (which
 * applies no rules) every node passing and every score 0.
 */
export function replyCheck(verb: Verb, mode: Mode, expected: Expected, floor: boolean): Check {
  return (body) => {
    try {
      const reply: unknown = JSON.parse(body.toString('utf8'))
      return verb === 'filter'
        ? checkFilter(reply as FilterReply, mode, expected, floor)
        : checkPrioritize(reply as { Host?: string; Score?: number }[], expected, floor)
    } catch (err) {
      return `reply unreadable (${String(err)}): ${body.subarray(0, 120).toString()}`
    }
  }
}
