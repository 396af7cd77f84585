import { getEventListeners } from 'node:events'
import { KubeConfig } from '@kubernetes/client-node'
import { describe, expect, it } from 'vitest'
import { loadKubeConfig } from '../../src/cluster/index.js'
import { runWatchSession, type WatchEnd } from '../../src/cluster/node-watch-session.js'
import { kubeconfigFor, type FakeApiServer } from '../support/fake-apiserver.js'
import { eventually } from '../support/eventually.js'
import { freePort } from '../support/free-port.js'
import { startServer } from './node-cache-harness.js'

interface Session {
  readonly server: FakeApiServer
  readonly stop: AbortController
  readonly ended: Promise<WatchEnd>
  readonly applied: string[]
}

/**
 * One watch session against a fake API server holding node-a, through client-node's real
 * Watch. The watchdog is a minute: a session that failed to end on its own would time out the
 * test rather than end as 'silent'.
 */
async function session(
  onEvent: (type: string) => void = () => {},
  watchdogMs = 60_000
): Promise<Session> {
  const server = await startServer()
  server.addNode({ name: 'node-a' })
  const stop = new AbortController()
  const applied: string[] = []
  const ended = runWatchSession({
    kubeConfig: loadKubeConfig({ kind: 'kubeconfig', paths: [kubeconfigFor(server.url)] }),
    resourceVersion: String(server.resourceVersion),
    timeoutSeconds: 300,
    watchdogMs,
    stopSignal: stop.signal,
    onEvent: (type) => {
      applied.push(type)
      onEvent(type)
    },
  })
  // The request count, not openWatches: a short watchdog may end the watch before a check.
  // The fake server opens the watch in the same tick as it counts the request.
  await eventually(() => expect(server.requests('watch')).toBe(1))
  return { server, stop, ended, applied }
}

describe('runWatchSession: how one watch ends', () => {
  it.each([
    [
      'an ERROR event with a 410 Status means the version is too old: gone',
      { kind: 'Status', code: 410, reason: 'Expired', message: 'too old resource version: 1 (5)' },
      { kind: 'gone', detail: 'watch ERROR event 410 Expired: too old resource version: 1 (5)' },
    ],
    [
      'an ERROR event with a bare 410 Status is gone too, its detail no longer than it need be',
      { kind: 'Status', code: 410 },
      { kind: 'gone', detail: 'watch ERROR event 410' },
    ],
    [
      'an ERROR event with any other Status is a failure worth resuming from the same version',
      { kind: 'Status', code: 500, reason: 'InternalError', message: 'etcdserver: leader changed' },
      {
        kind: 'failed',
        detail: 'watch ERROR event 500 InternalError: etcdserver: leader changed',
        unreachable: false,
      },
    ],
    [
      'an ERROR event whose Status has no code is a failure that says so',
      { kind: 'Status', message: 'watch channel closed' },
      {
        kind: 'failed',
        detail: 'watch ERROR event (no code) watch channel closed',
        unreachable: false,
      },
    ],
    [
      'an ERROR event whose object is null is a failure, not an exception lost inside client-node',
      null,
      { kind: 'failed', detail: 'watch ERROR event (no code)', unreachable: false },
    ],
  ])('%s', async (_case, status, end) => {
    const { server, ended, applied } = await session()

    server.sendRawWatchEvent('ERROR', status)

    await expect(ended).resolves.toEqual({ ...end, eventsSeen: 0 })
    expect(applied).toEqual([])
    await eventually(() => expect(server.openWatches).toBe(0))
  })

  it('ends failed, naming the event, when applying an event throws, and closes the connection', async () => {
    const { server, ended } = await session(() => {
      throw new Error('index full')
    })

    server.updateNode('node-a', { labels: { zone: 'b' } })

    await expect(ended).resolves.toEqual({
      kind: 'failed',
      detail: 'applying a MODIFIED event: index full',
      eventsSeen: 1,
      unreachable: false,
    })
    await eventually(() => expect(server.openWatches).toBe(0))
  })

  it('counts the events it applied, bookmarks included, and ends closed when the server ends it', async () => {
    const { server, ended, applied } = await session()
    server.updateNode('node-a', { labels: { zone: 'b' } })
    server.sendBookmark()
    await eventually(() => expect(applied).toEqual(['MODIFIED', 'BOOKMARK']))

    server.closeWatches()

    await expect(ended).resolves.toEqual({ kind: 'closed', eventsSeen: 2 })
  })

  it.each([
    ['the server ends it', (s: Session) => s.server.closeWatches()],
    ['it fails', (s: Session) => s.server.sendWatchError(500, 'boom')],
    ['the caller stops it', (s: Session) => s.stop.abort()],
  ])(
    'leaves no listener on the long-lived stop signal once %s',
    async (_case, endIt: (s: Session) => void) => {
      const s = await session()
      expect(getEventListeners(s.stop.signal, 'abort')).toHaveLength(1)

      endIt(s)
      await s.ended

      expect(getEventListeners(s.stop.signal, 'abort')).toHaveLength(0)
    }
  )

  it('ends silent when neither event nor bookmark comes within the watchdog period', async () => {
    const { server, ended } = await session(undefined, 100)

    await expect(ended).resolves.toEqual({ kind: 'silent', eventsSeen: 0 })
    await eventually(() => expect(server.openWatches).toBe(0))
  })

  it('ends stopped at once, sending nothing, when the stop signal has already fired', async () => {
    const server = await startServer()
    const stop = new AbortController()
    stop.abort()

    const ended = await runWatchSession({
      kubeConfig: loadKubeConfig({ kind: 'kubeconfig', paths: [kubeconfigFor(server.url)] }),
      resourceVersion: '1',
      timeoutSeconds: 300,
      watchdogMs: 60_000,
      stopSignal: stop.signal,
      onEvent: () => {},
    })

    expect(ended).toEqual({ kind: 'stopped', eventsSeen: 0 })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(server.requests('watch')).toBe(0)
  })

  it('ends failed, quoting the line, when a watch line is not valid JSON, as client-go ends its watch on a decode error', async () => {
    const { server, ended, applied } = await session()
    await eventually(() => expect(server.openWatches).toBe(1))
    server.sendRawWatchEvent('MODIFIED', { metadata: { name: 'node-a' } })
    server.sendRawWatchLine('{"type":"MODIFIED","object":{"metadata"')
    server.sendRawWatchEvent('MODIFIED', { metadata: { name: 'node-a' } })

    expect(await ended).toEqual({
      kind: 'failed',
      detail: 'a watch line is not valid JSON: {"type":"MODIFIED","object":{"metadata"',
      eventsSeen: 1,
      unreachable: false,
    })
    // Nothing after the bad line is applied: the reflector resumes from the last version.
    expect(applied).toEqual(['MODIFIED'])
  })

  it('ends failed and unreachable when nothing listens where the API server should be', async () => {
    const port = await freePort()
    const ended = await runWatchSession({
      kubeConfig: loadKubeConfig({
        kind: 'kubeconfig',
        paths: [kubeconfigFor(`http://127.0.0.1:${port}`)],
      }),
      resourceVersion: '1',
      timeoutSeconds: 300,
      watchdogMs: 60_000,
      stopSignal: new AbortController().signal,
      onEvent: () => {},
    })

    expect(ended).toMatchObject({ kind: 'failed', unreachable: true, eventsSeen: 0 })
    expect(ended.kind === 'failed' ? ended.detail : '').toContain('ECONNREFUSED')
  })

  it('ends failed but not unreachable when a watch the server answered is cut mid-stream', async () => {
    const { server, ended } = await session()
    await eventually(() => expect(server.openWatches).toBe(1))

    server.dropWatches()

    expect(await ended).toMatchObject({ kind: 'failed', unreachable: false })
  })

  it('ends failed at once, without waiting for the watchdog, when the kubeconfig has no cluster', async () => {
    const stop = new AbortController()

    const ended = await runWatchSession({
      kubeConfig: new KubeConfig(),
      resourceVersion: '1',
      timeoutSeconds: 300,
      watchdogMs: 60_000,
      stopSignal: stop.signal,
      onEvent: () => {},
    })

    expect(ended).toEqual({
      kind: 'failed',
      detail: 'no current cluster in the kubeconfig',
      eventsSeen: 0,
      unreachable: false,
    })
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0)
  })
})
