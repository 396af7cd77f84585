import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  diagnoseInSnapshot,
  Snapshot,
  type ClusterPod,
  type LabelSelector,
  type PlacementDiagnosis,
} from '../../src/placement/index.js'
import { diagnose, nominated, placementNodes, podInput, req, selector } from './builders.js'
import type { TestNode } from './builders.js'
import { incomingPodsArb, NAMESPACES, nodesArb, placedPodsArb } from './snapshot-arbitraries.js'

/**
 * The snapshot's two promises over generated clusters: AddPod and RemovePod change it by one pod
 * and leave it as a snapshot built from scratch would be, and pods judged one after another
 * against a snapshot changed in place get the verdicts a snapshot rebuilt for each would give.
 */

const SELECTORS: readonly (LabelSelector | null)[] = [
  selector({ app: 'web' }),
  selector({}, req('app', 'In', 'web', 'db')),
  selector({}, req('app', 'Exists')),
  selector({}, req('app', 'NotIn', 'web')),
  null,
]

const LABEL_SETS: readonly Record<string, string>[] = [{ app: 'web' }, { app: 'db' }, {}]

const names = (pods: Iterable<ClusterPod>): string[] => [...pods].map((p) => p.name)

/** Everything a plugin can read of the snapshot, as plain data. */
function contents(snapshot: Snapshot) {
  return {
    nodes: snapshot.nodeInfoList.map((n) => ({
      name: n.name,
      pods: names(n.pods),
      withAffinity: names(n.podsWithAffinity),
      withRequiredAntiAffinity: names(n.podsWithRequiredAntiAffinity),
      withClaims: names(n.podsWithClaims),
      requested: {
        milliCpu: n.requested.milliCpu,
        memory: n.requested.memory,
        ephemeralStorage: n.requested.ephemeralStorage,
        scalar: [...n.requested.scalar].sort(),
      },
      usedPorts: n.usedPorts.entries(),
      nonZeroRequested: n.nonZeroRequested,
    })),
    havePodsWithAffinity: snapshot.havePodsWithAffinity.map((n) => n.name),
    havePodsWithRequiredAntiAffinity: snapshot.havePodsWithRequiredAntiAffinity.map((n) => n.name),
    namespaces: [...snapshot.namespaces()].sort(),
    candidates: NAMESPACES.flatMap((ns) =>
      SELECTORS.map((s) => names(snapshot.candidates(ns, s)).sort())
    ),
    antiAffinityCandidates: LABEL_SETS.map((labels) =>
      names(snapshot.antiAffinityCandidates(labels)).sort()
    ),
    named: names(snapshot.podsNamed('ns-a', 'p0')),
  }
}

function build(nodes: readonly TestNode[], pods: readonly ClusterPod[]): Snapshot {
  return Snapshot.build(placementNodes(nodes), pods)
}

describe('the snapshot changed by AddPod and RemovePod', () => {
  it('adding pods and removing them again leaves the snapshot built from scratch (300 clusters)', () => {
    fc.assert(
      fc.property(
        nodesArb,
        placedPodsArb('p', 12),
        placedPodsArb('q', 6),
        fc.infiniteStream(fc.nat()),
        (nodes, pods, extra, shuffle) => {
          const snapshot = build(nodes, pods)
          contents(snapshot) // builds the lazy label indexes and sums, which the changes must keep
          for (const pod of extra) snapshot.addPod(pod)
          const order = [...extra].sort(() => (shuffle.next().value % 3) - 1)
          for (const pod of order) snapshot.removePod(pod)
          expect(contents(snapshot)).toEqual(contents(build(nodes, pods)))
        }
      ),
      { numRuns: 300 }
    )
  })

  it('removing some pods equals never having read them, and adding them back the first snapshot, each pod in its first place (300 clusters)', () => {
    fc.assert(
      fc.property(
        nodesArb,
        placedPodsArb('p', 14),
        fc.array(fc.boolean(), { minLength: 14, maxLength: 14 }),
        (nodes, pods, taken) => {
          const snapshot = build(nodes, pods)
          const places = pods.map((p) => snapshot.orderOf(p))
          const gone = pods.filter((_, i) => taken[i] === true)
          contents(snapshot)
          for (const pod of gone) snapshot.removePod(pod)
          const kept = pods.filter((p) => !gone.includes(p))
          expect(contents(snapshot)).toEqual(contents(build(nodes, kept)))
          expect(pods.map((p) => snapshot.orderOf(p))).toEqual(places)
          for (const pod of [...gone].reverse()) snapshot.addPod(pod)
          expect(contents(snapshot)).toEqual(contents(build(nodes, pods)))
          expect(pods.map((p) => snapshot.orderOf(p))).toEqual(places)
        }
      ),
      { numRuns: 300 }
    )
  })
})

/** Binds the pod where the diagnosis lets it go: a feasible node, or the first preemption candidate. */
function placement(d: PlacementDiagnosis): { node: string; victims: readonly string[] } | null {
  const fits = d.nodes.find((n) => n.verdict === 'fits')
  if (fits !== undefined) return { node: fits.name, victims: [] }
  const candidate = d.preemptionCandidates[0]
  if (candidate === undefined) return null
  return { node: candidate.node, victims: candidate.victims ?? candidate.lowerPriorityPods }
}

describe('pods judged one after another', () => {
  it('get the same diagnosis from a snapshot changed in place as from one rebuilt for each (200 clusters)', () => {
    fc.assert(
      fc.property(
        nodesArb,
        placedPodsArb('p', 14),
        incomingPodsArb(6),
        fc.constantFrom('n0', 'n3'),
        (nodes, pods, incoming, nominatedTo) => {
          const cluster = {
            nodes,
            nominated: [nominated(nominatedTo, { namespace: 'ns-a', priority: 100 })],
          }
          const live = build(nodes, pods)
          let placed: ClusterPod[] = [...pods]
          for (const pod of incoming) {
            const got = diagnoseInSnapshot({ ...podInput(pod, cluster), snapshot: live })
            expect(got).toEqual(diagnose(pod, { ...cluster, pods: placed }))
            const where = placement(got)
            if (where === null) continue
            const evicted = placed.filter((p) => where.victims.includes(`${p.namespace}/${p.name}`))
            for (const victim of evicted) live.removePod(victim)
            const bound = { ...pod, nodeName: where.node }
            live.addPod(bound)
            placed = [...placed.filter((p) => !evicted.includes(p)), bound]
          }
        }
      ),
      { numRuns: 200 }
    )
  })

  it('get the same diagnosis judged twice over against an unchanged snapshot, which keeps the affinity counts of terms judged before, as from one built for each (200 clusters)', () => {
    fc.assert(
      fc.property(nodesArb, placedPodsArb('p', 14), incomingPodsArb(6), (nodes, pods, incoming) => {
        const cluster = { nodes, nominated: [] }
        const live = build(nodes, pods)
        for (const pod of [...incoming, ...incoming]) {
          const got = diagnoseInSnapshot({ ...podInput(pod, cluster), snapshot: live })
          expect(got).toEqual(diagnose(pod, { ...cluster, pods }))
        }
      }),
      { numRuns: 200 }
    )
  })
})
