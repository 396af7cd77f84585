import { describe, expect, it } from 'vitest'
import { nodesArgs, wireNode, wirePod } from '../support/wire.js'
import { post } from '../support/test-server.js'
import { setKey, type Json } from '../property/json-paths.js'
import { alongside, server } from './bodies-harness.js'

/**
 * Abusive request bodies over real HTTP (a real socket on 127.0.0.1): keys named after
 * Object.prototype members, read as the plain keys they are and never polluting the prototype,
 * while a well-formed filter request sent alongside gets exactly the right answer. Registered by
 * bodies.test.ts, against the server of bodies-harness.ts.
 */

/** Taken as bodies.test.ts loads, before any request; the last test here compares against it. */
const prototypeNamesBefore = Object.getOwnPropertyNames(Object.prototype).sort()

/** 'keys named after Object.prototype members': plain keys, and Object.prototype untouched. */
export function describeKeysNamedAfterPrototypeMembers(): void {
  describe('keys named after Object.prototype members', () => {
    const NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf']

    /** An object whose own keys are `entries`, `__proto__` included (a literal would not do). */
    const own = (entries: [string, Json][]): Json => {
      const out: { [key: string]: Json } = {}
      for (const [k, v] of entries) setKey(out, k, v)
      return out
    }

    const trickyNode = (name: string, taintKey: string): Json =>
      own([
        [
          'metadata',
          own([
            ['name', name],
            ['resourceVersion', `rv-${name}-${taintKey}`],
            ['labels', own(NAMES.map((n) => [n, n]))],
          ]),
        ],
        [
          'spec',
          own([
            [
              'taints',
              [
                own([
                  ['key', taintKey],
                  ['effect', 'NoSchedule'],
                ]),
              ],
            ],
          ]),
        ],
        ['status', own([['__proto__', own([['polluted', true]])]])],
      ])

    it('filters nodes named __proto__, constructor, … with taints keyed the same, exactly', async () => {
      // The pod tolerates taints keyed 'constructor' and 'toString' only.
      const pod = own([
        ['metadata', own([['name', 'p']])],
        [
          'spec',
          own([
            [
              'tolerations',
              [
                own([
                  ['key', 'constructor'],
                  ['operator', 'Exists'],
                ]),
                own([
                  ['key', 'toString'],
                  ['operator', 'Exists'],
                ]),
              ],
            ],
          ]),
        ],
      ])
      const nodes = NAMES.map((name, i) =>
        trickyNode(name, NAMES[(i + 1) % NAMES.length] as string)
      )
      const body = own([
        ['__proto__', own([['Pod', 'not this']])],
        ['constructor', own([['prototype', own([['polluted', true]])]])],
        ['toString', 'x'],
        ['prototype', []],
        ['Pod', pod],
        ['Nodes', own([['items', nodes]])],
      ])
      const reply = await alongside(() => post(`${server.url}/filter`, body))
      expect(reply.status).toBe(200)
      const result = reply.json as {
        Nodes: { items: { metadata: { name: string } }[] }
        FailedAndUnresolvableNodes: Record<string, string>
      }
      // Node i carries a taint keyed NAMES[i + 1]: tolerated for 'constructor' (i = 0) and
      // 'toString' (i = 2).
      expect(result.Nodes.items.map((n) => n.metadata.name)).toEqual(['__proto__', 'prototype'])
      expect(Object.keys(result.FailedAndUnresolvableNodes).sort()).toEqual(
        ['constructor', 'toString', 'hasOwnProperty', 'valueOf'].sort()
      )
      // The passing nodes are echoed byte for byte, their prototype-named keys included.
      expect(reply.text).toContain('"labels":{"__proto__":"__proto__","constructor":"constructor"')
    })

    it('does not read a pod spec hidden under __proto__', async () => {
      const pod = own([
        ['metadata', own([['name', 'p']])],
        ['__proto__', own([['spec', own([['tolerations', [own([['operator', 'Exists']])]]])]])],
      ])
      const body = own([
        ['Pod', pod],
        ['Nodes', own([['items', [trickyNode('n', 'k')]]])],
      ])
      const reply = await alongside(() => post(`${server.url}/filter`, body))
      expect(reply.status).toBe(200)
      expect(
        (reply.json as { FailedAndUnresolvableNodes: object }).FailedAndUnresolvableNodes
      ).toEqual({
        n: 'node(s) had untolerated taint(s)',
      })
    })

    it('scores and preempts with prototype-named nodes and victims maps', async () => {
      const pod = wirePod('p') as Json
      // Even-indexed names carry a taint the pod does not tolerate.
      const nodes = NAMES.map((name, i) =>
        wireNode(name, {
          resourceVersion: `prio-${name}`,
          taints: i % 2 === 0 ? [{ key: 'k', effect: 'NoSchedule' }] : [],
        })
      )
      const prioritize = await alongside(() =>
        post(`${server.url}/prioritize`, nodesArgs(pod, nodes))
      )
      expect(prioritize.json).toEqual(NAMES.map((Host) => ({ Host, Score: 10 })))

      // Preempt judges nodes as last seen (by the prioritize call just made); one never seen is kept.
      const victims = own(
        [...NAMES, 'never-seen'].map((n) => [
          n,
          own([
            ['Pods', [own([['UID', `u-${n}`]])]],
            ['NumPDBViolations', 0],
          ]),
        ])
      )
      const preempt = await alongside(() =>
        post(
          `${server.url}/preempt`,
          own([
            ['Pod', pod],
            ['NodeNameToMetaVictims', victims],
          ])
        )
      )
      expect(preempt.status).toBe(200)
      const kept = (preempt.json as { NodeNameToMetaVictims: Record<string, unknown> })
        .NodeNameToMetaVictims
      expect(Object.keys(kept)).toEqual(['constructor', 'toString', 'valueOf', 'never-seen'])
      expect(kept.toString).toEqual({ Pods: [{ UID: 'u-toString' }], NumPDBViolations: 0 })
    })

    it('left Object.prototype untouched', () => {
      expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeNamesBefore)
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    })
  })
}
