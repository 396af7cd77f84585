import { expect, it } from 'vitest'
import { describeWithControlPlane } from '../support/control-plane/index.js'

describeWithControlPlane('the control-plane fixture', (plane) => {
  it('binds a pod to the only node when kube-scheduler runs without an extender', async () => {
    const api = plane().api
    await api.create('/api/v1/nodes', {
      metadata: { name: 'n1' },
      status: {
        allocatable: { cpu: '4', memory: '8Gi', pods: '110' },
        capacity: { cpu: '4', memory: '8Gi', pods: '110' },
      },
    })
    await api.create('/api/v1/namespaces/default/pods', {
      metadata: { name: 'p1' },
      spec: { containers: [{ name: 'c', image: 'x' }] },
    })
    const scheduler = await plane().startScheduler({
      profiles: [{ schedulerName: 'default-scheduler' }],
    })
    let node: unknown
    for (let i = 0; i < 100 && node === undefined; i++) {
      const pod = await api.get('/api/v1/namespaces/default/pods/p1')
      node = (pod.spec as { nodeName?: string }).nodeName
      if (node === undefined) await new Promise((r) => setTimeout(r, 100))
    }
    expect(node).toBe('n1')
    await scheduler.stop()
  }, 60_000)
})
