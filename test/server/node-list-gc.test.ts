import { afterEach, describe, expect, it } from 'vitest'
import { NODE_FLAGS } from '../../src/config/node-flags.js'
import { eventually } from '../support/eventually.js'
import { FakeApiServer } from '../support/fake-apiserver.js'
import { kubeconfigFor } from '../support/kubeconfig-for.js'
import { startService, type ServiceProcess } from '../support/process.js'

/**
 * The shipped process collects a node list's garbage once the list is indexed (see
 * src/cluster/node-list-garbage.ts), with the `--expose-gc` of NODE_FLAGS, and says so; started
 * without the flags it skips that and its warning names what is missing.
 */
const running: (() => Promise<unknown>)[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((stop) => stop()))
})

async function startAgainstApiServer(nodeFlags: readonly string[]): Promise<ServiceProcess> {
  const api = new FakeApiServer()
  for (const name of ['node-a', 'node-b', 'node-c']) api.addNode({ name })
  await api.listen()
  running.push(() => api.close())
  const service = await startService(
    ['--port', '0', '--kubeconfig', kubeconfigFor(api.url)],
    {},
    nodeFlags
  )
  running.push(() => {
    service.child.kill('SIGKILL')
    return service.exited
  })
  await eventually(async () => {
    const res = await fetch(`http://127.0.0.1:${service.port}/readyz`)
    expect(res.status).toBe(200)
  })
  return service
}

describe('collecting the garbage of a node list', () => {
  it('runs one full GC after the first list when started with NODE_FLAGS, and logs it', async () => {
    const service = await startAgainstApiServer(NODE_FLAGS)
    const collected = service.logs.filter((l) => l.msg === 'collected the garbage of the node list')
    expect(collected).toHaveLength(1)
    expect(collected[0]).toMatchObject({ component: 'node-cache', nodes: 3, relist: false })
    const [usedBefore, usedAfter] = collected[0]?.heapUsedMiB as [number, number]
    expect(usedAfter).toBeGreaterThan(0)
    expect(usedAfter).toBeLessThanOrEqual(usedBefore)
    expect(service.logs.some((l) => String(l.msg).startsWith('started without'))).toBe(false)
  })

  it('skips it without --expose-gc, and the start-up warning names the missing flags', async () => {
    const service = await startAgainstApiServer([])
    expect(service.logs.some((l) => l.msg === 'collected the garbage of the node list')).toBe(false)
    const warning = service.logs.find((l) => String(l.msg).startsWith('started without'))
    expect(warning?.missing).toEqual([...NODE_FLAGS])
  })
})
