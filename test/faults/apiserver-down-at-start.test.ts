import { describe, expect, it } from 'vitest'
import { eventually } from '../support/eventually.js'
import { kubeconfigFor } from '../support/fake-apiserver.js'
import { freePort } from '../support/free-port.js'
import { seriesSamples } from '../support/metrics-text.js'
import { startService, type ServiceProcess } from '../support/process.js'
import { expectedVerdicts, filterNames, startApiServer } from '../support/informer-rig.js'

/**
 * The shipped process (`node dist/main.js`) started while its API server is down. The cache
 * level is covered in test/cluster; this is the same story end to end, through /readyz.
 */
describe('fault: the API server is down when the extender starts', () => {
  it('answers /readyz 503 naming the failure, keeps retrying, and is ready and right once it appears', async () => {
    const port = await freePort()
    const api = await startApiServer(undefined, { listening: false })
    let service: ServiceProcess | undefined
    try {
      service = await startService([
        '--port',
        '0',
        '--kubeconfig',
        kubeconfigFor(`http://127.0.0.1:${port}`),
      ])
      const base = `http://127.0.0.1:${service.port}`
      const logs = service.logs
      const readyz = async (): Promise<{ status: number; text: string }> => {
        const response = await fetch(`${base}/readyz`)
        return { status: response.status, text: await response.text() }
      }
      // What the alerts read, as the process wires it: readiness and the node cache's series.
      const sample = async (series: string): Promise<number | undefined> =>
        seriesSamples(await (await fetch(`${base}/metrics`)).text()).get(series)

      // Several attempts, each refused, each logged; not ready all along.
      await eventually(
        () =>
          expect(
            logs.filter((l) => l.msg === 'listing nodes failed; retrying').length
          ).toBeGreaterThanOrEqual(2),
        20_000
      )
      const notReady = await readyz()
      expect(notReady.status).toBe(503)
      // The reason is in the log; /readyz answers anyone and names no address.
      expect(notReady.text).toBe('[-]node-cache failed: reason withheld\nreadyz check failed\n')
      expect((await fetch(`${base}/healthz`)).status).toBe(200)
      expect(await sample('taint_extender_ready')).toBe(0)
      expect(await sample('taint_extender_seconds_since_last_event')).toBe(-1)

      await api.listen(port)

      await eventually(async () => expect((await readyz()).status).toBe(200), 30_000)
      expect(await filterNames(base)).toEqual(expectedVerdicts(api))
      await eventually(() => expect(api.openWatches).toBe(1))
      expect(api.requests('list')).toBe(1)
      expect(await sample('taint_extender_ready')).toBe(1)
      expect(await sample('taint_extender_index_nodes')).toBe(api.nodeCount)
      expect(await sample('taint_extender_seconds_since_last_event')).toBeGreaterThanOrEqual(0)
    } finally {
      service?.child.kill('SIGKILL')
      await service?.exited
    }
  }, 60_000)
})
