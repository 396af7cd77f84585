import { spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CertificateWorkshop } from '../support/certificates.js'
import { FakeApiServer } from '../support/fake-apiserver.js'
import { freePort } from '../support/free-port.js'
import { CLI, cli, cliAsync } from './run-cli.js'
import { FIXTURES, tempFile } from './run-tool.js'

/**
 * How the tools word a cluster they cannot use, through the built executable: a kubeconfig that
 * cannot be read or names a certificate that is not there (the user's files: exit 2), and an
 * API server that cannot be reached or not trusted (exit 3), each in words as kubectl says them
 * rather than as Node's errno or node-fetch's text.
 */
const POD = `${FIXTURES}pod-web.yaml`
const EXPLAIN = ['explain', 'picky', '-n', 'lab']
/** Node's errno codes and node-fetch's wording; checked with the test's own paths taken out. */
const NO_RAW_TEXT = /\bE[A-Z]{4,}\b|request to|reason:|open '/

/** A kubeconfig for `server` with extra cluster and user fields (kubeconfig spelling). */
function kubeconfig(server: string, clusterFields = {}, userFields = {}): string {
  const config = {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: 'lab', cluster: { server, ...clusterFields } }],
    users: [{ name: 'me', user: userFields }],
    contexts: [{ name: 'lab', context: { cluster: 'lab', user: 'me' } }],
    'current-context': 'lab',
  }
  return tempFile('kubeconfig', JSON.stringify(config))
}

const AS_NOBODY_WHEN_ROOT = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {}

/** Whether the user the test runs the executable as can run it at all. */
function modeCanBeTried(): boolean {
  const probe = spawnSync(process.execPath, [CLI, 'version'], {
    cwd: tmpdir(),
    encoding: 'utf8',
    ...AS_NOBODY_WHEN_ROOT,
  })
  return probe.status === 0
}

describe('a kubeconfig that cannot be read', () => {
  const dir = mkdtempSync(join(tmpdir(), 'taint-extender-kubeconfig-dir-'))

  it.each([
    [
      '--kubeconfig naming a directory',
      ['--kubeconfig', dir],
      {},
      `cannot read kubeconfig ${dir}: it is a directory`,
    ],
    [
      'KUBECONFIG naming a directory',
      [],
      { KUBECONFIG: dir },
      `cannot read kubeconfig ${dir}: it is a directory`,
    ],
    [
      '--kubeconfig naming no file',
      ['--kubeconfig', '/nowhere/config'],
      {},
      '--kubeconfig: no file at /nowhere/config',
    ],
  ])('%s exits 2 with the reason in words', (_name, flags, env, message) => {
    const result = cli([...EXPLAIN, ...flags], env)
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr.split('\n')[0]).toBe(`taint-extender explain: ${message}`)
    // The temporary folder's random name may hold capitals such as `EKORH`.
    expect(result.stderr.replaceAll(dir, '<dir>')).not.toMatch(NO_RAW_TEXT)
  })

  // root reads any file, so the mode is tried as nobody; that needs a checkout nobody may read
  // (a clone in a private temporary folder is not). Elsewhere readFailureText's own table
  // (test/core/read-failure.test.ts) holds the words.
  it.skipIf(!modeCanBeTried())('one the user may not read exits 2 with "permission denied"', () => {
    const dir = mkdtempSync(join(tmpdir(), 'taint-extender-kubeconfig-mode-'))
    chmodSync(dir, 0o755)
    writeFileSync(join(dir, 'kubeconfig'), readFileSync(kubeconfig('http://127.0.0.1:1')))
    chmodSync(join(dir, 'kubeconfig'), 0o000)
    // Started in the kubeconfig's folder and given the name alone, so that no folder above,
    // which nobody may not enter, decides instead.
    const result = spawnSync(process.execPath, [CLI, ...EXPLAIN, '--kubeconfig', 'kubeconfig'], {
      cwd: dir,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent' },
      ...AS_NOBODY_WHEN_ROOT,
    })
    expect(result.stderr).toBe(
      'taint-extender explain: cannot read kubeconfig kubeconfig: permission denied\n'
    )
    expect(result.status).toBe(2)
  })
})

describe('a kubeconfig naming a certificate file that is not there', () => {
  it.each([
    ['certificate-authority', { 'certificate-authority': '/nowhere/ca.crt' }, {}, 'cluster "lab"'],
    [
      'client-certificate',
      { 'insecure-skip-tls-verify': true },
      { 'client-certificate': '/nowhere/me.crt', 'client-key': '/nowhere/me.key' },
      'user "me"',
    ],
  ])(
    'its %s exits 2 (the user’s file, not the cluster), naming the kubeconfig, the field and the file',
    (field, clusterFields, userFields, owner) => {
      const path = kubeconfig('https://127.0.0.1:1', clusterFields, userFields)
      const file = `/nowhere/${field === 'certificate-authority' ? 'ca' : 'me'}.crt`
      expect(cli([...EXPLAIN, '--kubeconfig', path])).toEqual({
        code: 2,
        stdout: '',
        stderr: `taint-extender explain: kubeconfig ${path}: ${field} ${file} of ${owner}: no such file\n`,
      })
    }
  )

  it('its client-key alone exits 2 the same way', () => {
    const key = tempFile('me.crt', 'not read as a certificate here')
    const path = kubeconfig(
      'https://127.0.0.1:1',
      { 'insecure-skip-tls-verify': true },
      { 'client-certificate': key, 'client-key': '/nowhere/me.key' }
    )
    expect(
      cli(['forecast', '--taint', 'k=v:NoExecute', '--node', 'n', '--kubeconfig', path])
    ).toEqual({
      code: 2,
      stdout: '',
      stderr: `taint-extender forecast: kubeconfig ${path}: client-key /nowhere/me.key of user "me": no such file\n`,
    })
  })
})

describe('an API server that cannot be reached', () => {
  it.each([
    ['explain POD', EXPLAIN],
    ['explain --pod FILE (listing nodes)', ['explain', '--pod', POD]],
    ['forecast', ['forecast', '--taint', 'k=v:NoExecute', '--node', 'n']],
  ])('%s exits 3 saying the connection was refused, as kubectl does', async (_name, args) => {
    const port = await freePort()
    const server = `https://127.0.0.1:${port}`
    const result = cli([...args, '--kubeconfig', kubeconfig(server)])
    const command = args[0] as string
    expect(result).toEqual({
      code: 3,
      stdout: '',
      stderr: `taint-extender ${command}: cannot reach the API server at ${server}: connection refused\n`,
    })
  })
})

describe('an API server whose certificate the kubeconfig does not trust', () => {
  const workshop = new CertificateWorkshop()
  let server: Server
  let url: string
  let authority: string

  beforeAll(async () => {
    const ca = workshop.authority('lab-ca')
    authority = ca.certFile
    const leaf = workshop.issue(ca, 'apiserver', 'server')
    server = createServer({ cert: leaf.cert, key: leaf.key }, (_req, res) => res.end('{}'))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
    workshop.cleanup()
  })

  it('exits 3 saying the certificate is not trusted, and why', async () => {
    const result = await cliAsync([...EXPLAIN, '--kubeconfig', kubeconfig(url)])
    expect(result).toEqual({
      code: 3,
      stdout: '',
      stderr: `taint-extender explain: cannot reach the API server at ${url}: the server's certificate is not trusted: unable to verify the first certificate\n`,
    })
  })

  it('is trusted once the kubeconfig names its authority, so the refusal was about trust', async () => {
    const result = await cliAsync([
      ...EXPLAIN,
      '--kubeconfig',
      kubeconfig(url, { 'certificate-authority': authority }),
    ])
    expect(result.stderr).not.toMatch(/not trusted/)
  })
})

describe('a cluster that answers', () => {
  let api: FakeApiServer
  let locked: FakeApiServer

  beforeAll(async () => {
    api = await FakeApiServer.start()
    api.addNode({
      name: 'general-1',
      labels: { pool: 'general' },
      taints: [],
      unschedulable: false,
    })
    locked = await FakeApiServer.start({ token: 'right' })
  })
  afterAll(async () => {
    await api.close()
    await locked.close()
  })

  it.each([
    [
      '--node names nodes it does not have',
      ['--node', 'nosuch', '--node', 'gone'],
      'no node named "nosuch", "gone" in the cluster',
    ],
    [
      '--selector matches none of its nodes',
      ['--selector', 'pool=gpu'],
      'no node in the cluster matches "pool=gpu"',
    ],
  ])('forecast exits 2 when %s, saying so of the cluster', async (_name, flags, message) => {
    const result = await cliAsync([
      'forecast',
      '--taint',
      'k=v:NoExecute',
      ...flags,
      '--kubeconfig',
      kubeconfig(api.url),
    ])
    expect(result.code).toBe(2)
    expect(result.stderr.split('\n')[0]).toBe(`taint-extender forecast: ${message}`)
  })

  it("a refused token exits 3, said in kubectl's words for a 401 with the Status message, and nothing after it", async () => {
    const result = await cliAsync(['explain', '--pod', POD, '--kubeconfig', kubeconfig(locked.url)])
    expect(result.code).toBe(3)
    expect(result.stderr).toBe(
      'taint-extender explain: error: You must be logged in to the server (Unauthorized)\n'
    )
  })
})
