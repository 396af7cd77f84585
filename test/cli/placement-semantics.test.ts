import { formatKubeVersion } from '../../src/core/index.js'
import { volumesNotJudged } from '../../src/placement/index.js'
import { describe, expect, it } from 'vitest'
import {
  REASON_NODE_PORTS,
  termValidationProblem,
  type DisruptionBudget,
} from '../../src/placement/index.js'
import type { Cluster } from '../placement/builders.js'
import { DIAGNOSIS_CASES } from '../placement/diagnosis.cases.js'
import { VOLUME_CASES } from '../placement/volume-plugins.cases.js'
import { WAITING_CASES } from '../placement/volume-binding-waiting.cases.js'
import { INTER_POD_CASES } from '../placement/inter-pod-affinity.cases.js'
import { OUR_NODE_AFFINITY } from '../placement/node-affinity.ours.js'
import { expectPreemptionOutcome, PREEMPTION_CASES } from '../placement/preemption.cases.js'
import { PRESCORE_CASES } from '../placement/prescore.cases.js'
import { NOMINATED_CASES } from '../placement/nominated-pods.cases.js'
import { UPSTREAM_NODE_AFFINITY } from '../placement/node-affinity.upstream.js'
import {
  wireClaim,
  wireNode,
  wirePersistentVolume,
  wirePod,
  wireStorageClass,
  wireCsiNode,
  wireVolumeAttachment,
  wireCsiDriver,
  wireStorageCapacity,
} from '../placement/wire.js'
import { FIT_CASES } from '../placement/node-resources-fit.cases.js'
import { PORTS_CASES } from '../placement/node-ports.cases.js'
import { RESOURCE_PREEMPTION_CASES } from '../placement/resource-preemption.cases.js'
import { expectUnjudged, UNJUDGED_CASES } from '../placement/unjudged.cases.js'
import type { ClusterPod, PlacementPod } from '../../src/placement/index.js'
import { runTool, tempFile } from './run-tool.js'

/**
 * The placement semantics tables (test/placement) run through the explain tool: each row
 * written as the files `kubectl get … -o json` would give, read back and judged, so decoding
 * and diagnosis are checked together.
 */

interface Explained {
  nodes: {
    name: string
    plugin: string | null
    reason: string | null
    reasons: string[]
    detail: string
    unresolvable: boolean
  }[]
  summary: string
  schedulingError: string | null
  preemptionCandidates: { node: string; victims: string[] | null }[]
  notJudged: string[]
}

/** What a placed pod of the tables leaves to the wire's defaults. */
const PLACED_POD = {
  nodeAffinity: { nodeSelector: {}, required: null, preferred: [] },
  preemptionPolicy: '',
  resourceClaims: 0,
}

/** A placed pod's volumes: its claims (NodeVolumeLimits counts them on its node), if any. */
function placedVolumes(p: ClusterPod) {
  const volumeClaims = p.volumeClaims ?? []
  const inlineStorage = p.inlineStorage ?? false
  return { volumeClaims, inlineStorage, storageVolumes: volumeClaims.length > 0 || inlineStorage }
}

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
          wirePod({ ...p, ...PLACED_POD, ...placedVolumes(p), nominatedNodeName: '' })
        ),
        ...(cluster.nominated ?? []).map((p) =>
          wirePod({ ...p, ...PLACED_POD, ...placedVolumes(p) })
        ),
      ])
    ),
    '--namespaces',
    tempFile('namespaces.json', list(namespaces)),
    ...(cluster.budgets == null
      ? []
      : ['--pdbs', tempFile('pdbs.json', list(cluster.budgets.map(wireBudget)))]),
    ...(cluster.storage === undefined
      ? []
      : [
          '--storage',
          tempFile(
            'storage.json',
            list([
              ...cluster.storage.claims.map(wireClaim),
              ...cluster.storage.classes.map(wireStorageClass),
              ...(cluster.storage.volumes ?? []).map(wirePersistentVolume),
              ...(cluster.storage.csiNodes ?? []).map(wireCsiNode),
              ...(cluster.storage.attachments ?? []).map(wireVolumeAttachment),
              ...(cluster.storage.csiDrivers ?? []).map(wireCsiDriver),
              ...(cluster.storage.capacities ?? []).map(wireStorageCapacity),
            ])
          ),
        ]),
    ...(cluster.kubeVersion === undefined
      ? []
      : ['--kube-version', formatKubeVersion(cluster.kubeVersion)]),
    '-o',
    'json',
  ]
  return runTool('explain', argv)
}

/** A budget as `kubectl get pdb -A -o json` prints it. */
function wireBudget(budget: DisruptionBudget): Record<string, unknown> {
  return {
    metadata: { namespace: budget.namespace, name: budget.name },
    spec: { selector: budget.selector },
    status: {
      disruptionsAllowed: budget.disruptionsAllowed,
      disruptedPods: Object.fromEntries(
        [...budget.disruptedPods].map((p) => [p, '2026-01-01T00:00:00Z'])
      ),
    },
  }
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

/**
 * The tables hold kube-scheduler's FitError wording; for a pod that fits, which kube-scheduler
 * never words, explain says "fits on N of M node(s); the other K: …" with the same counts.
 */
function inExplainWords(summary: string): string {
  const fit = /^([1-9]\d*)\/(\d+) nodes are available(?:: (.*))?\.$/.exec(summary)
  if (fit === null) return summary
  const [available, total] = [Number(fit[1]), Number(fit[2])]
  const head = `fits on ${available} of ${total} node(s)`
  return fit[3] === undefined ? `${head}.` : `${head}; the other ${total - available}: ${fit[3]}.`
}

describe('explain over the diagnosis table', () => {
  it.each(DIAGNOSIS_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const result = await explain(c.pod, c.cluster)
    if (c.pod.nodeName !== '') {
      // A pod naming its node is bound: explained by that node's row alone, exit 0.
      const { bound } = JSON.parse(result.stdout) as {
        bound: { diagnosis: Explained['nodes'][0] | null }
      }
      const row = bound.diagnosis
      const want = c.expected[c.pod.nodeName] ?? null
      expect(result.code).toBe(0)
      expect(row?.plugin == null ? null : [row.plugin, row.reason]).toEqual(want)
      return
    }
    const diagnosis = judged(result.stdout)
    for (const [name, want] of Object.entries(c.expected)) {
      const got = diagnosis.nodes.find((n) => n.name === name)
      expect(got?.plugin == null ? null : [got.plugin, got.reason]).toEqual(want)
    }
    expect(diagnosis.summary).toBe(inExplainWords(c.summary))
  })
})

describe('explain over the volume plugins table', () => {
  it.each([...VOLUME_CASES, ...WAITING_CASES].map((c) => [c.name, c] as const))(
    '%s',
    async (_name, c) => {
      const diagnosis = judged((await explain(c.pod, c.cluster)).stdout)
      const rows = Object.fromEntries(
        diagnosis.nodes.map((n) => [n.name, n.plugin == null ? null : [n.plugin, n.reason]])
      )
      expect(rows).toEqual(c.expected)
      expect(diagnosis.summary).toBe(inExplainWords(c.summary))
      expect(diagnosis.notJudged.filter((n) => n.startsWith('volumes ('))).toEqual(
        c.unjudged.length === 0 ? [] : [volumesNotJudged(c.unjudged)]
      )
    }
  )
})

describe('explain over the table of plugins whose input is not read', () => {
  it.each(UNJUDGED_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const cluster = {
      nodes: c.nodes,
      ...(c.kubeVersion ? { kubeVersion: c.kubeVersion } : {}),
      ...(c.storage ? { storage: c.storage } : {}),
    }
    const result = await explain(c.pod, cluster)
    expect(result.code).toBe(c.turnedAway === true ? 1 : 0)
    expectUnjudged(c, judged(result.stdout).notJudged)
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
    expect(diagnosis.summary).toBe(inExplainWords(c.summary))
    // The pod is placed nowhere when the cycle ends in an error.
    expect(result.code).toBe(c.error === null && c.summary.startsWith('0/') === false ? 0 : 1)
  })
})

describe('explain over the nominated pods table', () => {
  it.each(NOMINATED_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const diagnosis = judged((await explain(c.pod, c.cluster)).stdout)
    expect(Object.fromEntries(diagnosis.nodes.map((n) => [n.name, n.reason]))).toEqual(c.expected)
    expect(diagnosis.summary).toBe(inExplainWords(c.summary))
    expect(diagnosis.preemptionCandidates.map((p) => p.node)).toEqual(c.candidates)
  })
})

describe('explain over the NodeResourcesFit table', () => {
  it.each(FIT_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const result = await explain(c.pod, c.cluster)
    expect(result.code).toBe(c.reasons.length === 0 ? 0 : 1)
    const n = judged(result.stdout).nodes[0]
    expect(n?.reasons).toEqual(c.reasons)
    if (c.detail !== undefined) expect(n?.detail).toBe(c.detail)
    if (c.unresolvable !== undefined) expect(n?.unresolvable).toBe(c.unresolvable)
  })
})

describe('explain over the NodePorts table', () => {
  it.each(PORTS_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const n = judged((await explain(c.pod, c.cluster)).stdout).nodes[0]
    expect(n?.reasons).toEqual(c.conflicts ? [REASON_NODE_PORTS] : [])
  })
})

describe('explain over the DefaultPreemption table for resources and host ports', () => {
  it.each(RESOURCE_PREEMPTION_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const diagnosis = judged((await explain(c.pod, c.cluster)).stdout)
    expect(diagnosis.summary).toBe(c.summary)
    const victims = diagnosis.preemptionCandidates.map((p) => [p.node, p.victims])
    expect(Object.fromEntries(victims)).toEqual(c.victims)
  })
})
