import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface KubeconfigOptions {
  /** A bearer token for the user entry; tests can then check it never leaks into messages. */
  readonly token?: string
}

const createdDirs = new Set<string>()
process.once('exit', () => {
  for (const dir of createdDirs) rmSync(dir, { recursive: true, force: true })
})

/**
 * Writes a kubeconfig pointing at `url` into a fresh temp directory and returns its path, so
 * the code under test loads it exactly as it would load a user's. `insecure-skip-tls-verify`
 * is required: client-node 1.4 refuses an `http://` server without it. JSON is valid YAML, and
 * avoids quoting mistakes. The files are removed when the process exits.
 */
export function kubeconfigFor(url: string, options: KubeconfigOptions = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'taint-extender-kubeconfig-'))
  createdDirs.add(dir)
  const path = join(dir, 'kubeconfig')
  const user: Record<string, string> = {}
  if (options.token !== undefined) user.token = options.token
  const config = {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: 'fake', cluster: { server: url, 'insecure-skip-tls-verify': true } }],
    users: [{ name: 'fake', user }],
    contexts: [{ name: 'fake', context: { cluster: 'fake', user: 'fake' } }],
    'current-context': 'fake',
  }
  writeFileSync(path, JSON.stringify(config, null, 2))
  return path
}
