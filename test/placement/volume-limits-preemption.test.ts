import { describe, expect, it } from 'vitest'
import { diagnose, node, pod } from './builders.js'
import { claim, volume } from './volume-plugins.cases.js'

/**
 * NodeVolumeLimits in the preemption dry run (default_preemption.go `SelectVictimsOnNode`): the
 * node's volumes in use are counted again as victims are taken off and given back, so a pod
 * whose volume fills the driver's one place is a victim and one without a volume is reprieved.
 */

const DRIVER = 'disk.example.com'
const ref = (claimName: string) => ({ claimName, ephemeral: false })

describe('NodeVolumeLimits while preemption takes pods off a node and gives them back', () => {
  it('makes the pod whose volume fills the limit the victim, and reprieves the one without a volume', () => {
    const cluster = {
      nodes: [node('b')],
      pods: [
        pod({ name: 'low-volume', nodeName: 'b', priority: 0, volumeClaims: [ref('used')] }),
        pod({ name: 'low-plain', nodeName: 'b', priority: 0 }),
      ],
      budgets: [],
      storage: {
        claims: [claim('used'), claim('data')],
        classes: [],
        volumes: [volume('pv-used'), volume('pv-data')],
        csiNodes: [{ name: 'b', limits: new Map([[DRIVER, 1]]), migratedPlugins: [] }],
      },
    }
    const incoming = pod({ name: 'urgent', priority: 100, volumeClaims: [ref('data')] })
    const diagnosis = diagnose(incoming, cluster)
    expect(diagnosis.nodes.map((n) => n.reason)).toEqual(['node(s) exceed max volume count'])
    expect(diagnosis.preemptionCandidates).toEqual([
      expect.objectContaining({ node: 'b', victims: ['default/low-volume'] }),
    ])
  })
})
