import { readFileSync } from 'node:fs'
import { loadAll } from 'js-yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NODE_FLAGS } from '../../src/config/node-flags.js'
import { startService, type ServiceProcess } from '../support/process.js'

/**
 * Memory bounded in what a body decodes to, not only in its bytes, under deploy/'s own settings:
 * the process started with the image's Node.js flags, the Deployment's NODE_OPTIONS (the V8 heap
 * ceiling) and its body and node flags, its resident memory held to the Deployment's memory
 * limit. A small node costs far more decoded than sent: before the node limit, one 28 MiB body
 * of a million nodes of a name alone ended the process (V8's heap limit), and the same bodies
 * two at a time took it past the limit where they did not.
 */

const MIB = 1024 * 1024
const root = new URL('../../', import.meta.url)

interface DeployedContainer {
  readonly args: string[]
  readonly env: { name: string; value: string }[]
  readonly resources: { limits: { memory: string } }
}

function deployedContainer(): DeployedContainer {
  const docs = loadAll(readFileSync(new URL('deploy/deployment.yaml', root), 'utf8')) as {
    kind?: string
    spec?: { template: { spec: { containers: DeployedContainer[] } } }
  }[]
  const container = docs.find((d) => d.kind === 'Deployment')?.spec?.template.spec.containers[0]
  if (container === undefined) throw new Error('deploy/deployment.yaml has no container')
  return container
}

const deployed = deployedContainer()
/** The Deployment's flags that size what a request may hold (--max-body and its kin). */
const memoryArgs = deployed.args.filter((arg) => arg.startsWith('--max-'))
const nodeOptions = deployed.env.find((e) => e.name === 'NODE_OPTIONS')?.value ?? ''
const limitMiB = Number(/^(\d+)Mi$/.exec(deployed.resources.limits.memory)?.[1])

/** A full-node filter body of `count` nodes made by `node`, as kube-scheduler frames it. */
function nodesBody(count: number, node: (i: number) => string): Buffer {
  const items = Array.from({ length: count }, (_, i) => node(i)).join(',')
  return Buffer.from(
    `{"Pod":{"metadata":{"name":"p","namespace":"default","uid":"u"},"spec":{}},` +
      `"Nodes":{"metadata":{},"items":[${items}]},"NodeNames":null}`
  )
}

/** A node of a name alone, the most nodes a byte can carry. */
const nameOnly = (i: number): string => `{"metadata":{"name":"${i.toString(36)}"}}`

/** About 200 bytes, as the nodes of the report that found this were. */
const small = (i: number): string =>
  `{"metadata":{"name":"node-${String(i).padStart(6, '0')}","uid":"0b7a2f0e-3d4c-4e55-9a1b-` +
  `${String(i).padStart(12, '0')}","resourceVersion":"${1000 + i}","labels":{"zone":"z${i % 3}"}},` +
  `"spec":{"podCIDR":"10.${i % 250}.${i % 256}.0/24"},"status":{"phase":"Running"}}`

let service: ServiceProcess
beforeAll(async () => {
  service = await startService(
    [...memoryArgs, '--port', '0', '--disable-node-cache'],
    { NODE_OPTIONS: nodeOptions },
    NODE_FLAGS
  )
})
afterAll(() => {
  service.child.kill('SIGKILL')
})

/** The most the process has been resident (the kernel's high-water mark), in MiB. */
function peakResidentMiB(): number {
  const status = readFileSync(`/proc/${service.child.pid as number}/status`, 'utf8')
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]) / 1024
}

async function post(verb: string, body: Buffer): Promise<{ status: number; text: string }> {
  const response = await fetch(`http://127.0.0.1:${service.port}/${verb}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  })
  return { status: response.status, text: await response.text() }
}

const filter = (body: Buffer): Promise<{ status: number; text: string }> => post('filter', body)

/** Two calls with the same body at once, as two kube-schedulers (or one attacker) would. */
async function twoAtOnce(body: Buffer): Promise<{ status: number; text: string }[]> {
  return Promise.all([filter(body), filter(body)])
}

async function stillServes(): Promise<void> {
  const normal = nodesBody(3, small)
  const reply = await filter(normal)
  expect(reply.status).toBe(200)
  expect((JSON.parse(reply.text) as { Nodes: { items: unknown[] } }).Nodes.items).toHaveLength(3)
}

/** The limit a refusal names. */
let nodeLimit = 0

describe(`deploy/'s settings (${[...memoryArgs, nodeOptions].join(' ')}, a ${limitMiB} MiB memory limit)`, () => {
  it.each([
    ['a million nodes of a name alone', () => nodesBody(1_000_000, nameOnly), 1_000_000],
    ['155,000 nodes of some 200 bytes', () => nodesBody(155_000, small), 155_000],
  ])(
    'refuses two concurrent bodies of %s, each near 30 MiB, with 413 naming the node count and the limit, and stays alive under its memory limit',
    async (_, body, count) => {
      const sent = body()
      expect(sent.length).toBeGreaterThan(25 * MIB)
      expect(sent.length).toBeLessThan(32 * MIB)
      const replies = await twoAtOnce(sent)
      for (const reply of replies) {
        expect(reply.status).toBe(413)
        const error = (JSON.parse(reply.text) as { Error: string }).Error
        const match = new RegExp(
          `^the request carries ${count} nodes, more than the (\\d+) this extender decodes in one request \\(--max-nodes-per-request\\)$`
        ).exec(error)
        expect(match, error).not.toBeNull()
        nodeLimit = Number(match?.[1])
      }
      await stillServes()
      expect(peakResidentMiB()).toBeLessThan(limitMiB)
    },
    120_000
  )

  it('answers two concurrent bodies of one node whose spec holds some 28 MiB of empty objects beside its taint, parsing only the taint', async () => {
    const padding = `[${Array(9_500_000).fill('{}').join(',')}]`
    const body = nodesBody(
      1,
      () =>
        `{"metadata":{"name":"padded"},"spec":{"x":${padding},"taints":[{"key":"k","effect":"NoSchedule"}]}}`
    )
    expect(body.length).toBeGreaterThan(25 * MIB)
    for (const reply of await twoAtOnce(body)) {
      expect(reply.status).toBe(200)
      expect(JSON.parse(reply.text)).toMatchObject({
        Nodes: { items: [] },
        FailedAndUnresolvableNodes: { padded: expect.stringContaining('untolerated taint') },
      })
    }
    await stillServes()
    expect(peakResidentMiB()).toBeLessThan(limitMiB)
  }, 120_000)

  it('refuses two concurrent bodies of nine nodes carrying nine million taints between them, with 413 naming the limit', async () => {
    const taints = `[${Array(1_000_000).fill('{}').join(',')}]`
    const body = nodesBody(9, (i) => `{"metadata":{"name":"n${i}"},"spec":{"taints":${taints}}}`)
    for (const reply of await twoAtOnce(body)) {
      expect(reply.status).toBe(413)
      expect((JSON.parse(reply.text) as { Error: string }).Error).toMatch(
        /^the request's nodes carry more than \d+ taints, more than this extender decodes in one request \(--max-nodes-per-request bounds taints too\)$/
      )
    }
    await stillServes()
    expect(peakResidentMiB()).toBeLessThan(limitMiB)
  }, 120_000)

  it('refuses two concurrent preempt bodies of some 28 MiB of empty objects with 413 before parsing them', async () => {
    const body = Buffer.from(
      `{"Pod":{},"NodeNameToMetaVictims":{},"x":[${Array(9_500_000).fill('{}').join(',')}]}`
    )
    const replies = await Promise.all([post('preempt', body), post('preempt', body)])
    for (const reply of replies) {
      expect(reply.status).toBe(413)
      expect((JSON.parse(reply.text) as { Error: string }).Error).toMatch(
        /^the preempt request would take some \d+ KiB parsed, more than the \d+ KiB this extender parses in one request/
      )
    }
    await stillServes()
    expect(peakResidentMiB()).toBeLessThan(limitMiB)
  }, 120_000)

  it('answers two concurrent bodies of exactly the limit of nodes of a name alone, under its memory limit', async () => {
    expect(nodeLimit).toBeGreaterThan(10_000)
    const replies = await twoAtOnce(nodesBody(nodeLimit, nameOnly))
    for (const reply of replies) {
      expect(reply.status).toBe(200)
      expect(
        reply.text.endsWith(
          `{"metadata":{"name":"${(nodeLimit - 1).toString(36)}"}}]},"NodeNames":null,"FailedNodes":{},"FailedAndUnresolvableNodes":{},"Error":""}`
        )
      ).toBe(true)
    }
    await stillServes()
    expect(peakResidentMiB()).toBeLessThan(limitMiB)
  }, 120_000)
})
