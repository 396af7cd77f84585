import { describe, expect, it } from 'vitest'
import type {
  ClusterPod,
  NamespaceLabels,
  PlacementPod,
  WeightedPodAffinityTerm,
} from '../../src/placement/index.js'
import { Snapshot } from '../../src/placement/index.js'
import { preScoreInterPodAffinity } from '../../src/placement/inter-pod-affinity-score.js'
import { node, placementNodes, pod, podInput, podTerm, selector, type PodSpec } from './builders.js'
import { scores, type ScoreOutcome } from './score-plugin-builders.js'

/**
 * InterPodAffinity's Score on one snapshot changed between pods, as forecast places one
 * replacement after another: what a node's placed pods add is kept between pods of the same
 * namespace and labels, so each step's answer must be the one a fresh snapshot of the same pods
 * gives, whatever was scored on it before.
 */

const HOST = 'kubernetes.io/hostname'
const ZONE = 'topology.kubernetes.io/zone'
const zoned = (name: string, zone: string) => node(name, { labels: { [HOST]: name, [ZONE]: zone } })
const NODES = [zoned('n1', 'zone-a'), zoned('n2', 'zone-a'), zoned('n3', 'zone-b')]

const weighted = (weight: number, key: string, labels: Record<string, string>, more = {}) =>
  ({ weight, term: podTerm(key, selector(labels), more) }) satisfies WeightedPodAffinityTerm

const placed = (
  name: string,
  on: string,
  spec: PodSpec,
  affinity: WeightedPodAffinityTerm[] = []
) => ({ ...pod({ name, ...spec, nodeName: on }), preferredAffinity: affinity }) satisfies ClusterPod

const WEB = pod({ labels: { app: 'web' } })
const CACHE = pod({ labels: { app: 'cache' } })
const WEB_IN_SHOP = pod({ namespace: 'shop', labels: { app: 'web' } })

const C = placed('c', 'n3', { affinity: [podTerm(ZONE, selector({ app: 'web' }))] })
/** A second pod with c's required term, on n3, which already holds a pod with affinity. */
const C2 = placed('c2', 'n3', { affinity: [podTerm(ZONE, selector({ app: 'web' }))] })
const D = placed('d', 'n1', {}, [weighted(5, HOST, { app: 'web' })])
/** d again, a new object with another weight: the same name on the same node. */
const D_AGAIN = placed('d', 'n1', {}, [weighted(8, HOST, { app: 'web' })])
const TEAM_A = { team: 'a' }
/** Namespace labels as one run reads them: the same map for every pod it places. */
const NO_LABELS: NamespaceLabels = new Map()
const SHOP_TEAM_A: NamespaceLabels = new Map([['shop', TEAM_A]])
const SHOP_TEAM_B: NamespaceLabels = new Map([['shop', { team: 'b' }]])
const E = placed('e', 'n2', { namespace: 'infra' }, [
  weighted(3, HOST, { app: 'web' }, { namespaceSelector: selector(TEAM_A) }),
])

type Change = { readonly add: ClusterPod } | { readonly remove: ClusterPod }

interface Step {
  readonly name: string
  readonly change?: Change
  readonly pod: PlacementPod
  readonly namespaces?: NamespaceLabels
  readonly expected: ScoreOutcome
}

/** Each step changes the snapshot of the steps before it, then scores its pod on it. */
const STEPS: readonly Step[] = [
  {
    name: 'a placed pod’s required affinity to app=web adds 1 to zone-b for a web pod',
    pod: WEB,
    expected: scores({ n1: 0, n2: 0, n3: 1 }, { n1: 0, n2: 0, n3: 100 }),
  },
  {
    name: 'a pod added on n1 with a preferred affinity of 5 to app=web counts for the next web pod',
    change: { add: D },
    pod: WEB,
    expected: scores({ n1: 5, n2: 0, n3: 1 }, { n1: 100, n2: 0, n3: 20 }),
  },
  {
    name: 'a second pod with the required term on n3, a node with such pods already, adds 1 more to zone-b',
    change: { add: C2 },
    pod: WEB,
    expected: scores({ n1: 5, n2: 0, n3: 2 }, { n1: 100, n2: 0, n3: 40 }),
  },
  {
    name: 'a cache pod on the same snapshot matches no term: Skip, not the web pod’s sums',
    pod: CACHE,
    expected: 'skip',
  },
  {
    name: 'one pod with the required term taken off leaves the other’s 1 on zone-b',
    change: { remove: C },
    pod: WEB,
    expected: scores({ n1: 5, n2: 0, n3: 1 }, { n1: 100, n2: 0, n3: 20 }),
  },
  {
    name: 'a web pod of another namespace is not matched by terms of the default namespace: Skip',
    pod: WEB_IN_SHOP,
    expected: 'skip',
  },
  {
    name: 'the pod with the preferred term taken off n1 leaves zone-b alone scored',
    change: { remove: D },
    pod: WEB,
    expected: scores({ n1: 0, n2: 0, n3: 1 }, { n1: 0, n2: 0, n3: 100 }),
  },
  {
    name: 'another pod of the same name back on n1 counts by its own weight, 8',
    change: { add: D_AGAIN },
    pod: WEB,
    expected: scores({ n1: 8, n2: 0, n3: 1 }, { n1: 100, n2: 0, n3: 12 }),
  },
  {
    name: 'a term with a namespaceSelector for team=a matches the shop pod when shop is team=a',
    change: { add: E },
    pod: WEB_IN_SHOP,
    namespaces: SHOP_TEAM_A,
    expected: scores({ n1: 0, n2: 3, n3: 0 }, { n1: 0, n2: 100, n3: 0 }),
  },
  {
    name: 'the same term does not match the shop pod once the namespace labels say team=b',
    pod: WEB_IN_SHOP,
    namespaces: SHOP_TEAM_B,
    expected: 'skip',
  },
]

function scoreOn(snapshot: Snapshot, step: Step): ScoreOutcome {
  const input = {
    ...podInput(step.pod, { nodes: NODES }),
    namespaces: step.namespaces ?? NO_LABELS,
    snapshot,
    workloads: null,
  }
  const feasible = snapshot.nodeInfoList
  const plugin = preScoreInterPodAffinity(input, feasible)
  if (plugin === null) return 'skip'
  if (!('score' in plugin)) throw new Error('InterPodAffinity answered neither Skip nor a score')
  const all = feasible.map((n) => plugin.score(n))
  const raw = Object.fromEntries(feasible.map((n, i) => [n.name, all[i] as number]))
  plugin.normalize?.(all)
  return { raw, normalized: Object.fromEntries(feasible.map((n, i) => [n.name, all[i] as number])) }
}

describe('InterPodAffinity Score on a snapshot changed between pods', () => {
  const snapshot = Snapshot.build(placementNodes(NODES), [C])
  const present = new Set<ClusterPod>([C])
  it.each(STEPS)('$name', (step) => {
    if (step.change !== undefined && 'add' in step.change) {
      snapshot.addPod(step.change.add)
      present.add(step.change.add)
    } else if (step.change !== undefined) {
      snapshot.removePod(step.change.remove)
      present.delete(step.change.remove)
    }
    expect(scoreOn(snapshot, step)).toEqual(step.expected)
    const fresh = Snapshot.build(placementNodes(NODES), [...present])
    expect(scoreOn(fresh, step)).toEqual(step.expected)
  })
})
