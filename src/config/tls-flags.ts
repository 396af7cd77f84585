import { ConfigError } from './config-error.js'

/** The TLS flags: which files make HTTPS and mutual TLS, and the client names it admits. */

/** Files for HTTPS; `clientCaFile` set means mutual TLS (client certificates required). */
export interface TlsFiles {
  readonly certFile: string
  readonly keyFile: string
  readonly clientCaFile: string | null
}

export function pickTls(
  values: Map<string, string>,
  fileExists: (path: string) => boolean
): TlsFiles | null {
  const certFile = values.get('tls-cert-file') ?? ''
  const keyFile = values.get('tls-private-key-file') ?? ''
  const clientCaFile = values.get('client-ca-file') ?? ''
  if (certFile === '' && keyFile === '') {
    if (clientCaFile !== '')
      throw new ConfigError('--client-ca-file needs --tls-cert-file and --tls-private-key-file')
    return null
  }
  if (certFile === '' || keyFile === '') {
    throw new ConfigError('--tls-cert-file and --tls-private-key-file go together')
  }
  for (const [flag, path] of [
    ['tls-cert-file', certFile],
    ['tls-private-key-file', keyFile],
    ['client-ca-file', clientCaFile],
  ] as const) {
    if (path !== '' && !fileExists(path)) throw new ConfigError(`--${flag}: no file at ${path}`)
  }
  return { certFile, keyFile, clientCaFile: clientCaFile === '' ? null : clientCaFile }
}

/**
 * --client-name: a comma-separated list, each name trimmed; empty means any certificate the
 * client CA signed. Only a client certificate carries names to check, so it needs
 * --client-ca-file: without it the list would look like a restriction and restrict nothing.
 */
export function pickClientNames(values: Map<string, string>, tls: TlsFiles | null): string[] {
  const text = values.get('client-name')
  if (text === undefined || text.trim() === '') return []
  if (tls?.clientCaFile == null) {
    throw new ConfigError(
      '--client-name needs --client-ca-file: only a client certificate has names'
    )
  }
  const names = text.split(',').map((name) => name.trim())
  if (names.includes('')) throw new ConfigError(`--client-name: an empty name in "${text}"`)
  return names
}
