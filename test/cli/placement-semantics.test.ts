import { describe, expect, it } from 'vitest'
import { termValidationProblem } from '../../src/placement/index.js'
import type { Cluster } from '../placement/builders.js'
import { DIAGNOSIS_CASES } from '../placement/diagnosis.cases.js'
import { INTER_POD_CASES } from '../placement/inter-pod-affinity.cases.js'
import { OUR_NODE_AFFINITY } from '../placement/node-affinity.ours.js'
import { expectPreemptionOutcome, PREEMPTION_CASES } from '../placement/preemption.cases.js'
import { PRESCORE_CASES } from '../placement/prescore.cases.js'
import { NOMINATED_CASES } from '../placement/nominated-pods.cases.js'
import { UPSTREAM_NODE_AFFINITY } from '../placement/node-affinity.upstream.js'
import { wireNode, wirePod } from '../placement/wire.js'
import type { PlacementPod } from '../../src/placement/index.js'
import { runTool, tempFile } from './run-tool.js'

/**
 * The placement semantics tables (test/placement) run through the explain tool: each row
 * written as the files `kubectl get … -o json` would give, read back and judged, so decoding
 * and diagnosis are checked together.
 */

interface Explained {
  nodes: { name: string; plugin: string | null; reason: string | null }[]
  summary: string
  schedulingError: string | null
  preemptionCandidates: { node: string }[]
  notJudged: string[]
}

const NO_NODE_AFFINITY = { nodeSelector: {}, required: null, preferred: [] }

const list = (items: unknown[]): string => JSON.stringify({ kind: 'List', items })

async function explain(pod: PlacementPod, cluster: Cluster) {
  const namespaces = Object.entries(cluster.namespaces ?? {}).map(([name, labels]) => ({
    metadata: { name, labels },
  }))
  const argv = [
    '--pod',
    tempFile('pod.json', JSON.stringify(wirePod(pod))),
    '--nodes',
    tempFile('nodes.json', list(cluster.nodes.map(wireNode))),
    '--pods',
    tempFile(
      'pods.json',
      list([
        ...(cluster.pods ?? []).map((p) =>
          wirePod({
            ...p,
            nodeAffinity: NO_NODE_AFFINITY,
            preemptionPolicy: '',
            resourceClaims: 0,
            nominatedNodeName: '',
          })
        ),
        ...(cluster.nominated ?? []).map((p) =>
          wirePod({ ...p, nodeAffinity: NO_NODE_AFFINITY, preemptionPolicy: '', resourceClaims: 0 })
        ),
      ])
    ),
    '--namespaces',
    tempFile('namespaces.json', list(namespaces)),
    '-o',
    'json',
  ]
  return runTool('explain', argv)
}

function judged(stdout: string): Explained {
  return JSON.parse(stdout) as Explained
}

describe('explain over the NodeAffinity Filter table', () => {
  const rows = [...UPSTREAM_NODE_AFFINITY, ...OUR_NODE_AFFINITY]
  it.each(rows.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const result = await explain(c.pod, { nodes: [c.node] })
    if ((c.pod.nodeAffinity.required ?? []).some((t) => termValidationProblem(t) !== null)) {
      // The tool refuses what the API server would refuse, naming the place.
      expect(result.code).toBe(2)
      expect(result.stderr).toMatch(/nodeSelectorTerms\[\d+\]\.matchExpressions\[\d+\]: /)
      return
    }
    expect(result.code).toBe(c.reason === null ? 0 : 1)
    expect(judged(result.stdout).nodes[0]?.plugin).toBe(c.reason === null ? null : 'NodeAffinity')
  })
})

describe('explain over the InterPodAffinity table', () => {
  it.each(INTER_POD_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const result = await explain(c.pod, c.cluster)
    const got = Object.fromEntries(judged(result.stdout).nodes.map((n) => [n.name, n.reason]))
    expect(got).toEqual(c.expected)
  })
})

describe('explain over the diagnosis table', () => {
  it.each(DIAGNOSIS_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const result = await explain(c.pod, c.cluster)
    const diagnosis = judged(result.stdout)
    for (const [name, want] of Object.entries(c.expected)) {
      const got = diagnosis.nodes.find((n) => n.name === name)
      expect(got?.plugin == null ? null : [got.plugin, got.reason]).toEqual(want)
    }
    expect(diagnosis.summary).toBe(c.summary)
  })
})

describe('explain over the DefaultPreemption table', () => {
  it.each(PREEMPTION_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const result = await explain(c.pod, c.cluster)
    expect(result.code).toBe(1)
    const diagnosis = judged(result.stdout)
    expectPreemptionOutcome(c, diagnosis)
  })
})

describe('explain over the NodeAffinity PreScore table', () => {
  it.each(PRESCORE_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const result = await explain(c.pod, { nodes: c.nodes })
    const diagnosis = judged(result.stdout)
    expect(diagnosis.schedulingError).toBe(c.error)
    expect(diagnosis.summary).toBe(c.summary)
    // The pod is placed nowhere when the cycle ends in an error.
    expect(result.code).toBe(c.error === null && c.summary.startsWith('0/') === false ? 0 : 1)
  })
})

describe('explain over the nominated pods table', () => {
  it.each(NOMINATED_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const diagnosis = judged((await explain(c.pod, c.cluster)).stdout)
    expect(Object.fromEntries(diagnosis.nodes.map((n) => [n.name, n.reason]))).toEqual(c.expected)
    expect(diagnosis.summary).toBe(c.summary)
    expect(diagnosis.preemptionCandidates.map((p) => p.node)).toEqual(c.candidates)
  })
})
