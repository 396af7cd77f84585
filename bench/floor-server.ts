/**
 * The floor: the least any extender on node:http must do for the same request. It reads the
 * body, JSON.parses it and sends back a reply of the same shape with no rules applied (every
 * node passes, every score is 0). Run as its own process, like the extender, and timed by the
 * same client in the same run, so "extender / floor" cancels out how fast this machine is today.
 *
 * Usage: node dist-bench/bench/floor-server.js [--port N]; logs {"msg":"listening","port":N} on stderr.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

interface Args {
  Nodes?: { items?: { metadata?: { name?: string } }[] } | null
  NodeNames?: string[] | null
}

function filterReply(args: Args): string {
  const failed = ',"FailedNodes":{},"FailedAndUnresolvableNodes":{},"Error":""}'
  if (args.Nodes != null) {
    return `{"Nodes":${JSON.stringify(args.Nodes)},"NodeNames":null${failed}`
  }
  return `{"Nodes":null,"NodeNames":${JSON.stringify(args.NodeNames ?? [])}${failed}`
}

function prioritizeReply(args: Args): string {
  const names =
    args.Nodes != null
      ? (args.Nodes.items ?? []).map((n) => n.metadata?.name ?? '')
      : (args.NodeNames ?? [])
  return JSON.stringify(names.map((Host) => ({ Host, Score: 0 })))
}

function send(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
  })
  res.end(body)
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  const verb =
    req.url === '/filter' ? filterReply : req.url === '/prioritize' ? prioritizeReply : null
  if (req.method !== 'POST' || verb === null) {
    req.resume()
    send(res, 404, '{"Error":"not found"}')
    return
  }
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', () => {
    let args: Args
    try {
      args = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Args
    } catch (err) {
      send(res, 400, JSON.stringify({ Error: String(err) }))
      return
    }
    send(res, 200, verb(args))
  })
}

const server = createServer({ keepAliveTimeout: 120_000, requestTimeout: 0 }, handle)
const portAt = process.argv.indexOf('--port')
server.listen(portAt < 0 ? 0 : Number(process.argv[portAt + 1]), '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo
  process.stderr.write(JSON.stringify({ msg: 'listening', port }) + '\n')
})
process.on('SIGTERM', () => {
  server.closeAllConnections()
  server.close(() => process.exit(0))
})
