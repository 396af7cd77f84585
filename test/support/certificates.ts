import { execFileSync } from 'node:child_process'
import { X509Certificate } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Certificates made in the test, with the `openssl` command line: Node can parse X.509 but not
 * issue it. Without openssl the TLS suites fail with a message saying so; they never skip, so a
 * host missing it cannot pass the TLS tests by not running them.
 */

export interface KeyPair {
  readonly certFile: string
  readonly keyFile: string
  readonly cert: Buffer
  readonly key: Buffer
  /** Hex, upper case, as X509Certificate and TLSSocket.getPeerCertificate() spell it. */
  readonly serialNumber: string
}

export type Usage = 'server' | 'client'

function openssl(args: string[], cwd: string): void {
  try {
    execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] })
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: Buffer }
    if (e.code === 'ENOENT') {
      throw new Error('the TLS tests need the openssl command line (apt-get install openssl)', {
        cause: err,
      })
    }
    throw new Error(`openssl ${args[0]} failed: ${e.stderr?.toString() ?? e.message}`, {
      cause: err,
    })
  }
}

function keyPairAt(dir: string, name: string): KeyPair {
  const certFile = join(dir, `${name}.crt`)
  const keyFile = join(dir, `${name}.key`)
  const cert = readFileSync(certFile)
  return {
    certFile,
    keyFile,
    cert,
    key: readFileSync(keyFile),
    serialNumber: new X509Certificate(cert).serialNumber,
  }
}

const EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes']

/** A scratch directory of certificates, removed by `cleanup()`. */
export class CertificateWorkshop {
  readonly dir = mkdtempSync(join(tmpdir(), 'taint-extender-tls-'))
  #serial = 0x1000 + Math.floor(Math.random() * 0xffff)

  /** A self-signed CA. */
  authority(name: string): KeyPair {
    openssl(
      [
        'req',
        '-x509',
        ...EC_KEY,
        '-keyout',
        `${name}.key`,
        '-out',
        `${name}.crt`,
        '-subj',
        `/CN=${name}`,
        '-days',
        '2',
        '-addext',
        'basicConstraints=critical,CA:TRUE',
        '-addext',
        'keyUsage=critical,keyCertSign,cRLSign',
      ],
      this.dir
    )
    return keyPairAt(this.dir, name)
  }

  /**
   * A leaf signed by `ca`, each with a new serial number, valid for `days`. A server
   * certificate names 127.0.0.1 and localhost, the addresses the tests connect to; a client one
   * carries `subjectAltNames` (OpenSSL's form, `DNS:name`, `IP:address`) when given.
   */
  issue(
    ca: KeyPair,
    name: string,
    usage: Usage,
    days = 2,
    subjectAltNames: readonly string[] = []
  ): KeyPair {
    openssl(
      [
        'req',
        '-new',
        ...EC_KEY,
        '-keyout',
        `${name}.key`,
        '-out',
        `${name}.csr`,
        '-subj',
        `/CN=${name}`,
      ],
      this.dir
    )
    const extensions = [
      'basicConstraints=critical,CA:FALSE',
      'keyUsage=critical,digitalSignature',
      `extendedKeyUsage=${usage === 'server' ? 'serverAuth' : 'clientAuth'}`,
      ...(usage === 'server' ? ['subjectAltName=IP:127.0.0.1,DNS:localhost'] : []),
      ...(subjectAltNames.length > 0 ? [`subjectAltName=${subjectAltNames.join(',')}`] : []),
    ]
    writeFileSync(join(this.dir, `${name}.ext`), extensions.join('\n') + '\n')
    this.#serial += 1
    openssl(
      [
        'x509',
        '-req',
        '-in',
        `${name}.csr`,
        '-CA',
        ca.certFile,
        '-CAkey',
        ca.keyFile,
        '-set_serial',
        `0x${this.#serial.toString(16)}`,
        '-days',
        String(days),
        '-extfile',
        `${name}.ext`,
        '-out',
        `${name}.crt`,
      ],
      this.dir
    )
    return keyPairAt(this.dir, name)
  }

  cleanup(): void {
    rmSync(this.dir, { recursive: true, force: true })
  }
}
