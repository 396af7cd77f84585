import {
  REASON_EXISTING_ANTI_AFFINITY as EXISTING,
  REASON_POD_AFFINITY as AFFINITY,
  REASON_POD_ANTI_AFFINITY as ANTI,
} from '../../src/placement/index.js'
import { type PlacementPod } from '../../src/placement/index.js'
import { node, placed, pod, podTerm, req, selector, type Cluster } from './builders.js'

/**
 * InterPodAffinity Filter. The rows up to "ours" carry the facts of upstream's
 * TestRequiredAffinitySingleNode and TestRequiredAffinityMultipleNodes
 * (pkg/scheduler/framework/plugins/interpodaffinity/filtering_test.go) in this table's form.
 */

export interface InterPodCase {
  readonly name: string
  readonly pod: PlacementPod
  readonly cluster: Cluster
  /** Node name → the reason it is rejected for, or null when it fits. */
  readonly expected: Readonly<Record<string, string | null>>
}

const MACHINE1 = node('machine1', { labels: { region: 'r1', zone: 'z11', hostname: 'machine1' } })
const MACHINE2 = node('machine2', { labels: { region: 'r1', zone: 'z12', hostname: 'machine2' } })
const MACHINE3 = node('machine3', { labels: { region: 'r2', zone: 'z21', hostname: 'machine3' } })
const securityscan = { service: 'securityscan' }
const bySecurityscan = selector({}, req('service', 'In', 'securityscan', 'value2'))

export const INTER_POD_CASES: readonly InterPodCase[] = [
  {
    name: 'a pod without required pod affinity fits a node with no pods',
    pod: pod(),
    cluster: { nodes: [MACHINE1] },
    expected: { machine1: null },
  },
  {
    name: 'required affinity In matching a pod in the same region fits',
    pod: pod({ affinity: [podTerm('region', bySecurityscan)] }),
    cluster: { nodes: [MACHINE1], pods: [placed('machine1', { labels: securityscan })] },
    expected: { machine1: null },
  },
  {
    name: 'required affinity NotIn the other values matches the placed pod and fits',
    pod: pod({
      affinity: [
        podTerm('region', selector({}, req('service', 'NotIn', 'securityscan3', 'value3'))),
      ],
    }),
    cluster: { nodes: [MACHINE1], pods: [placed('machine1', { labels: securityscan })] },
    expected: { machine1: null },
  },
  {
    name: 'required affinity naming another namespace misses the placed pod and does not fit',
    pod: pod({ affinity: [podTerm('region', bySecurityscan, { namespaces: ['DiffNameSpace'] })] }),
    cluster: { nodes: [MACHINE1], pods: [placed('machine1', { labels: securityscan })] },
    expected: { machine1: AFFINITY },
  },
  {
    name: 'required affinity whose selector misses the placed pod does not fit',
    pod: pod({
      affinity: [podTerm('region', selector({}, req('service', 'In', 'antivirusscan', 'value2')))],
    }),
    cluster: { nodes: [MACHINE1], pods: [placed('machine1', { labels: securityscan })] },
    expected: { machine1: AFFINITY },
  },
  {
    name: 'affinity to a placed pod and anti-affinity to another kind both hold, so it fits',
    pod: pod({
      affinity: [podTerm('region', bySecurityscan)],
      antiAffinity: [
        podTerm('zone', selector({}, req('service', 'In', 'antivirusscan', 'value2'))),
      ],
    }),
    cluster: { nodes: [MACHINE1], pods: [placed('machine1', { labels: securityscan })] },
    expected: { machine1: null },
  },
  {
    name: 'affinity holds but anti-affinity to the same pod in the zone does not fit',
    pod: pod({
      affinity: [podTerm('region', bySecurityscan)],
      antiAffinity: [podTerm('zone', bySecurityscan)],
    }),
    cluster: { nodes: [MACHINE1], pods: [placed('machine1', { labels: securityscan })] },
    expected: { machine1: ANTI },
  },
  {
    name: "a placed pod's anti-affinity to the incoming pod's labels rejects its zone",
    pod: pod({ labels: { service: 'securityscan' } }),
    cluster: {
      nodes: [MACHINE1, MACHINE2],
      pods: [
        placed('machine1', {
          labels: { app: 'db' },
          antiAffinity: [podTerm('zone', bySecurityscan)],
        }),
      ],
    },
    expected: { machine1: EXISTING, machine2: null },
  },
  {
    name: "a placed pod's anti-affinity over a topology key the node lacks does not reject it",
    pod: pod({ labels: { service: 'securityscan' } }),
    cluster: {
      nodes: [MACHINE1],
      pods: [placed('machine1', { antiAffinity: [podTerm('rack', bySecurityscan)] })],
    },
    expected: { machine1: null },
  },
  {
    name: 'affinity over region admits every node of the region holding a matching pod, and no other',
    pod: pod({ affinity: [podTerm('region', bySecurityscan)] }),
    cluster: {
      nodes: [MACHINE1, MACHINE2, MACHINE3],
      pods: [placed('machine1', { labels: securityscan })],
    },
    expected: { machine1: null, machine2: null, machine3: AFFINITY },
  },
  {
    name: 'the first pod of a group with affinity to itself is not blocked when no pod matches anywhere',
    pod: pod({ labels: securityscan, affinity: [podTerm('region', bySecurityscan)] }),
    cluster: { nodes: [MACHINE1, MACHINE3], pods: [] },
    expected: { machine1: null, machine3: null },
  },
  {
    name: 'a self-matching pod is still blocked by a node without the topology key',
    pod: pod({ labels: securityscan, affinity: [podTerm('rack', bySecurityscan)] }),
    cluster: { nodes: [MACHINE1], pods: [] },
    expected: { machine1: AFFINITY },
  },
  {
    name: 'a self-matching pod is blocked once a matching pod exists in another domain only',
    pod: pod({ labels: securityscan, affinity: [podTerm('region', bySecurityscan)] }),
    cluster: { nodes: [MACHINE1, MACHINE3], pods: [placed('machine3', { labels: securityscan })] },
    expected: { machine1: AFFINITY, machine3: null },
  },
  // Ours.
  {
    name: 'a pod whose affinity term does not match itself is blocked when no pod matches anywhere',
    pod: pod({ labels: { app: 'web' }, affinity: [podTerm('region', bySecurityscan)] }),
    cluster: { nodes: [MACHINE1], pods: [] },
    expected: { machine1: AFFINITY },
  },
  {
    name: 'the empty-namespaces default is the incoming pod own namespace',
    pod: pod({ namespace: 'shop', affinity: [podTerm('region', bySecurityscan)] }),
    cluster: {
      nodes: [MACHINE1],
      pods: [placed('machine1', { namespace: 'other', labels: securityscan })],
    },
    expected: { machine1: AFFINITY },
  },
  {
    name: 'a namespaceSelector reaches the namespaces whose labels it matches',
    pod: pod({
      namespace: 'shop',
      affinity: [
        podTerm('region', bySecurityscan, { namespaceSelector: selector({ team: 'sec' }) }),
      ],
    }),
    cluster: {
      nodes: [MACHINE1],
      pods: [placed('machine1', { namespace: 'scanners', labels: securityscan })],
      namespaces: { scanners: { team: 'sec' }, shop: {} },
    },
    expected: { machine1: null },
  },
  {
    name: 'an empty namespaceSelector reaches every namespace',
    pod: pod({ affinity: [podTerm('region', bySecurityscan, { namespaceSelector: selector() })] }),
    cluster: {
      nodes: [MACHINE1],
      pods: [placed('machine1', { namespace: 'anywhere', labels: securityscan })],
    },
    expected: { machine1: null },
  },
  {
    name: "a placed pod's anti-affinity namespaceSelector is matched against the incoming pod's namespace labels",
    pod: pod({ namespace: 'shop', labels: securityscan }),
    cluster: {
      nodes: [MACHINE1],
      pods: [
        placed('machine1', {
          namespace: 'db',
          antiAffinity: [
            podTerm('hostname', bySecurityscan, { namespaceSelector: selector({ tier: 'front' }) }),
          ],
        }),
      ],
      namespaces: { shop: { tier: 'front' }, db: {} },
    },
    expected: { machine1: EXISTING },
  },
  {
    name: 'a null labelSelector matches no pod, so anti-affinity with it never repels',
    pod: pod({ antiAffinity: [podTerm('hostname', null)] }),
    cluster: { nodes: [MACHINE1], pods: [placed('machine1', { labels: securityscan })] },
    expected: { machine1: null },
  },
  {
    name: 'an empty labelSelector matches every pod of the namespaces, so anti-affinity with it repels',
    pod: pod({ antiAffinity: [podTerm('hostname', selector())] }),
    cluster: { nodes: [MACHINE1, MACHINE2], pods: [placed('machine1', { labels: securityscan })] },
    expected: { machine1: ANTI, machine2: null },
  },
  {
    name: 'affinity needs one pod matching all terms, not each term matched by a different pod',
    pod: pod({
      affinity: [
        podTerm('region', selector({ app: 'a' })),
        podTerm('region', selector({ tier: 't' })),
      ],
    }),
    cluster: {
      nodes: [MACHINE1],
      pods: [
        placed('machine1', { name: 'only-a', labels: { app: 'a' } }),
        placed('machine1', { name: 'only-t', labels: { tier: 't' } }),
      ],
    },
    expected: { machine1: AFFINITY },
  },
  {
    name: 'a pod bound to a node not in the list counts for nothing',
    pod: pod({ affinity: [podTerm('region', bySecurityscan)] }),
    cluster: { nodes: [MACHINE1], pods: [placed('gone', { labels: securityscan })] },
    expected: { machine1: AFFINITY },
  },
]
