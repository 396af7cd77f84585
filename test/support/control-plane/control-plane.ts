import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CertificateWorkshop } from '../certificates.js'
import { freePort } from '../free-port.js'
import { repositoryRoot, type KubeBinaries } from './binaries.js'
import { KubeApi } from './kube-api.js'
import { ControlPlaneProcess, waitUntilReady } from './processes.js'

/**
 * etcd and kube-apiserver on 127.0.0.1 with free ports, a serving certificate and an admin token
 * made for this run, and, on demand, kube-scheduler with a given configuration. The flags are
 * the ones ../shared/kube/README.md lists for a control plane with no controller-manager and no
 * kubelet.
 */

export interface SchedulerHandle {
  readonly process: ControlPlaneProcess
  readonly configFile: string
  /** Its HTTPS port on 127.0.0.1 (self-signed), where /healthz and /metrics need no token. */
  readonly port: number
  stop(): Promise<void>
}

export class ControlPlane {
  readonly api: KubeApi
  /** A kubeconfig with the admin token, for kube-scheduler and the extender's informer. */
  readonly kubeconfig: string
  readonly #processes: ControlPlaneProcess[] = []
  #schedulers = 0

  private constructor(
    readonly binaries: KubeBinaries,
    readonly dir: string,
    readonly server: string,
    token: string,
    ca: Buffer,
    readonly etcd: ControlPlaneProcess,
    readonly apiserver: ControlPlaneProcess
  ) {
    this.api = new KubeApi(server, token, ca)
    this.kubeconfig = join(dir, 'kubeconfig.json')
    writeFileSync(this.kubeconfig, JSON.stringify(kubeconfigFor(server, token, ca)))
    this.#processes.push(etcd, apiserver)
  }

  /** Starts etcd and kube-apiserver; resolves once the API server is ready and `default` exists. */
  static async start(binaries: KubeBinaries): Promise<ControlPlane> {
    const dir = mkdtempSync(join(tmpdir(), 'taint-extender-control-plane-'))
    const etcd = await startEtcd(binaries, dir)
    const secrets = makeSecrets(dir)
    const securePort = await freePort()
    const apiserver = new ControlPlaneProcess(
      'kube-apiserver',
      binaries.kubeApiserver,
      apiserverArgs(etcd.url, securePort, secrets, dir),
      join(dir, 'kube-apiserver.log')
    )
    const plane = new ControlPlane(
      binaries,
      dir,
      `https://127.0.0.1:${securePort}`,
      secrets.token,
      secrets.ca,
      etcd.process,
      apiserver
    )
    try {
      await waitUntilReady(
        apiserver,
        async () => (await plane.api.request('GET', '/readyz')).status === 200,
        60_000
      )
      await waitUntilReady(
        apiserver,
        async () => (await plane.api.request('GET', '/api/v1/namespaces/default')).status === 200,
        30_000
      )
    } catch (error) {
      await plane.stop({ keepLogs: true })
      throw error
    }
    return plane
  }

  /**
   * Starts kube-scheduler with `config` (a KubeSchedulerConfiguration whose leaderElection and
   * clientConnection.kubeconfig this fills in; other clientConnection fields are kept);
   * resolves once /healthz answers.
   */
  async startScheduler(config: Record<string, unknown>): Promise<SchedulerHandle> {
    const name = `kube-scheduler-${++this.#schedulers}`
    const configFile = join(this.dir, `${name}.json`)
    writeFileSync(
      configFile,
      JSON.stringify({
        apiVersion: 'kubescheduler.config.k8s.io/v1',
        kind: 'KubeSchedulerConfiguration',
        ...config,
        clientConnection: {
          ...(config.clientConnection as Record<string, unknown> | undefined),
          kubeconfig: this.kubeconfig,
        },
        leaderElection: { leaderElect: false },
      })
    )
    const port = await freePort()
    const scheduler = new ControlPlaneProcess(
      name,
      this.binaries.kubeScheduler,
      [
        `--config=${configFile}`,
        '--bind-address=127.0.0.1',
        `--secure-port=${port}`,
        '--authorization-always-allow-paths=/healthz,/readyz,/livez,/metrics',
        `--cert-dir=${join(this.dir, name)}`,
        '--v=2',
      ],
      join(this.dir, `${name}.log`)
    )
    this.#processes.push(scheduler)
    await waitUntilReady(scheduler, () => healthz(port), 30_000)
    return { process: scheduler, configFile, port, stop: () => scheduler.stop() }
  }

  /** Stops every process it started; with `keepLogs`, first copies their logs out of the run. */
  async stop(options: { keepLogs?: boolean } = {}): Promise<void> {
    for (const process of [...this.#processes].reverse()) await process.stop()
    this.api.close()
    if (options.keepLogs === true) keepLogs(this.dir, this.#processes)
    rmSync(this.dir, { recursive: true, force: true })
  }
}

function kubeconfigFor(server: string, token: string, ca: Buffer): object {
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

async function startEtcd(
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

interface Secrets {
  readonly token: string
  readonly ca: Buffer
  readonly certFile: string
  readonly keyFile: string
  readonly tokenFile: string
  readonly serviceAccountKey: string
}

/** The serving certificate, the admin token and the service-account signing key of one run. */
function makeSecrets(dir: string): Secrets {
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

function apiserverArgs(
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

async function healthz(port: number): Promise<boolean> {
  const { request } = await import('node:https')
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/healthz', rejectUnauthorized: false },
      (res) => {
        res.resume()
        resolve(res.statusCode === 200)
      }
    )
    req.on('error', () => resolve(false))
    req.end()
  })
}

/** Copies the run's logs to test-logs/ in the repository, where CI's output points. */
function keepLogs(dir: string, processes: readonly ControlPlaneProcess[]): void {
  const target = join(repositoryRoot(), 'test-logs', `control-plane-${Date.now()}`)
  mkdirSync(target, { recursive: true })
  for (const process of processes) {
    try {
      writeFileSync(join(target, `${process.name}.log`), readFileSync(process.logFile))
    } catch {
      // A process that never wrote a line has no log to keep.
    }
  }
  console.error(`control-plane logs kept in ${target} (from ${dir})`)
}
