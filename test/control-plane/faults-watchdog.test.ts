import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeWithControlPlane } from '../support/control-plane/index.js'
import {
  createNamespace,
  extenderEntry,
  profile,
  waitForOutcomes,
} from '../support/control-plane/scheduling.js'
import { eventually } from '../support/eventually.js'
import { FreezableProxy } from '../support/freezable-proxy.js'
import type { ServiceProcess } from '../support/process.js'
import {
  NO_SCHEDULE,
  createPods,
  passedByExtender,
  plainNode,
  since,
  startExtender,
  stopExtender,
} from './fault-support.js'

/**
 * A watch that stops delivering without being closed: the extender reaches the real API server
 * through a loopback TCP proxy that is frozen mid-watch (bytes dropped both ways, both sockets
 * left open, as when a NAT entry or a load balancer forgets a connection). Nothing ends such a
 * watch but the extender's watchdog (`--watchdog-seconds`): it gives up on a watch silent that
 * long and opens a new one from the last resourceVersion, which brings the taint written while
 * the old one was frozen. kube-scheduler, with its in-tree taint plugins disabled and its own
 * connection to the API server, then binds no pod to that node.
 */

const WATCHDOG_SECONDS = 3
const NODES = ['node-1', 'node-2']

describeWithControlPlane('a node watch that stops delivering', (plane) => {
  let proxy: FreezableProxy
  let extender: ServiceProcess

  beforeAll(async () => {
    for (const name of NODES) await plane().api.create('/api/v1/nodes', plainNode(name))
    proxy = await FreezableProxy.start(Number(new URL(plane().server).port))
    const kubeconfig = JSON.parse(readFileSync(plane().kubeconfig, 'utf8')) as {
      clusters: { cluster: { server: string } }[]
    }
    for (const { cluster } of kubeconfig.clusters)
      cluster.server = `https://127.0.0.1:${proxy.port}`
    const throughProxy = join(plane().dir, 'kubeconfig-through-proxy.json')
    writeFileSync(throughProxy, JSON.stringify(kubeconfig))
    extender = await startExtender(throughProxy, 0, [
      '--watchdog-seconds',
      String(WATCHDOG_SECONDS),
    ])
  }, 60_000)

  afterAll(async () => {
    if (extender !== undefined) await stopExtender(extender)
    await proxy?.close()
  })

  it('restarts the frozen watch after the watchdog period and sees the taint written meanwhile; kube-scheduler binds no pod to that node', async () => {
    const api = plane().api
    expect(proxy.connections).toBeGreaterThan(0)
    proxy.freeze()
    const frozeAt = extender.logs.length
    const frozen = performance.now()
    await api.patch('/api/v1/nodes/node-1', { spec: { taints: [NO_SCHEDULE('frozen')] } })

    await eventually(
      async () => expect(await passedByExtender(extender.port, NODES)).toEqual(['node-2']),
      (WATCHDOG_SECONDS + 5) * 1000,
      20
    )
    const seenMs = since(frozen)
    console.info(
      `watch frozen and taint written; in the extender's view ${seenMs} ms later (--watchdog-seconds ${WATCHDOG_SECONDS})`
    )
    const restarts = extender.logs
      .slice(frozeAt)
      .filter((record) => record.msg === 'node watch ended; restarting it')
    expect(restarts).toContainEqual(expect.objectContaining({ end: 'silent' }))

    const namespace = 'watchdog'
    await createNamespace(api, namespace)
    const scheduler = await plane().startScheduler({
      profiles: [profile(namespace, false)],
      extenders: [
        extenderEntry({ port: extender.port, nodeCacheCapable: true, verbs: ['filter'] }),
      ],
    })
    try {
      const pods = await createPods(api, namespace, namespace, 'pod', 4)
      const outcomes = await waitForOutcomes(api, namespace, pods)
      for (const name of pods)
        expect(outcomes.get(name), name).toEqual({ bound: true, node: 'node-2' })
    } finally {
      await scheduler.stop()
    }
  }, 90_000)
})

/**
 * The other side of the watchdog: a healthy watch in a cluster whose nodes do not change. The
 * real kube-apiserver sends such a watch nothing until its timeout, so each watch asks to end
 * before the watchdog's period (src/cluster/watch-timeout.ts): it ends as closed and resumes
 * quietly, never taken for a dead one.
 */
const QUIET_WATCHDOG_SECONDS = 12

describeWithControlPlane('a node watch in a cluster whose nodes do not change', (plane) => {
  it('ends by its own timeout and resumes, with no watch ended as silent over two watchdog periods', async () => {
    await plane().api.create('/api/v1/nodes', plainNode('quiet-1'))
    const extender = await startExtender(plane().kubeconfig, 0, [
      '--watchdog-seconds',
      String(QUIET_WATCHDOG_SECONDS),
      '--log-level',
      'debug',
    ])
    try {
      await new Promise((resolve) => setTimeout(resolve, 2 * QUIET_WATCHDOG_SECONDS * 1000 + 2000))
      const ends = extender.logs.filter((l) => String(l.msg).startsWith('node watch'))
      expect(ends.filter((l) => l.end === 'silent')).toEqual([])
      // Timeouts of 3 to 6 s: at least three watches ended by the API server in 26 s.
      expect(ends.filter((l) => l.msg === 'node watch closed; resuming').length).toBeGreaterThan(2)
    } finally {
      await stopExtender(extender)
    }
  }, 60_000)
})
