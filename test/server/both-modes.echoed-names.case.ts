import { describe, expect, it } from 'vitest'
import { post } from '../support/test-server.js'
import { namesArgs, wirePod } from '../support/wire.js'
import { server } from './both-modes-harness.js'

/**
 * Node-cache mode over real HTTP: the names in a reply are the literals the request sent, escaped
 * or not, found in the index or not. Registered by both-modes.test.ts, against the servers of
 * both-modes-harness.ts.
 */

/** 'node-cache replies echo names exactly': literals as sent, and bad ones refused. */
export function describeEchoedNames(): void {
  describe('node-cache replies echo names exactly', () => {
    it('escapes a name that needs it and keeps plain and non-ASCII names as they are', async () => {
      const names = ['plain-1', 'we"ird\\name', 'nœud-ünïcode']
      const reply = await post(`${server.url}/filter`, namesArgs(wirePod('p'), names))
      expect(reply.status).toBe(200)
      expect(reply.json).toEqual({
        Nodes: null,
        NodeNames: ['plain-1'],
        FailedNodes: {
          'we"ird\\name': 'node(s) were not found by the taint extender',
          'nœud-ünïcode': 'node(s) were not found by the taint extender',
        },
        FailedAndUnresolvableNodes: {},
        Error: '',
      })
      const plain = await post(
        `${server.url}/prioritize`,
        namesArgs(wirePod('p'), ['plain-1', 'nœud-ünïcode'])
      )
      expect(plain.json).toEqual([
        { Host: 'plain-1', Score: 10 },
        { Host: 'nœud-ünïcode', Score: 0 },
      ])
    })
    it('finds a node whose name arrives \\u-escaped, answering with the literal as it was sent', async () => {
      const pod = JSON.stringify(wirePod('p'))
      const body = `{"Pod":${pod},"NodeNames":["plain\\u002d1", "gp\\u0075","spot"]}`
      const filter = await post(`${server.url}/filter`, body, { raw: true })
      expect(filter.status).toBe(200)
      expect(filter.text).toBe(
        '{"Nodes":null,"NodeNames":["plain\\u002d1","spot"],"FailedNodes":{},' +
          '"FailedAndUnresolvableNodes":{"gp\\u0075":"node(s) had untolerated taint(s)"},"Error":""}'
      )
      const prioritize = await post(`${server.url}/prioritize`, body, { raw: true })
      expect(prioritize.json).toEqual([
        { Host: 'plain-1', Score: 10 },
        { Host: 'gpu', Score: 10 },
        { Host: 'spot', Score: 0 },
      ])
    })
    it.each([
      ['a raw tab after a known name', '"plain-1\t"', /control character in string, found '\t'/],
      ['a bad escape', '"sp\\qot"', /bad escape, found 'q'/],
    ])(
      'refuses a literal with %s with 400, though the names around it are indexed',
      async (_, literal, error) => {
        const pod = JSON.stringify(wirePod('p'))
        for (const verb of ['filter', 'prioritize']) {
          const body = `{"Pod":${pod},"NodeNames":["plain-1",${literal},"spot"]}`
          const reply = await post(`${server.url}/${verb}`, body, { raw: true })
          expect(reply.status).toBe(400)
          expect((reply.json as { Error: string }).Error).toMatch(error)
        }
      }
    )
  })
}
