import { afterAll, beforeAll, expect, it } from 'vitest'
import { CertificateWorkshop, type KeyPair } from '../support/certificates.js'
import { describeWithControlPlane } from '../support/control-plane/index.js'
import {
  createNamespace,
  extenderEntry,
  profile,
  waitForOutcomes,
} from '../support/control-plane/scheduling.js'
import { eventually } from '../support/eventually.js'
import { startService, type ServiceProcess } from '../support/process.js'

/**
 * The verbs authenticated end to end as the recommended deployment has them: the real
 * kube-scheduler calls the real server over mutual TLS with its extender `tlsConfig` (caFile,
 * certFile, keyFile, as scheduler-config/https.yaml and the chart's second scheduler write it).
 * With a client certificate the extender's CA signed, its pods are placed; with one another CA
 * signed, every filter call is refused at the handshake and its pods stay Pending.
 */
const NODE = {
  metadata: { name: 'worker-1', labels: { 'kubernetes.io/hostname': 'worker-1' } },
  spec: {},
  status: {
    capacity: { cpu: '8', memory: '16Gi', pods: '110' },
    allocatable: { cpu: '8', memory: '16Gi', pods: '110' },
    conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'ready' }],
  },
}

const pod = (schedulerName: string): Record<string, unknown> => ({
  metadata: { name: 'web' },
  spec: { schedulerName, containers: [{ name: 'c', image: 'registry.k8s.io/pause:3.9' }] },
})

describeWithControlPlane('kube-scheduler calling the extender over mutual TLS', (plane) => {
  let workshop: CertificateWorkshop
  let ca: KeyPair
  let extender: ServiceProcess

  beforeAll(async () => {
    workshop = new CertificateWorkshop()
    ca = workshop.authority('extender-ca')
    const serving = workshop.issue(ca, 'taint-extender', 'server')
    extender = await startService([
      '--port=0',
      '--probe-port=0',
      `--kubeconfig=${plane().kubeconfig}`,
      `--tls-cert-file=${serving.certFile}`,
      `--tls-private-key-file=${serving.keyFile}`,
      `--client-ca-file=${ca.certFile}`,
    ])
    await plane().api.create('/api/v1/nodes', NODE)
    await eventually(async () => {
      const res = await fetch(`http://127.0.0.1:${extender.probePort ?? 0}/readyz`)
      expect(res.status).toBe(200)
    })
  }, 60_000)

  afterAll(() => {
    extender?.child.kill('SIGTERM')
    workshop?.cleanup()
  })

  /** The pod's outcome under a kube-scheduler presenting `client`, in a namespace of its own. */
  async function outcomeWith(name: string, client: KeyPair): Promise<unknown> {
    const api = plane().api
    await createNamespace(api, name)
    const scheduler = await plane().startScheduler({
      profiles: [profile(name, true)],
      extenders: [
        {
          ...extenderEntry({
            port: extender.port,
            nodeCacheCapable: true,
            verbs: ['filter'],
            scheme: 'https',
            tlsConfig: { caFile: ca.certFile, certFile: client.certFile, keyFile: client.keyFile },
          }),
          enableHTTPS: true,
        },
      ],
    })
    try {
      await api.create(`/api/v1/namespaces/${name}/pods`, pod(name))
      return (await waitForOutcomes(api, name, ['web'])).get('web')
    } finally {
      await scheduler.stop()
    }
  }

  it('places the pod of a kube-scheduler whose client certificate the extender’s CA signed', async () => {
    const client = workshop.issue(ca, 'kube-scheduler', 'client')
    expect(await outcomeWith('signed-client', client)).toEqual({ bound: true, node: 'worker-1' })
  }, 90_000)

  it('leaves Pending the pod of a kube-scheduler whose client certificate another CA signed', async () => {
    const stranger = workshop.authority('another-ca')
    const client = workshop.issue(stranger, 'kube-scheduler', 'client')
    const outcome = (await outcomeWith('foreign-client', client)) as {
      bound: boolean
      message?: string
    }
    expect(outcome.bound).toBe(false)
    // kube-scheduler reports the failed extender call (ignorable: false), not a node verdict.
    expect(outcome.message).toMatch(/Post "https:\/\/127\.0\.0\.1:\d+\/filter"/)
  }, 90_000)
})
