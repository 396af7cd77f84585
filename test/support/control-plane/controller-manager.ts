import { request } from 'node:https'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { freePort } from '../free-port.js'
import type { ControlPlane } from './control-plane.js'
import { waitUntilReady, type ControlPlaneProcess } from './processes.js'

/**
 * kube-controller-manager beside a test's kube-apiserver, with the flags ../shared/kube/README.md
 * gives for nodes without a kubelet: node-monitor-grace-period long enough that no node turns
 * Unknown (and so no `unreachable:NoExecute` taint evicts everything), the cloud controllers off,
 * flex volumes in the run's own folder. Its taint manager, ReplicaSet, StatefulSet, DaemonSet,
 * Job and disruption controllers act as in a cluster.
 */

/** The controllers a test of evictions waits for before it creates workloads. */
const AWAITED = [
  'replicaset-controller',
  'deployment-controller',
  'statefulset-controller',
  'daemonset-controller',
  'job-controller',
  'disruption-controller',
  'node-lifecycle-controller',
]

export async function startControllerManager(
  plane: ControlPlane,
  binary: string
): Promise<ControlPlaneProcess> {
  const caFile = join(plane.dir, 'secrets', 'controller-manager-ca.crt')
  writeFileSync(caFile, plane.secrets.ca)
  const pluginDir = join(plane.dir, 'flex-volumes')
  mkdirSync(pluginDir)
  const port = await freePort()
  const process = plane.startProcess('kube-controller-manager', binary, [
    `--kubeconfig=${plane.kubeconfig}`,
    '--bind-address=127.0.0.1',
    `--secure-port=${port}`,
    `--cert-dir=${join(plane.dir, 'controller-manager-certs')}`,
    '--authorization-always-allow-paths=/healthz,/readyz,/livez,/metrics',
    '--leader-elect=false',
    '--use-service-account-credentials=false',
    `--service-account-private-key-file=${plane.secrets.serviceAccountKey}`,
    `--root-ca-file=${caFile}`,
    `--flex-volume-plugin-dir=${pluginDir}`,
    '--controllers=*,-service-lb-controller,-cloud-node-lifecycle-controller,-node-route-controller',
    '--node-monitor-grace-period=24h',
  ])
  await waitUntilReady(process, () => controllersReady(port), 30_000)
  return process
}

/** Whether /healthz?verbose lists every awaited controller as ok. */
function controllersReady(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/healthz?verbose', rejectUnauthorized: false },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve(AWAITED.every((c) => text.includes(`[+]${c} ok`))))
      }
    )
    req.on('error', () => resolve(false))
    req.end()
  })
}
