import { expect, it } from 'vitest'
import { describeWithControlPlane } from '../support/control-plane/index.js'
import { createNamespace } from '../support/control-plane/scheduling.js'

/**
 * The fixture's REST client against the real API server: what the suites and the scheduler
 * benchmark lean on beyond a plain GET or POST.
 */

const pod = (name: string) => ({
  metadata: { name },
  spec: { containers: [{ name: 'c', image: 'x' }] },
})

describeWithControlPlane('the control plane REST client', (plane) => {
  it('deletes with a body and keeps using the connection, as many times in a row as asked', async () => {
    const api = plane().api
    await createNamespace(api, 'deleted')
    const names = Array.from({ length: 20 }, (_, i) => `delete-${i}`)
    for (const name of names) await api.create('/api/v1/namespaces/deleted/pods', pod(name))
    // One after the other on the kept-alive connections: a body sent without framing would be
    // read as the start of the next request, which the API server would refuse with a 400.
    for (const name of names) await api.delete(`/api/v1/namespaces/deleted/pods/${name}`)
    const left = await api.items('/api/v1/namespaces/deleted/pods')
    expect(left).toHaveLength(0)
  })

  it('watches a collection: the objects there first, then each change as it happens', async () => {
    const api = plane().api
    await createNamespace(api, 'watched')
    await api.create('/api/v1/namespaces/watched/pods', pod('watched-before'))
    const events: string[] = []
    let sawAfter: () => void = () => undefined
    const after = new Promise<void>((resolve) => (sawAfter = resolve))
    const watch = api.watch(
      '/api/v1/namespaces/watched/pods?watch=1',
      (type, object) => {
        const name = (object.metadata as { name: string }).name
        events.push(`${type} ${name}`)
        if (name === 'watched-after') sawAfter()
      },
      (error) => events.push(`end ${String(error)}`)
    )
    try {
      await new Promise((resolve) => setTimeout(resolve, 200))
      await api.create('/api/v1/namespaces/watched/pods', pod('watched-after'))
      await after
      expect(events).toEqual(['ADDED watched-before', 'ADDED watched-after'])
    } finally {
      watch.stop()
    }
  })
})
