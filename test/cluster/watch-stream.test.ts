import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import type { TLSSocket } from 'node:tls'
import { afterEach, describe, expect, it } from 'vitest'
import { KubeConfig } from '@kubernetes/client-node'
import { openWatchStream } from '../../src/cluster/watch-stream.js'
import { CertificateWorkshop } from '../support/certificates.js'

/**
 * The watch request over HTTPS as a cluster serves it: the server's certificate checked against
 * the kubeconfig's CA, a client certificate presented, the bearer token sent, and the events
 * read line by line, through the TLS settings client-node derives from the kubeconfig.
 */

const servers: Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))))
})

describe('openWatchStream over HTTPS', () => {
  it('verifies the API server, presents the client certificate and token, and reads the events', async () => {
    const workshop = new CertificateWorkshop()
    const ca = workshop.authority('cluster-ca')
    const serving = workshop.issue(ca, 'apiserver', 'server')
    const client = workshop.issue(ca, 'scheduler-extender', 'client')
    const seen: { authorization?: string; clientCert?: unknown; url?: string } = {}
    const server = createServer(
      { cert: serving.cert, key: serving.key, ca: ca.cert, requestCert: true },
      (req, res) => {
        seen.authorization = req.headers.authorization
        seen.url = req.url
        seen.clientCert = (req.socket as TLSSocket).getPeerCertificate().subject.CN
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(
          `${JSON.stringify({ type: 'ADDED', object: { metadata: { name: 'node-a' } } })}\n` +
            `${JSON.stringify({ type: 'BOOKMARK', object: { metadata: { resourceVersion: '9' } } })}\n`
        )
      }
    )
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const kubeConfig = new KubeConfig()
    kubeConfig.loadFromOptions({
      clusters: [
        {
          name: 'c',
          server: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
          caData: ca.cert.toString('base64'),
        },
      ],
      users: [
        {
          name: 'u',
          token: 'bearer-of-news',
          certData: client.cert.toString('base64'),
          keyData: client.key.toString('base64'),
        },
      ],
      contexts: [{ name: 'x', cluster: 'c', user: 'u' }],
      currentContext: 'x',
    })

    const events: [string, unknown][] = []
    const end = await new Promise<Error | null>((resolve) => {
      void openWatchStream(
        kubeConfig,
        '/api/v1/nodes',
        { resourceVersion: '5' },
        new AbortController().signal,
        (type, object) => events.push([type, object]),
        resolve
      )
    })

    expect(end).toBeNull()
    expect(events.map(([type]) => type)).toEqual(['ADDED', 'BOOKMARK'])
    expect(seen).toEqual({
      authorization: 'Bearer bearer-of-news',
      clientCert: 'scheduler-extender',
      url: '/api/v1/nodes?resourceVersion=5&watch=true',
    })
  })
})
