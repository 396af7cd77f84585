import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TLS12_CIPHERS, type ServerTlsMaterial } from '../../src/server/index.js'
import { CertificateWorkshop } from '../support/certificates.js'
import { startTestServer, type TestServer } from '../support/test-server.js'
import { httpsRequest, refusal, type TlsClientOptions } from '../support/tls-client.js'

/**
 * The suites the HTTPS port agrees to, asked by clients that offer one suite only: under TLS 1.2
 * ECDHE with AES-GCM or ChaCha20-Poly1305 and nothing else, under TLS 1.3 OpenSSL's defaults;
 * the same after a certificate reload, which rebuilds the whole secure context.
 */

const workshop = new CertificateWorkshop()
let material: ServerTlsMaterial
let trusting: TlsClientOptions
let server: TestServer
beforeAll(async () => {
  const ca = workshop.authority('ca')
  const pair = workshop.issue(ca, 'server', 'server')
  material = { cert: pair.cert, key: pair.key, ca: null }
  trusting = { ca: ca.cert }
  server = await startTestServer({ tls: material })
})
afterAll(async () => {
  await server.close()
  workshop.cleanup()
})

/**
 * What a TLS 1.2 client offering only `suite` gets: the suite agreed, or the refusal. The client
 * offers it at OpenSSL's security level 0: the OpenSSL of Node.js 24 keeps CCM8 below its default
 * level and would not offer it at all, which would test the client rather than the server.
 */
async function tls12With(suite: string): Promise<string> {
  const client = { ...trusting, maxVersion: 'TLSv1.2' as const, ciphers: `${suite}:@SECLEVEL=0` }
  try {
    const reply = await httpsRequest(`${server.url}/healthz`, client)
    return `${reply.protocol} ${reply.socket.getCipher().name}`
  } catch {
    return refusal(`${server.url}/healthz`, client)
  }
}

/** The server's alert when no suite is shared, as the client's OpenSSL reports it. */
const HANDSHAKE_FAILURE = /^EPROTO: .*alert handshake failure/

const REFUSED = [
  'ECDHE-ECDSA-AES128-SHA', // CBC with SHA-1
  'ECDHE-ECDSA-AES256-SHA', // CBC with SHA-1
  'ECDHE-ECDSA-AES128-SHA256', // CBC with SHA-256
  'ECDHE-ECDSA-AES128-CCM8',
  'ECDHE-ECDSA-AES128-CCM',
]
const AGREED = [
  'ECDHE-ECDSA-AES128-GCM-SHA256',
  'ECDHE-ECDSA-AES256-GCM-SHA384',
  'ECDHE-ECDSA-CHACHA20-POLY1305',
]

describe('the HTTPS port’s cipher suites', () => {
  it('offers under TLS 1.2 only ECDHE with AES-GCM or ChaCha20-Poly1305, in Go’s order of preference', () => {
    expect(TLS12_CIPHERS).toEqual([
      'ECDHE-ECDSA-AES128-GCM-SHA256',
      'ECDHE-RSA-AES128-GCM-SHA256',
      'ECDHE-ECDSA-AES256-GCM-SHA384',
      'ECDHE-RSA-AES256-GCM-SHA384',
      'ECDHE-ECDSA-CHACHA20-POLY1305',
      'ECDHE-RSA-CHACHA20-POLY1305',
    ])
  })

  it.each(REFUSED)('refuses a TLS 1.2 client that offers only %s', async (suite) => {
    expect(await tls12With(suite)).toMatch(HANDSHAKE_FAILURE)
  })

  it.each(AGREED)('agrees %s with a TLS 1.2 client that offers only it', async (suite) => {
    expect(await tls12With(suite)).toBe(`TLSv1.2 ${suite}`)
  })

  it('speaks TLS 1.3 with its default suites, ChaCha20-Poly1305 among them', async () => {
    const client = {
      ...trusting,
      minVersion: 'TLSv1.3' as const,
      ciphers: 'TLS_CHACHA20_POLY1305_SHA256',
    }
    const reply = await httpsRequest(`${server.url}/healthz`, client)
    expect(`${reply.protocol} ${reply.socket.getCipher().name}`).toBe(
      'TLSv1.3 TLS_CHACHA20_POLY1305_SHA256'
    )
    expect((await httpsRequest(`${server.url}/healthz`, trusting)).protocol).toBe('TLSv1.3')
  })

  it('keeps the same suites after a certificate reload', async () => {
    server.running.reloadTls(material)
    expect(await tls12With('ECDHE-ECDSA-AES128-SHA')).toMatch(HANDSHAKE_FAILURE)
    expect(await tls12With('ECDHE-ECDSA-CHACHA20-POLY1305')).toBe(
      'TLSv1.2 ECDHE-ECDSA-CHACHA20-POLY1305'
    )
  })
})
