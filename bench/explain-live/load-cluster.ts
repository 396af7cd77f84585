/**
 * Filling kube-apiserver with the benchmark's cluster: namespaces, nodes, then the placed pods
 * and the probe, with IN_FLIGHT creations at a time over several keep-alive clients (one
 * client's agent holds 16 sockets). 150,000 pods take minutes; a line on stderr every 10,000.
 */
import { KubeApi } from '../../test/support/control-plane/kube-api.js'
import { progress } from '../http-phase.js'
import { forEachConcurrently } from '../scheduler/concurrently.js'
import {
  benchNode,
  benchPod,
  namespaceName,
  NAMESPACES,
  probePod,
  PROBE,
} from './cluster-objects.js'
import { credentialsOf } from './kubeconfig.js'

const IN_FLIGHT = 48
const SOCKETS_PER_CLIENT = 16

/** Clients for the kubeconfig's API server and token, enough for IN_FLIGHT sockets. */
function clientsFor(kubeconfig: string): KubeApi[] {
  const { server, ca, token } = credentialsOf(kubeconfig)
  const count = Math.ceil(IN_FLIGHT / SOCKETS_PER_CLIENT)
  return Array.from({ length: count }, () => new KubeApi(server, token, ca))
}

async function createAll(
  clients: readonly KubeApi[],
  count: number,
  path: (i: number) => string,
  object: (i: number) => unknown,
  report?: (done: number) => void
): Promise<void> {
  let done = 0
  await forEachConcurrently(0, count, IN_FLIGHT, async (i) => {
    const client = clients[i % clients.length] as KubeApi
    await client.create(path(i), object(i))
    if (++done % 10_000 === 0) report?.(done)
  })
}

/** Creates the whole cluster; resolves with the seconds it took. */
export async function loadCluster(
  kubeconfig: string,
  nodes: number,
  pods: number
): Promise<number> {
  const started = performance.now()
  const clients = clientsFor(kubeconfig)
  try {
    await createAll(
      clients,
      NAMESPACES,
      () => '/api/v1/namespaces',
      (i) => ({
        metadata: { name: namespaceName(i) },
      })
    )
    await createAll(clients, nodes, () => '/api/v1/nodes', benchNode)
    progress(`${nodes} nodes created; creating ${pods} pods, ${IN_FLIGHT} at a time`)
    const seconds = () => Math.round((performance.now() - started) / 1000)
    await createAll(
      clients,
      pods,
      (k) => `/api/v1/namespaces/${namespaceName(k % NAMESPACES)}/pods`,
      (k) => benchPod(k, nodes),
      (done) => progress(`${done} pods created (${seconds()} s)`)
    )
    const [first] = clients
    await first?.create(`/api/v1/namespaces/${PROBE.namespace}/pods`, probePod())
  } finally {
    for (const client of clients) client.close()
  }
  return (performance.now() - started) / 1000
}
