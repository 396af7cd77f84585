/**
 * A minimal Kubernetes API server for node-cache mode, holding `count` realistic nodes: the
 * paged NodeList (limit/continue), a watch that stays open with periodic BOOKMARKs (the fleet
 * does not change during a run), and GET of one node. Pages are built on demand from the node
 * generator, so 15000 nodes (about 240 MB of JSON) are never held at once. It runs in the driver
 * process; it is busy only while the extender lists, before any measurement starts.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { kubeconfigFor } from '../test/support/kubeconfig-for.js'
import { nodeName, realisticNode } from './realistic-node.js'

const LIST_RESOURCE_VERSION = '900000'

export interface NodeApiServer {
  readonly url: string
  /** A kubeconfig file pointing at the server (insecure-skip-tls-verify, as client-node needs). */
  readonly kubeconfig: string
  close(): Promise<void>
}

function sendJson(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
  })
  res.end(body)
}

function statusJson(code: number, message: string): string {
  return JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', message, code })
}

function listPage(count: number, url: URL): string {
  const limit = Number(url.searchParams.get('limit') ?? 0)
  const offset = Number(url.searchParams.get('continue') || 0)
  const end = limit > 0 ? Math.min(count, offset + limit) : count
  const items: string[] = []
  for (let i = offset; i < end; i++) items.push(JSON.stringify(realisticNode(i)))
  const metadata: Record<string, unknown> = { resourceVersion: LIST_RESOURCE_VERSION }
  if (end < count) {
    metadata.continue = String(end)
    metadata.remainingItemCount = count - end
  }
  return `{"kind":"NodeList","apiVersion":"v1","metadata":${JSON.stringify(metadata)},"items":[${items.join(',')}]}`
}

function openWatch(req: IncomingMessage, res: ServerResponse, url: URL): void {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' })
  res.flushHeaders()
  const bookmark = JSON.stringify({
    type: 'BOOKMARK',
    object: {
      kind: 'Node',
      apiVersion: 'v1',
      metadata: { resourceVersion: LIST_RESOURCE_VERSION },
    },
  })
  const timer = setInterval(() => res.write(bookmark + '\n'), 20_000)
  const seconds = Number(url.searchParams.get('timeoutSeconds') ?? 0)
  const end = seconds > 0 ? setTimeout(() => res.end(), seconds * 1000) : undefined
  req.socket.on('close', () => {
    clearInterval(timer)
    clearTimeout(end)
  })
}

export async function startNodeApiServer(count: number): Promise<NodeApiServer> {
  const byName = new Map<string, number>()
  for (let i = 0; i < count; i++) byName.set(nodeName(i), i)
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://apiserver')
    if (req.method === 'GET' && url.pathname === '/api/v1/nodes') {
      if (url.searchParams.get('watch') === 'true') return openWatch(req, res, url)
      return sendJson(res, 200, listPage(count, url))
    }
    if (req.method === 'GET' && url.pathname.startsWith('/api/v1/nodes/')) {
      const name = decodeURIComponent(url.pathname.slice('/api/v1/nodes/'.length))
      const i = byName.get(name)
      if (i !== undefined) return sendJson(res, 200, JSON.stringify(realisticNode(i)))
      return sendJson(res, 404, statusJson(404, `nodes "${name}" not found`))
    }
    sendJson(res, 404, statusJson(404, 'the server could not find the requested resource'))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    kubeconfig: kubeconfigFor(url),
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
