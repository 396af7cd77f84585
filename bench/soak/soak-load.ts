/**
 * A few concurrent keep-alive clients, each sending one request at a time (as kube-scheduler
 * does per profile) until the deadline, and checking every reply as it arrives.
 */
import { Agent, request } from 'node:http'
import { judgeReply, parseReply } from './soak-checker.js'
import type { SoakFleet } from './soak-fleet.js'
import type { SoakMode, SoakRequest, SoakRequestMaker, SoakVerb } from './soak-requests.js'

/** One verb and mode's counts. */
export interface VerbModeCounts {
  served: number
  errors: number
  wrong: number
}

export interface LoadTally {
  readonly byVerbMode: Map<`${SoakVerb} ${SoakMode}`, VerbModeCounts>
  errors: number
  wrong: number
  /** Node verdicts compared with the reference, and those left unjudged as in flight. */
  checkedVerdicts: number
  inFlightVerdicts: number
  /** The first few errors and wrong answers, for the report. */
  readonly examples: string[]
}

const REQUEST_TIMEOUT_MS = 30_000
const MAX_EXAMPLES = 20

function post(agent: Agent, url: URL, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.once('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') })
        )
        res.once('error', reject)
      }
    )
    req.once('timeout', () => req.destroy(new Error(`no reply within ${REQUEST_TIMEOUT_MS} ms`)))
    req.once('error', reject)
    req.end(body)
  })
}

export function emptyTally(): LoadTally {
  return {
    byVerbMode: new Map(),
    errors: 0,
    wrong: 0,
    checkedVerdicts: 0,
    inFlightVerdicts: 0,
    examples: [],
  }
}

/** Runs `clients` loops until `deadline` (epoch ms); resolves once every loop has stopped. */
export async function runLoad(options: {
  readonly url: string
  readonly clients: number
  readonly deadline: number
  readonly maker: SoakRequestMaker
  readonly fleet: SoakFleet
  readonly tally: LoadTally
}): Promise<void> {
  const { tally, fleet } = options
  const note = (req: SoakRequest, kind: string, detail: string): void => {
    if (tally.examples.length < MAX_EXAMPLES) {
      const age = Date.now() - req.sentAt
      tally.examples.push(`${kind} ${req.verb}/${req.mode} (reply after ${age} ms): ${detail}`)
    }
  }
  const client = async (): Promise<void> => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    try {
      while (Date.now() < options.deadline) {
        const req = options.maker.next()
        const key = `${req.verb} ${req.mode}` as const
        let counts = tally.byVerbMode.get(key)
        if (counts === undefined)
          tally.byVerbMode.set(key, (counts = { served: 0, errors: 0, wrong: 0 }))
        let reply: unknown
        try {
          const { status, text } = await post(agent, new URL(`/${req.verb}`, options.url), req.body)
          reply = parseReply(status, text)
        } catch (err) {
          counts.errors++
          tally.errors++
          note(req, 'ERROR', err instanceof Error ? err.message : String(err))
          continue
        }
        counts.served++
        const judged = judgeReply(req, reply, (name) => fleet.settled(name, req.sentAt))
        tally.checkedVerdicts += judged.checked
        tally.inFlightVerdicts += judged.inFlight
        if (judged.wrong.length > 0) {
          counts.wrong++
          tally.wrong++
          const first = judged.wrong[0] ?? ''
          const name = /^([a-z0-9.-]+):/.exec(first)?.[1]
          const changed = name === undefined ? 0 : fleet.changedAt(name)
          const since =
            changed === 0 ? '' : ` (node changed ${req.sentAt - changed} ms before the request)`
          note(req, 'WRONG', `${judged.wrong.length} wrong; ${first}${since}`)
        }
      }
    } finally {
      agent.destroy()
    }
  }
  await Promise.all(Array.from({ length: options.clients }, client))
}
