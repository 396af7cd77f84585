import { describe, expect, it } from 'vitest'
import { REASON_UNKNOWN_NODE } from '../../src/core/index.js'
import { post } from '../support/test-server.js'
import { namesArgs, wirePod } from '../support/wire.js'
import {
  expectedVerdicts,
  filterNames,
  FLEET,
  startReadyRig,
  TOLERATIONS,
} from '../support/informer-rig.js'

/**
 * Names the index does not know and the API server does not have, wherever they sit among known
 * ones. Once such a name is set aside, the known nodes no longer line up with the request:
 * every answer must still be given under the name it is for.
 */

const KNOWN = FLEET.map((n) => n.name)

const LAYOUTS: readonly [string, readonly string[]][] = [
  ['one unknown name first', ['ghost-a', ...KNOWN]],
  ['one unknown name in the middle', [...KNOWN.slice(0, 5), 'ghost-a', ...KNOWN.slice(5)]],
  [
    'unknown names between every few known ones',
    KNOWN.flatMap((name, i) => (i % 3 === 0 ? [`ghost-${i}`, name] : [name])),
  ],
]

type HostPriorityList = { Host: string; Score: number }[]

async function prioritizeNames(url: string, names: readonly string[]): Promise<HostPriorityList> {
  const reply = await post(
    `${url}/prioritize`,
    namesArgs(wirePod('p', [...TOLERATIONS]), [...names])
  )
  expect(reply.status).toBe(200)
  return reply.json as HostPriorityList
}

describe('names nobody has, among known ones', () => {
  it.each(LAYOUTS)(
    '%s: filter answers every known node under its own name, and the unknown as not found',
    async (_, names) => {
      const rig = await startReadyRig()
      const ghosts = names.filter((n) => n.startsWith('ghost-'))
      expect(await filterNames(rig.server.url, names)).toEqual({
        ...expectedVerdicts(rig.api, KNOWN),
        FailedNodes: Object.fromEntries(ghosts.map((n) => [n, REASON_UNKNOWN_NODE])),
      })
    }
  )

  it.each(LAYOUTS)(
    '%s: prioritize scores every known node as without the unknown, which scores 0',
    async (_, names) => {
      const rig = await startReadyRig()
      const alone = await prioritizeNames(rig.server.url, KNOWN)
      const scoreOf = new Map(alone.map((h) => [h.Host, h.Score]))
      expect(new Set(alone.map((h) => h.Score)).size).toBeGreaterThan(1)
      const reply = await prioritizeNames(rig.server.url, names)
      const byHost = Object.fromEntries(reply.map((h) => [h.Host, h.Score]))
      expect(byHost).toEqual(Object.fromEntries(names.map((n) => [n, scoreOf.get(n) ?? 0])))
      expect(reply).toHaveLength(names.length)
    }
  )
})
