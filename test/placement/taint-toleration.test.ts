import { describe, expect, it } from 'vitest'
import {
  compileNode,
  CompiledTolerations,
  formatTaint,
  type RuleOptions,
  type Toleration,
} from '../../src/core/index.js'
import { explainPlacement } from '../../src/placement/index.js'
import { GATE_OFF, GATE_ON, node, only, toleration, type NodeSpec } from '../core/builders.js'

/**
 * explainPlacement node by node, below the CLI and the endpoint: which taints it names as
 * deciding, and what it says of each `Gt`/`Lt` toleration that could have tolerated one.
 */

function explainOne(spec: NodeSpec, tolerations: readonly Toleration[], options = GATE_ON) {
  const pod = new CompiledTolerations(tolerations, options)
  return only(explainPlacement(pod, [compileNode(node('n1', spec))], options).nodes)
}

/** Each deciding taint as kubectl writes it, with its comparisons as `Op threshold: outcome`. */
function decidedBy(spec: NodeSpec, tolerations: readonly Toleration[], options = GATE_ON) {
  return explainOne(spec, tolerations, options).decidingTaints.map(({ taint, comparisons }) => [
    formatTaint(taint),
    comparisons.map((c) => `${c.operator} ${c.threshold}: ${c.outcome}`),
  ])
}

const SLA_800 = 'example.com/sla=800:NoSchedule'

describe('explainPlacement: the comparisons it reports for a deciding taint', () => {
  it.each<[string, string, Toleration[], RuleOptions, string[]]>([
    [
      'a Gt threshold above the taint value is shown false',
      SLA_800,
      [toleration({ key: 'example.com/sla', operator: 'Gt', value: '950' })],
      GATE_ON,
      ['Gt 950: 800 > 950 is false'],
    ],
    [
      'a Gt threshold equal to the taint value is shown false: the comparison is strict',
      SLA_800,
      [toleration({ key: 'example.com/sla', operator: 'Gt', value: '800' })],
      GATE_ON,
      ['Gt 800: 800 > 800 is false'],
    ],
    [
      'an Lt threshold below the taint value is shown false with its own symbol',
      SLA_800,
      [toleration({ key: 'example.com/sla', operator: 'Lt', value: '700' })],
      GATE_ON,
      ['Lt 700: 800 < 700 is false'],
    ],
    [
      'an Lt threshold equal to the taint value is shown false: the comparison is strict',
      SLA_800,
      [toleration({ key: 'example.com/sla', operator: 'Lt', value: '800' })],
      GATE_ON,
      ['Lt 800: 800 < 800 is false'],
    ],
    [
      'a threshold that is not an int64 decimal is named as such, not compared',
      SLA_800,
      [toleration({ key: 'example.com/sla', operator: 'Gt', value: '0950' })],
      GATE_ON,
      ['Gt 0950: toleration value "0950" is not an int64 integer'],
    ],
    [
      'a taint value that is not an int64 decimal is named as such, not compared',
      'example.com/sla=gold:NoSchedule',
      [toleration({ key: 'example.com/sla', operator: 'Lt', value: '950' })],
      GATE_ON,
      ['Lt 950: taint value "gold" is not an int64 integer'],
    ],
    [
      'with the comparison gate off every Gt and Lt is reported as disabled, even one that would hold',
      SLA_800,
      [toleration({ key: 'example.com/sla', operator: 'Lt', value: '950' })],
      GATE_OFF,
      ['Lt 950: comparison operators are disabled'],
    ],
    [
      'Equal and Exists tolerations of the same key are not comparisons and are left out',
      SLA_800,
      [
        toleration({ key: 'example.com/sla', operator: 'Equal', value: '900' }),
        toleration({ key: 'example.com/sla', operator: 'Gt', value: '950' }),
      ],
      GATE_ON,
      ['Gt 950: 800 > 950 is false'],
    ],
    [
      'a Gt toleration for another effect is left out, one with an empty effect is kept',
      SLA_800,
      [
        toleration({ key: 'example.com/sla', operator: 'Gt', value: '900', effect: 'NoExecute' }),
        toleration({ key: 'example.com/sla', operator: 'Gt', value: '950', effect: '' }),
      ],
      GATE_ON,
      ['Gt 950: 800 > 950 is false'],
    ],
    [
      'a Gt toleration for another key is left out, one with an empty key is kept',
      SLA_800,
      [
        toleration({ key: 'example.com/tier', operator: 'Gt', value: '900' }),
        toleration({ key: '', operator: 'Gt', value: '950' }),
      ],
      GATE_ON,
      ['Gt 950: 800 > 950 is false'],
    ],
  ])('%s', (_, taint, tolerations, options, comparisons) => {
    expect(decidedBy({ taints: [taint] }, tolerations, options)).toEqual([[taint, comparisons]])
  })
})

describe('explainPlacement: the taints it names as deciding', () => {
  it('names only the untolerated NoSchedule and NoExecute taints, in the node’s order, never a tolerated or PreferNoSchedule one', () => {
    const spec = {
      taints: ['a=1:NoExecute', 'b=2:NoSchedule', 'c=3:PreferNoSchedule', 'd=4:NoSchedule'],
    }
    const tolerations = [toleration({ key: 'b', operator: 'Exists' })]
    expect(decidedBy(spec, tolerations)).toEqual([
      ['a=1:NoExecute', []],
      ['d=4:NoSchedule', []],
    ])
    const explained = explainOne(spec, tolerations)
    expect(explained.verdict).toBe('rejected')
    expect(explained.untoleratedPreferNoSchedule).toBe(1)
    expect(explained.score).toBeNull()
  })

  it('names the unschedulable taint alone for a cordoned node, whatever other taints it has', () => {
    expect(decidedBy({ unschedulable: true, taints: ['a=1:NoSchedule'] }, [])).toEqual([
      ['node.kubernetes.io/unschedulable:NoSchedule', []],
    ])
  })

  it('names nothing for a node that fits, and scores it as prioritize would', () => {
    const explained = explainOne({ taints: ['c=3:PreferNoSchedule'] }, [])
    expect(explained.verdict).toBe('fits')
    expect(explained.decidingTaints).toEqual([])
    expect(explained.score).toBe(0)
  })
})

describe('explainPlacement: the summary line', () => {
  it('says every node is available, with nothing after, when all fit', () => {
    const pod = new CompiledTolerations([], GATE_ON)
    const nodes = [compileNode(node('n1')), compileNode(node('n2'))]
    expect(explainPlacement(pod, nodes, GATE_ON).summary).toBe('2/2 nodes are available.')
  })
})
