import { describe, expect, it } from 'vitest'
import {
  nodeAffinityMismatch,
  REASON_NODE_AFFINITY,
  volumesNotJudged,
} from '../../src/placement/index.js'
import { node, nodeNamed, diagnose, pod, req, term } from './builders.js'
import { DIAGNOSIS_CASES } from './diagnosis.cases.js'
import { INTER_POD_CASES } from './inter-pod-affinity.cases.js'
import { OUR_NODE_AFFINITY } from './node-affinity.ours.js'
import { PREFERRED_CASES } from './node-affinity.scores.js'
import { expectPreemptionOutcome, PREEMPTION_CASES } from './preemption.cases.js'
import { PRESCORE_CASES } from './prescore.cases.js'
import { NOMINATED_CASES } from './nominated-pods.cases.js'
import { UPSTREAM_NODE_AFFINITY } from './node-affinity.upstream.js'
import { expectUnjudged, UNJUDGED_CASES } from './unjudged.cases.js'
import { VOLUME_CASES } from './volume-plugins.cases.js'
import { WAITING_CASES } from './volume-binding-waiting.cases.js'

const NODE_AFFINITY_CASES = [...UPSTREAM_NODE_AFFINITY, ...OUR_NODE_AFFINITY]

/**
 * The placement semantics tables, run through diagnosePlacement: the code `explain` and
 * `POST /explain` answer with.
 */

describe('NodeAffinity Filter, one pod against one node', () => {
  it.each(NODE_AFFINITY_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    // The Filter itself, then the whole diagnosis, where PreFilter may turn the node away first
    // (metadata.name fields) with its own reason.
    const filter = nodeAffinityMismatch(c.pod.nodeAffinity, {
      name: c.node.name,
      labels: c.node.spec.labels ?? {},
    })
    expect(filter === null ? null : REASON_NODE_AFFINITY).toBe(c.reason)
    const only = nodeNamed(diagnose(c.pod, { nodes: [c.node] }), c.node.name)
    expect(only.plugin).toBe(c.reason === null ? null : 'NodeAffinity')
  })
})

describe('NodeAffinity Score, normalised 0–100 over the feasible nodes', () => {
  it.each(PREFERRED_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const diagnosis = diagnose(c.pod, { nodes: c.nodes })
    expect(diagnosis.nodes.map((n) => n.nodeAffinityScore)).toEqual(c.scores)
  })
})

describe('NodeAffinity PreScore, where an unparsable preferred term ends the cycle', () => {
  it.each(PRESCORE_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const diagnosis = diagnose(c.pod, { nodes: c.nodes })
    expect(diagnosis.schedulingError).toBe(c.error)
    expect(diagnosis.summary).toBe(c.summary)
    if (c.error !== null)
      expect(diagnosis.nodes.map((n) => n.nodeAffinityScore)).toEqual([null, null])
  })
})

describe('DefaultPreemption after inter-pod anti-affinity', () => {
  it.each(PREEMPTION_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const diagnosis = diagnose(c.pod, c.cluster)
    expectPreemptionOutcome(c, diagnosis)
  })
})

describe('InterPodAffinity Filter', () => {
  it.each(INTER_POD_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const diagnosis = diagnose(c.pod, c.cluster)
    const got = Object.fromEntries(diagnosis.nodes.map((n) => [n.name, n.reason]))
    expect(got).toEqual(c.expected)
  })
})

describe('the plugins whose input is not read', () => {
  it.each(UNJUDGED_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const cluster = {
      nodes: c.nodes,
      ...(c.kubeVersion ? { kubeVersion: c.kubeVersion } : {}),
      ...(c.storage ? { storage: c.storage } : {}),
    }
    expectUnjudged(c, diagnose(c.pod, cluster).notJudged)
  })
})

describe('the diagnosis over the plugins', () => {
  it.each(DIAGNOSIS_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const diagnosis = diagnose(c.pod, c.cluster)
    for (const [name, want] of Object.entries(c.expected)) {
      const got = nodeNamed(diagnosis, name)
      expect(got.plugin === null ? null : [got.plugin, got.reason]).toEqual(want)
    }
    expect(diagnosis.summary).toBe(c.summary)
  })

  it('normalises the taint score over the nodes that pass every filter, not over all nodes', () => {
    const diagnosis = diagnose(pod({ nodeSelector: { pool: 'web' } }), {
      nodes: [
        node('one-soft-taint', { labels: { pool: 'web' }, taints: ['a=b:PreferNoSchedule'] }),
        node('two-soft-taints', {
          labels: { pool: 'db' },
          taints: ['a=b:PreferNoSchedule', 'c=d:PreferNoSchedule'],
        }),
        node('clean', { labels: { pool: 'web' } }),
      ],
    })
    expect(diagnosis.nodes.map((n) => n.score)).toEqual([0, null, 10])
  })

  it('reports inter-pod affinity as not judged when no pods are given, and judges nothing of it', () => {
    const incoming = pod({
      antiAffinity: [
        {
          labelSelector: { matchLabels: {}, matchExpressions: [] },
          namespaces: [],
          namespaceSelector: null,
          topologyKey: 'zone',
        },
      ],
    })
    const diagnosis = diagnose(incoming, {
      nodes: [node('n', { labels: { zone: 'a' } })],
      pods: null,
    })
    expect(diagnosis.nodes[0]?.verdict).toBe('fits')
    expect(diagnosis.notJudged).toContainEqual(expect.stringMatching(/^inter-pod affinity/))
  })

  it('names the expression that failed in every term of a node that fails them all', () => {
    const diagnosis = diagnose(
      pod({ required: [term(req('disk', 'In', 'ssd')), term(req('gpu', 'Exists'))] }),
      {
        nodes: [node('n', { labels: { disk: 'hdd' } })],
      }
    )
    expect(diagnosis.nodes[0]?.detail).toBe(
      'term 0: disk in (ssd): node has disk=hdd; term 1: gpu: node has no label gpu'
    )
  })
})

describe('Filter and the preemption dry run with nominated pods', () => {
  it.each(NOMINATED_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const diagnosis = diagnose(c.pod, c.cluster)
    expect(Object.fromEntries(diagnosis.nodes.map((n) => [n.name, n.reason]))).toEqual(c.expected)
    expect(diagnosis.summary).toBe(c.summary)
    expect(diagnosis.preemptionCandidates.map((p) => p.node)).toEqual(c.candidates)
  })
})

describe('the volume plugins over the pod’s claims and their volumes', () => {
  it.each([...VOLUME_CASES, ...WAITING_CASES].map((c) => [c.name, c] as const))(
    '%s',
    (_name, c) => {
      const diagnosis = diagnose(c.pod, c.cluster)
      const rows = Object.fromEntries(
        diagnosis.nodes.map((n) => [n.name, n.plugin === null ? null : [n.plugin, n.reason]])
      )
      expect(rows).toEqual(c.expected)
      expect(diagnosis.summary).toBe(c.summary)
      expect(diagnosis.notJudged.filter((n) => n.startsWith('volumes ('))).toEqual(
        c.unjudged.length === 0 ? [] : [volumesNotJudged(c.unjudged)]
      )
    }
  )
})
