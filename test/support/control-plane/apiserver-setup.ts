import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { cpSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { CertificateWorkshop } from '../certificates.js'
import { freePort } from '../free-port.js'
import type { KubeBinaries } from './binaries.js'
import { ControlPlaneProcess, waitUntilReady } from './processes.js'

/**
 * What one run's etcd and kube-apiserver are started with: the admin kubeconfig, etcd on free
 * loopback ports, the serving certificate, token and service-account key, and kube-apiserver's
 * flags (../shared/kube/README.md lists them for a control plane with no controller-manager and
 * no kubelet).
 */

export function kubeconfigFor(server: string, token: string, ca: Buffer): object {
  return {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [
      { name: 'test', cluster: { server, 'certificate-authority-data': ca.toString('base64') } },
    ],
    users: [{ name: 'admin', user: { token } }],
    contexts: [{ name: 'test', context: { cluster: 'test', user: 'admin' } }],
    'current-context': 'test',
  }
}

export async function startEtcd(
  binaries: KubeBinaries,
  dir: string
): Promise<{ process: ControlPlaneProcess; url: string }> {
  const [clientPort, peerPort] = [await freePort(), await freePort()]
  const url = `http://127.0.0.1:${clientPort}`
  const peer = `http://127.0.0.1:${peerPort}`
  const process = new ControlPlaneProcess(
    'etcd',
    binaries.etcd,
    [
      `--data-dir=${join(dir, 'etcd')}`,
      `--listen-client-urls=${url}`,
      `--advertise-client-urls=${url}`,
      `--listen-peer-urls=${peer}`,
      `--initial-advertise-peer-urls=${peer}`,
      `--initial-cluster=test=${peer}`,
      '--name=test',
      '--listen-metrics-urls=',
      // A test's etcd needs no fsync guarantees; without them it keeps up on a busy disk.
      '--unsafe-no-fsync',
    ],
    join(dir, 'etcd.log')
  )
  await waitUntilReady(process, async () => (await fetch(`${url}/health`)).ok, 30_000)
  return { process, url }
}

export interface Secrets {
  readonly token: string
  readonly ca: Buffer
  readonly certFile: string
  readonly keyFile: string
  readonly tokenFile: string
  readonly serviceAccountKey: string
}

/** The serving certificate, the admin token and the service-account signing key of one run. */
export function makeSecrets(dir: string): Secrets {
  const workshop = new CertificateWorkshop()
  const authority = workshop.authority('control-plane-ca')
  const serving = workshop.issue(authority, 'kube-apiserver', 'server')
  const secrets = join(dir, 'secrets')
  mkdirSync(secrets)
  cpSync(serving.certFile, join(secrets, 'apiserver.crt'))
  cpSync(serving.keyFile, join(secrets, 'apiserver.key'))
  workshop.cleanup()
  const token = randomBytes(24).toString('hex')
  writeFileSync(join(secrets, 'tokens.csv'), `${token},admin,admin-uid,"system:masters"\n`)
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  writeFileSync(
    join(secrets, 'service-account.key'),
    privateKey.export({ type: 'pkcs8', format: 'pem' })
  )
  return {
    token,
    ca: authority.cert,
    certFile: join(secrets, 'apiserver.crt'),
    keyFile: join(secrets, 'apiserver.key'),
    tokenFile: join(secrets, 'tokens.csv'),
    serviceAccountKey: join(secrets, 'service-account.key'),
  }
}

export function apiserverArgs(
  etcdUrl: string,
  securePort: number,
  secrets: Secrets,
  dir: string
): string[] {
  return [
    `--etcd-servers=${etcdUrl}`,
    '--bind-address=127.0.0.1',
    '--advertise-address=127.0.0.1',
    `--secure-port=${securePort}`,
    `--cert-dir=${join(dir, 'apiserver-certs')}`,
    `--tls-cert-file=${secrets.certFile}`,
    `--tls-private-key-file=${secrets.keyFile}`,
    `--token-auth-file=${secrets.tokenFile}`,
    '--authorization-mode=RBAC',
    '--service-account-issuer=https://kubernetes.default.svc',
    `--service-account-key-file=${secrets.serviceAccountKey}`,
    `--service-account-signing-key-file=${secrets.serviceAccountKey}`,
    '--service-cluster-ip-range=10.96.0.0/16',
    // No controller-manager runs: no ServiceAccount controller makes `default` accounts, and
    // nothing would lift the not-ready taint TaintNodesByCondition puts on every new node.
    '--disable-admission-plugins=ServiceAccount,TaintNodesByCondition',
    // A loopback advertise address is not a valid endpoint.
    '--endpoint-reconciler-type=none',
    '--profiling=false',
  ]
}
