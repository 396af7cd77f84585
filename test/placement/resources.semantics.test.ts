import { describe, expect, it } from 'vitest'
import {
  PLUGIN_NODE_PORTS,
  PLUGIN_NODE_RESOURCES_FIT,
  REASON_NODE_PORTS,
} from '../../src/placement/index.js'
import { diagnose, nodeNamed } from './builders.js'
import { FIT_CASES } from './node-resources-fit.cases.js'
import { PORTS_CASES } from './node-ports.cases.js'
import { RESOURCE_PREEMPTION_CASES } from './resource-preemption.cases.js'

/** The NodeResourcesFit, NodePorts and their preemption tables, run in process. */

describe('NodeResourcesFit', () => {
  it.each(FIT_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const diagnosis = diagnose(c.pod, c.cluster)
    const n = nodeNamed(diagnosis, 'n')
    expect(n.reasons).toEqual(c.reasons)
    expect(n.plugin).toBe(c.reasons.length === 0 ? null : PLUGIN_NODE_RESOURCES_FIT)
    if (c.unresolvable !== undefined) expect(n.unresolvable).toBe(c.unresolvable)
    if (c.detail !== undefined) expect(n.detail).toBe(c.detail)
    if (c.reasons.length > 0)
      expect(diagnosis.summary).toContain(
        `0/1 nodes are available: ${c.reasons
          .map((r) => `1 ${r}`)
          .sort()
          .join(', ')}.`
      )
  })
})

describe('NodePorts', () => {
  it.each(PORTS_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const n = nodeNamed(diagnose(c.pod, c.cluster), 'n')
    expect(n.plugin).toBe(c.conflicts ? PLUGIN_NODE_PORTS : null)
    expect(n.reasons).toEqual(c.conflicts ? [REASON_NODE_PORTS] : [])
    if (c.conflicts) expect(n.unresolvable).toBe(false)
  })
})

describe('DefaultPreemption for resources and host ports', () => {
  it.each(RESOURCE_PREEMPTION_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const diagnosis = diagnose(c.pod, c.cluster)
    expect(diagnosis.summary).toBe(c.summary)
    expect(
      Object.fromEntries(diagnosis.preemptionCandidates.map((p) => [p.node, p.victims]))
    ).toEqual(c.victims)
  })
})
