import { describe, expect, it } from 'vitest'
import { compileNode, CompiledTolerations } from '../../src/core/index.js'
import { CycleState } from '../../src/placement/cycle-state.js'
import { isNotJudged } from '../../src/placement/framework.js'
import { filterWithNominatedPods } from '../../src/placement/nominated-pods.js'
import type { SpreadPod } from '../../src/placement/pod-topology-spread-constraints.js'
import { preFilterPodTopologySpread } from '../../src/placement/pod-topology-spread-plugin.js'
import type { SpreadPlacedPod } from '../../src/placement/pod-topology-spread.js'
import { Snapshot } from '../../src/placement/snapshot.js'
import {
  REASON_TOPOLOGY_SPREAD,
  REASON_TOPOLOGY_SPREAD_MISSING_LABEL,
} from '../../src/placement/pod-topology-spread.js'
import { OUR_SPREAD_CASES } from './pod-topology-spread.ours.js'
import { MULTIPLE_CONSTRAINTS } from './pod-topology-spread.multiple.js'
import { SINGLE_CONSTRAINT } from './pod-topology-spread.single.js'
import { GATE_ON } from '../core/builders.js'
import {
  constraint,
  FOO,
  FOUR_NODES,
  on,
  OUTCOME_REASON,
  outcomes,
  prepare,
  selector,
  spreadNode,
  spreadPod,
} from './spread-builders.js'

/**
 * The PodTopologySpread semantics table, run through PodTopologySpread.prepare and filter: the
 * code the placement diagnosis calls.
 */

const CASES = [...SINGLE_CONSTRAINT, ...MULTIPLE_CONSTRAINTS, ...OUR_SPREAD_CASES]

describe('PodTopologySpread Filter, node by node', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const spread = prepare(c.pod, c.nodes, c.pods)
    expect(outcomes(spread, c.nodes)).toEqual(c.expected)
    for (const node of c.nodes) {
      const want = OUTCOME_REASON[c.expected[node.name] ?? 'fits']
      expect(spread.filter(node)?.reason ?? null).toBe(want)
    }
  })
})

const foo = { foo: '' }
const [nodeA, nodeB, nodeX, nodeY] = FOUR_NODES as [
  (typeof FOUR_NODES)[0],
  (typeof FOUR_NODES)[0],
  (typeof FOUR_NODES)[0],
  (typeof FOUR_NODES)[0],
]

describe('what a rejection says', () => {
  it('gives the reasons byte for byte as v1.35 words them', () => {
    expect(REASON_TOPOLOGY_SPREAD).toBe("node(s) didn't match pod topology spread constraints")
    expect(REASON_TOPOLOGY_SPREAD_MISSING_LABEL).toBe(
      "node(s) didn't match pod topology spread constraints (missing required label)"
    )
  })

  it('names the key, the skew, the counts and where the minimum lies', () => {
    const spread = prepare(spreadPod({ labels: foo }, constraint(1, 'zone', FOO)), FOUR_NODES, [
      ...on('node-a', foo, 2),
      ...on('node-x', foo),
    ])
    expect(spread.filter(nodeA)).toEqual({
      reason: REASON_TOPOLOGY_SPREAD,
      unresolvable: false,
      detail:
        'zone: skew 2 > maxSkew 1 (zone=zone1 has 2 matching pods + this pod, minimum 1 in zone=zone2)',
    })
  })

  it('says when minDomains puts the minimum at 0, and leaves out a pod its selector misses', () => {
    const pod = spreadPod({ labels: {} }, constraint(1, 'zone', FOO, { minDomains: 3 }))
    const spread = prepare(pod, FOUR_NODES, [...on('node-a', foo, 2), ...on('node-x', foo)])
    expect(spread.filter(nodeA)?.detail).toBe(
      'zone: skew 2 > maxSkew 1 (zone=zone1 has 2 matching pods, minimum 0: 2 domains < minDomains 3)'
    )
  })

  it('marks a node without the topology key unresolvable and names the key', () => {
    const spread = prepare(spreadPod({ labels: foo }, constraint(1, 'rack', FOO)), FOUR_NODES, [])
    expect(spread.filter(nodeA)).toEqual({
      reason: REASON_TOPOLOGY_SPREAD_MISSING_LABEL,
      unresolvable: true,
      detail: 'rack: node has no label rack',
    })
  })
})

describe('which constraints filter', () => {
  it('lists the constraints that do not filter, and skips when none does', () => {
    const pod = spreadPod(
      { labels: foo },
      constraint(1, 'zone', FOO, { whenUnsatisfiable: 'ScheduleAnyway' }),
      constraint(1, 'node', FOO)
    )
    const spread = prepare(pod, FOUR_NODES, [])
    expect(spread.ignored).toEqual([
      { index: 0, topologyKey: 'zone', why: 'ScheduleAnyway: scored, never filters' },
    ])
    // Unset fields take upstream's defaults: minDomains 1, nodeAffinityPolicy Honor,
    // nodeTaintsPolicy Ignore.
    expect(
      spread.constraints.map((c) => [
        c.index,
        c.topologyKey,
        c.minDomains,
        c.honorNodeAffinity,
        c.honorNodeTaints,
      ])
    ).toEqual([[1, 'node', 1, true, false]])
    expect(spread.skipped).toBe(false)
    expect(spread.clusterDefaults).toBe(false)
    const soft = prepare(
      spreadPod(
        { labels: foo },
        constraint(1, 'zone', FOO, { whenUnsatisfiable: 'ScheduleAnyway' })
      ),
      FOUR_NODES,
      []
    )
    expect(soft.skipped).toBe(true)
  })

  it('says the cluster defaults apply to a pod with no constraint, and skips', () => {
    const spread = prepare(spreadPod({ labels: foo }), FOUR_NODES, on('node-a', foo, 5))
    expect(spread.clusterDefaults).toBe(true)
    expect(spread.skipped).toBe(true)
    expect(FOUR_NODES.map((n) => spread.filter(n))).toEqual([null, null, null, null])
  })

  it('fails PreFilter with an error on a label selector that does not parse', () => {
    const bad = selector({}, { key: 'foo', operator: 'Gt', values: ['1'] })
    const spread = prepare(spreadPod({ labels: foo }, constraint(1, 'zone', bad)), FOUR_NODES, [])
    expect(spread.error).toBe(
      "get constraints from pod: obtaining pod's hard topology spread constraints: " +
        'topologySpreadConstraints[0].labelSelector: matchExpressions[0]: "Gt" is not a valid label selector operator'
    )
    expect(spread.skipped).toBe(false)
  })
})

describe('AddPod and RemovePod, as preemption and nominated pods use them', () => {
  const pod = spreadPod({ labels: foo }, constraint(1, 'zone', FOO))
  const placed = [...on('node-a', foo), ...on('node-x', foo)]
  const one = { namespace: 'default', labels: foo }

  it('a matching pod added to a node counts in its domain', () => {
    const spread = prepare(pod, FOUR_NODES, placed)
    expect(spread.filter(nodeX)).toBeNull()
    spread.addPod(one, nodeA)
    expect(spread.filter(nodeA)?.reason).toBe(REASON_TOPOLOGY_SPREAD)
    expect(spread.filter(nodeX)).toBeNull()
  })

  it('a pod of another namespace, or one the selector misses, changes nothing', () => {
    const spread = prepare(pod, FOUR_NODES, placed)
    spread.addPod({ namespace: 'other', labels: foo }, nodeA)
    spread.addPod({ namespace: 'default', labels: { bar: '' } }, nodeA)
    expect(spread.filter(nodeA)).toBeNull()
  })

  it('a pod on a node without every topology key changes nothing', () => {
    const spread = prepare(pod, FOUR_NODES, placed)
    spread.addPod(one, spreadNode('bare', { node: 'bare' }))
    expect(spread.filter(nodeA)).toBeNull()
  })

  it('a pod on a node lacking one of the topology keys changes no constraint', () => {
    const twoKeys = spreadPod(
      { labels: foo },
      constraint(1, 'zone', FOO),
      constraint(1, 'rack', FOO)
    )
    const nodes = [
      spreadNode('node-a', { zone: 'zone1', rack: 'r1' }),
      spreadNode('node-x', { zone: 'zone2', rack: 'r2' }),
      spreadNode('node-h', { zone: 'zone2' }),
    ]
    const spread = prepare(twoKeys, nodes, [])
    spread.addPod(one, nodes[2]!)
    expect(spread.filter(nodes[1]!)).toBeNull()
  })

  it("a pod on a node the constraint's policies leave out changes nothing", () => {
    const honoring = spreadPod(
      { labels: foo, nodeSelector: { pool: 'web' } },
      constraint(1, 'zone', FOO)
    )
    const nodes = [
      spreadNode('web-1', { zone: 'zone1', pool: 'web' }),
      spreadNode('web-2', { zone: 'zone2', pool: 'web' }),
      spreadNode('batch', { zone: 'zone1', pool: 'batch' }),
    ]
    const spread = prepare(honoring, nodes, [])
    spread.addPod(one, nodes[2]!)
    expect(spread.filter(nodes[0]!)).toBeNull()
    spread.addPod(one, nodes[0]!)
    expect(spread.filter(nodes[0]!)?.reason).toBe(REASON_TOPOLOGY_SPREAD)
  })

  it('removing a victim brings its domain down, terminating or not', () => {
    const spread = prepare(pod, FOUR_NODES, [...placed, ...on('node-a', foo)])
    expect(spread.filter(nodeB)?.reason).toBe(REASON_TOPOLOGY_SPREAD)
    spread.removePod({ ...one, terminating: true }, nodeA)
    expect(spread.filter(nodeB)).toBeNull()
  })

  it('keeps the true minimum as one domain fills past the next', () => {
    // zone1 1, zone2 2, zone3 3: after two more pods in zone1 the minimum is zone2's 2.
    const nodes = [nodeA, nodeX, spreadNode('node-z', { zone: 'zone3' })]
    const spread = prepare(spreadPod({ labels: foo }, constraint(1, 'zone', FOO)), nodes, [
      ...on('node-a', foo),
      ...on('node-x', foo, 2),
      ...on('node-z', foo, 3),
    ])
    spread.addPod(one, nodeA)
    spread.addPod(one, nodeA)
    expect(spread.filter(nodes[2]!)?.detail).toBe(
      'zone: skew 2 > maxSkew 1 (zone=zone3 has 3 matching pods + this pod, minimum 2 in zone=zone2)'
    )
  })

  it('a clone changes apart from the state it was taken from', () => {
    const spread = prepare(pod, FOUR_NODES, placed)
    const copy = spread.clone()
    copy.addPod(one, nodeY)
    expect(copy.filter(nodeY)?.reason).toBe(REASON_TOPOLOGY_SPREAD)
    expect(spread.filter(nodeY)).toBeNull()
    expect(copy.ignored).toBe(spread.ignored)
  })
})

describe('pods nominated to a node, through the framework two passes', () => {
  const pod = spreadPod({ labels: foo }, constraint(1, 'zone', FOO))
  // As nominatedPodsAdded gives them: placed on the node judged.
  const nominatedHere = [
    {
      name: 'nominated',
      namespace: 'default',
      labels: foo,
      nodeName: '',
      requiredAffinity: [],
      requiredAntiAffinity: [],
      priority: null,
    },
  ]

  /** The fields of the pod to place that PodTopologySpread does not read. */
  const pod0 = {
    name: 'incoming',
    nodeName: '',
    requiredAffinity: [],
    requiredAntiAffinity: [],
    priority: null,
    preemptionPolicy: '',
    resourceClaims: 0,
    storageVolumes: false,
    volumeClaims: [],
    inlineStorage: false,
    nominatedNodeName: '',
  }

  /** The profile's PodTopologySpread plugin over FOUR_NODES, as the diagnosis runs it. */
  function plugin(incoming: SpreadPod, placedPods: readonly SpreadPlacedPod[]) {
    const nodes = FOUR_NODES.map((n) => ({
      name: n.name,
      labels: n.labels,
      compiled: compileNode({ ...n, unschedulable: false, resourceVersion: '1' }),
    }))
    const placed = placedPods.map((p, i) => ({
      ...p,
      name: `placed-${i}`,
      requiredAffinity: [],
      requiredAntiAffinity: [],
      priority: null,
    }))
    const snapshot = Snapshot.build(nodes, placed)
    const state = new CycleState()
    const { result } = preFilterPodTopologySpread(
      {
        pod: { ...incoming, ...pod0 },
        tolerations: new CompiledTolerations(incoming.tolerations, GATE_ON),
        snapshot,
        namespaces: new Map(),
        nodeLabelsKnown: true,
        options: GATE_ON,
      },
      state
    )
    const filters = result === null || isNotJudged(result) ? [] : [result]
    return { filters, snapshot, state }
  }

  function judge(incoming: SpreadPod, placedPods: readonly SpreadPlacedPod[], name: string) {
    const { filters, snapshot, state } = plugin(incoming, placedPods)
    const node = snapshot.get(name)
    if (node === undefined) throw new Error(`no node ${name}`)
    const added = nominatedHere.map((p) => ({ ...p, nodeName: name }))
    return {
      twoPass: filterWithNominatedPods(filters, state, node, added),
      alone: filterWithNominatedPods(filters, state, node, []),
    }
  }

  it('a pod nominated to a node counts in its domain in the first pass, without touching the state', () => {
    const placedX = on('node-x', foo)
    expect(judge(pod, placedX, 'node-a').twoPass).toBeNull()
    const x = judge(pod, placedX, 'node-x')
    expect(x.twoPass?.detail).toBe(
      'zone: skew 3 > maxSkew 1 (zone=zone2 has 2 matching pods + this pod, minimum 0 in zone=zone1)'
    )
    expect(x.alone?.detail).toBe(
      'zone: skew 2 > maxSkew 1 (zone=zone2 has 1 matching pod + this pod, minimum 0 in zone=zone1)'
    )
  })

  it('a pod whose PreFilter skipped the plugin is not judged with nominated pods either', () => {
    expect(judge(spreadPod({ labels: foo }), on('node-x', foo, 4), 'node-x').twoPass).toBeNull()
  })
})
