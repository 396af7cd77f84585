/**
 * A few concurrent keep-alive clients, each sending one request at a time (as kube-scheduler
 * does per profile) until the deadline, and checking every reply as it arrives.
 */
import { Agent, request } from 'node:http'
import { judgeReply, parseReply } from './soak-checker.js'
import type { SoakFleet } from './soak-fleet.js'
import type { SoakMode, SoakRequest, SoakRequestMaker, SoakVerb } from './soak-requests.js'

export interface LoadTally {
  readonly byVerbMode: Map<`${SoakVerb} ${SoakMode}`, { served: number }>
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
    const headers = {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
    }
    const req = request(
      url,
      { method: 'POST', agent, headers, timeout: REQUEST_TIMEOUT_MS },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.once('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() })
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

interface Load {
  readonly url: string
  readonly clients: number
  /** Epoch milliseconds. */
  readonly deadline: number
  readonly maker: SoakRequestMaker
  readonly fleet: SoakFleet
  readonly tally: LoadTally
}

function note(tally: LoadTally, req: SoakRequest, kind: string, detail: string): void {
  if (tally.examples.length >= MAX_EXAMPLES) return
  const age = Date.now() - req.sentAt
  tally.examples.push(`${kind} ${req.verb}/${req.mode} (reply after ${age} ms): ${detail}`)
}

/** Sends one request and judges its reply into the tally. */
async function sendAndJudge(load: Load, agent: Agent, req: SoakRequest): Promise<void> {
  const { tally, fleet } = load
  let reply: unknown
  try {
    const { status, text } = await post(agent, new URL(`/${req.verb}`, load.url), req.body)
    reply = parseReply(status, text)
  } catch (err) {
    tally.errors++
    note(tally, req, 'ERROR', err instanceof Error ? err.message : String(err))
    return
  }
  const key = `${req.verb} ${req.mode}` as const
  const counts = tally.byVerbMode.get(key) ?? { served: 0 }
  tally.byVerbMode.set(key, counts)
  counts.served++
  const judged = judgeReply(req, reply, (name) => fleet.settled(name, req.sentAt))
  tally.checkedVerdicts += judged.checked
  tally.inFlightVerdicts += judged.inFlight
  if (judged.wrong.length === 0) return
  tally.wrong++
  const first = judged.wrong[0] ?? ''
  const changed = fleet.changedAt(/^([a-z0-9.-]+):/.exec(first)?.[1] ?? '')
  const since = changed === 0 ? '' : ` (node changed ${req.sentAt - changed} ms before the request)`
  note(tally, req, 'WRONG', `${judged.wrong.length} wrong; ${first}${since}`)
}

/** Runs `clients` loops until the deadline; resolves once every loop has stopped. */
export async function runLoad(load: Load): Promise<void> {
  const client = async (): Promise<void> => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    try {
      while (Date.now() < load.deadline) await sendAndJudge(load, agent, load.maker.next())
    } finally {
      agent.destroy()
    }
  }
  await Promise.all(Array.from({ length: load.clients }, client))
}
