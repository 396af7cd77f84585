import type { ServerOptions } from 'node:https'
import type { SecureContextOptions } from 'node:tls'

/**
 * What the HTTPS server is built from: PEM bytes, never file names. src/config reads and
 * watches the files; the server only receives their contents.
 */
export interface ServerTlsMaterial {
  readonly cert: Buffer
  readonly key: Buffer
  /** Client CA bundle: set means every client must present a certificate it signed. */
  readonly ca: Buffer | null
}

export type Transport = 'http' | 'https' | 'mutual-tls'

/**
 * The TLS 1.2 suites offered: ECDHE key exchange (forward secrecy) with an AEAD cipher only,
 * AES-GCM or ChaCha20-Poly1305, in the order of Go's crypto/tls preference
 * (cipherSuitesPreferenceOrder), so kube-scheduler's Go client always finds one. No CBC with
 * SHA-1 or SHA-2 (padding oracles), no CCM or CCM8, no RSA key exchange. Naming no TLS 1.3 suite
 * leaves OpenSSL's TLS 1.3 defaults (AES-GCM, ChaCha20-Poly1305) in place.
 */
export const TLS12_CIPHERS = [
  'ECDHE-ECDSA-AES128-GCM-SHA256',
  'ECDHE-RSA-AES128-GCM-SHA256',
  'ECDHE-ECDSA-AES256-GCM-SHA384',
  'ECDHE-RSA-AES256-GCM-SHA384',
  'ECDHE-ECDSA-CHACHA20-POLY1305',
  'ECDHE-RSA-CHACHA20-POLY1305',
] as const

/**
 * The oldest protocol accepted. TLS 1.0 and 1.1 are deprecated (RFC 8996); kube-scheduler's Go
 * client speaks 1.2 and 1.3.
 */
export const MIN_TLS_VERSION = 'TLSv1.2'

/**
 * How long an accepted connection may take to finish its TLS handshake before it is destroyed,
 * as a stalled or silent one would otherwise hold a connection slot for good. kube-scheduler's
 * transport gives up on a handshake after 10 s (client-go's SetTransportDefaults takes
 * TLSHandshakeTimeout from Go's http.DefaultTransport), so waiting longer serves no caller; on
 * loopback or a LAN its handshake takes milliseconds.
 */
export const TLS_HANDSHAKE_TIMEOUT_MS = 10_000

export function describeTransport(tls: ServerTlsMaterial | null): Transport {
  if (tls === null) return 'http'
  return tls.ca === null ? 'https' : 'mutual-tls'
}

/**
 * The secure-context part of the options, given whole both at creation and on every reload:
 * `setSecureContext` resets every field it is not given, so a reload passing only cert and key
 * would silently drop the client CA, the minimum version and the cipher list.
 */
export function secureContextOptions(material: ServerTlsMaterial): SecureContextOptions {
  return {
    cert: material.cert,
    key: material.key,
    ...(material.ca === null ? {} : { ca: material.ca }),
    minVersion: MIN_TLS_VERSION,
    ciphers: TLS12_CIPHERS.join(':'),
  }
}

/**
 * With a client CA, a client must present a certificate that chains to it, or the handshake
 * fails before any HTTP is read: requestCert asks for one, rejectUnauthorized refuses a missing
 * or unverifiable one. These two are fixed for the server's life (a reload cannot change them).
 */
export function httpsServerOptions(material: ServerTlsMaterial): ServerOptions {
  const mutual = material.ca !== null
  return {
    ...secureContextOptions(material),
    requestCert: mutual,
    rejectUnauthorized: mutual,
  }
}
