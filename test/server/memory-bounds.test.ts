import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nodesArgs, wireNode, wirePod } from '../support/wire.js'
import { startService, type ServiceProcess } from '../support/process.js'

/**
 * Every cache is bounded in bytes as well as entries: a stream of requests each carrying a
 * distinct megabyte-long string (a toleration value, a node name, a taint value) leaves the
 * process's resident memory near its own baseline, where caches bounded by entries alone kept
 * every string. The process runs with a heap ceiling well below what entries alone would keep,
 * so a cache that held them would fail the calls (or the process) long before the last one.
 */

const MIB = 1024 * 1024
const CALLS = 80
const ALLOWED_GROWTH_MIB = 120

let service: ServiceProcess
beforeAll(async () => {
  service = await startService(['--port', '0', '--disable-node-cache', '--max-body', '8mb'], {}, [
    '--max-old-space-size=128',
  ])
})
afterAll(() => {
  service.child.kill('SIGKILL')
})

function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kib = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1])
  return kib / 1024
}

async function filter(body: unknown): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${service.port}/filter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  await response.arrayBuffer()
  return response.status
}

/** A megabyte string no other call sends. */
const distinct = (i: number, alphabet = 'v'): string => `${i}-`.padEnd(MIB, alphabet)

const SERIES: readonly [string, (i: number) => unknown][] = [
  [
    'a toleration value',
    (i) =>
      nodesArgs(wirePod('p', [{ key: 'k', operator: 'Equal', value: distinct(i) }]), [
        wireNode('n'),
      ]),
  ],
  ['a node name', (i) => nodesArgs(wirePod('p'), [wireNode(distinct(i, 'n'))])],
  [
    'a taint value',
    (i) =>
      nodesArgs(wirePod('p'), [
        wireNode(`n-${i}`, { taints: [{ key: 'k', value: distinct(i), effect: 'NoSchedule' }] }),
      ]),
  ],
]

describe('resident memory after many distinct large entries', () => {
  it.each(SERIES)(
    `stays within ${ALLOWED_GROWTH_MIB} MiB of its baseline after ${CALLS} calls each with %s of 1 MiB`,
    async (_, body) => {
      const pid = service.child.pid as number
      for (let i = 0; i < 5; i++) expect(await filter(body(-1 - i))).toBe(200)
      const baseline = residentMiB(pid)
      for (let i = 0; i < CALLS; i++) expect(await filter(body(i))).toBe(200)
      expect(residentMiB(pid) - baseline).toBeLessThan(ALLOWED_GROWTH_MIB)
    },
    120_000
  )
})
