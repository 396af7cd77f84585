import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { ConfigError } from './config-error.js'
import type { TlsFiles } from './tls-flags.js'

/** The PEM bytes the HTTPS server is built from, checked to parse and to belong together. */
export interface TlsMaterial {
  readonly cert: Buffer
  readonly key: Buffer
  /** Client CA bundle: set means mutual TLS. */
  readonly ca: Buffer | null
  /** What to log about the serving certificate; never the key. */
  readonly summary: CertificateSummary
}

export interface CertificateSummary {
  readonly subject: string
  readonly serialNumber: string
  readonly validTo: string
}

/** The three files' bytes as one poll read them; `ca` null when no client CA is configured. */
export interface RawFiles {
  readonly cert: Buffer
  readonly key: Buffer
  readonly ca: Buffer | null
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g

/** Every certificate in a PEM bundle; ConfigError naming the file when there is none or one is bad. */
function certificatesIn(pem: Buffer, flag: string, path: string): X509Certificate[] {
  const blocks = pem.toString('utf8').match(PEM_CERTIFICATE) ?? []
  if (blocks.length === 0) {
    throw new ConfigError(`--${flag}: ${path} holds no PEM certificate`)
  }
  return blocks.map((block, i) => {
    try {
      return new X509Certificate(block)
    } catch (err) {
      throw new ConfigError(
        `--${flag}: certificate ${i + 1} in ${path} does not parse: ${(err as Error).message}`
      )
    }
  })
}

function privateKeyIn(pem: Buffer, path: string): KeyObject {
  try {
    return createPrivateKey(pem)
  } catch (err) {
    throw new ConfigError(
      `--tls-private-key-file: ${path} is not a PEM private key: ${(err as Error).message}`
    )
  }
}

/**
 * Checks the bytes the way the TLS stack would use them, so a bad file is refused at start with
 * a message naming it, and a half-rotated pair (new certificate, old key) is never served.
 */
export function parseTlsMaterial(files: TlsFiles, raw: RawFiles): TlsMaterial {
  const [leaf] = certificatesIn(raw.cert, 'tls-cert-file', files.certFile)
  const key = privateKeyIn(raw.key, files.keyFile)
  if (leaf === undefined || !leaf.checkPrivateKey(key)) {
    throw new ConfigError(
      `--tls-private-key-file: ${files.keyFile} is not the key of the first certificate in ${files.certFile}`
    )
  }
  if (raw.ca !== null && files.clientCaFile !== null) {
    certificatesIn(raw.ca, 'client-ca-file', files.clientCaFile)
  }
  return {
    cert: raw.cert,
    key: raw.key,
    ca: raw.ca,
    summary: { subject: leaf.subject, serialNumber: leaf.serialNumber, validTo: leaf.validTo },
  }
}

function readOrFail(flag: string, path: string): Buffer {
  try {
    return readFileSync(path)
  } catch (err) {
    throw new ConfigError(`--${flag}: cannot read ${path}: ${(err as Error).message}`)
  }
}

/** Reads and checks the files once, at start; throws ConfigError naming the file at fault. */
export function readTlsMaterial(files: TlsFiles): TlsMaterial {
  return parseTlsMaterial(files, {
    cert: readOrFail('tls-cert-file', files.certFile),
    key: readOrFail('tls-private-key-file', files.keyFile),
    ca: files.clientCaFile === null ? null : readOrFail('client-ca-file', files.clientCaFile),
  })
}
