import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../free-port.js'
import {
  apiserverArgs,
  kubeconfigFor,
  makeSecrets,
  startEtcd,
  type Secrets,
} from './apiserver-setup.js'
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
  readonly #apiserverArgs: readonly string[]
  #apiserver: ControlPlaneProcess
  #schedulers = 0

  private constructor(
    readonly binaries: KubeBinaries,
    readonly dir: string,
    readonly server: string,
    readonly secrets: Secrets,
    readonly etcd: ControlPlaneProcess,
    apiserverArgs: readonly string[]
  ) {
    const { token, ca } = secrets
    this.api = new KubeApi(server, token, ca)
    this.kubeconfig = join(dir, 'kubeconfig.json')
    writeFileSync(this.kubeconfig, JSON.stringify(kubeconfigFor(server, token, ca)))
    this.#apiserverArgs = apiserverArgs
    // Stopped in reverse: every kube-apiserver before etcd.
    this.#processes.push(etcd)
    this.#apiserver = this.#spawnApiserver()
  }

  /** The running kube-apiserver: a new process after each startApiserver(). */
  get apiserver(): ControlPlaneProcess {
    return this.#apiserver
  }

  /** Starts etcd and kube-apiserver; resolves once the API server is ready and `default` exists. */
  static async start(binaries: KubeBinaries): Promise<ControlPlane> {
    const dir = mkdtempSync(join(tmpdir(), 'taint-extender-control-plane-'))
    const etcd = await startEtcd(binaries, dir)
    const secrets = makeSecrets(dir)
    const securePort = await freePort()
    const plane = new ControlPlane(
      binaries,
      dir,
      `https://127.0.0.1:${securePort}`,
      secrets,
      etcd.process,
      apiserverArgs(etcd.url, securePort, secrets, dir)
    )
    try {
      await plane.#apiserverReady()
      await waitUntilReady(
        plane.apiserver,
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
   * Stops kube-apiserver (SIGTERM, as a rolling restart would; `{ kill: true }` for SIGKILL, as
   * a crash would). etcd keeps running with every object; startApiserver() brings it back.
   */
  async stopApiserver(options: { kill?: boolean } = {}): Promise<void> {
    if (options.kill === true) await this.#apiserver.kill()
    else await this.#apiserver.stop()
  }

  /**
   * Starts kube-apiserver again on the same port, with the same etcd, certificates and token
   * (its log appended to the same file); resolves once /readyz answers 200.
   */
  async startApiserver(): Promise<void> {
    if (!this.#apiserver.exited) throw new Error('kube-apiserver is still running')
    this.#apiserver = this.#spawnApiserver()
    await this.#apiserverReady()
  }

  #spawnApiserver(): ControlPlaneProcess {
    const apiserver = new ControlPlaneProcess(
      'kube-apiserver',
      this.binaries.kubeApiserver,
      this.#apiserverArgs,
      join(this.dir, 'kube-apiserver.log')
    )
    this.#processes.push(apiserver)
    return apiserver
  }

  #apiserverReady(): Promise<void> {
    return waitUntilReady(
      this.#apiserver,
      async () => (await this.api.request('GET', '/readyz')).status === 200,
      60_000
    )
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

  /**
   * Starts another process of the control plane (kube-controller-manager), its log beside the
   * others' and stopped with them, before kube-apiserver and etcd.
   */
  startProcess(name: string, binary: string, args: readonly string[]): ControlPlaneProcess {
    const process = new ControlPlaneProcess(name, binary, args, join(this.dir, `${name}.log`))
    this.#processes.push(process)
    return process
  }

  /** Stops every process it started; with `keepLogs`, first copies their logs out of the run. */
  async stop(options: { keepLogs?: boolean } = {}): Promise<void> {
    for (const process of [...this.#processes].reverse()) await process.stop()
    this.api.close()
    if (options.keepLogs === true) keepLogs(this.dir, this.#processes)
    rmSync(this.dir, { recursive: true, force: true })
  }
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
