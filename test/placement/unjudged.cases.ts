import { expect } from 'vitest'
import type { KubeVersion } from '../../src/core/index.js'
import { UNJUDGED_CONSTRAINTS, type PlacementPod } from '../../src/placement/index.js'
import { node, pod, type Cluster, type TestNode } from './builders.js'

/**
 * What the diagnosis leaves unjudged of the plugins whose input it does not read: the volume
 * plugins only for a pod with a volume they may read (VolumeBinding's PreFilter skips a pod
 * without a claim; the others pass a pod without a claim or disk on every node), and
 * DynamicResources only for a pod with resource claims (its PreFilter skips one without), and
 * only from v1.34, whose default profile first holds it. The verdicts are the same either way.
 * A PreFilter that turns the pod away ends the cycle (framework.go `RunPreFilterPlugins`): what
 * only a Filter or a later PreFilter reads is then not named.
 */

export interface UnjudgedCase {
  readonly name: string
  readonly pod: PlacementPod
  readonly nodes: readonly TestNode[]
  /** The release judged for; the newest when absent. */
  readonly kubeVersion?: KubeVersion
  /** The claims and classes read; not read when absent. */
  readonly storage?: Cluster['storage']
  /** A PreFilter turns the pod away: it fits nowhere (explain exits 1). */
  readonly turnedAway?: true
  readonly volumes: boolean
  readonly claims: boolean
}

const MISSING_CLAIM = [{ claimName: 'missing', ephemeral: false }]

const NODES = [node('a'), node('b', { taints: ['dedicated=db:NoSchedule'] })]

export const UNJUDGED_CASES: readonly UnjudgedCase[] = [
  {
    name: 'a pod with neither a volume the volume plugins read nor a resource claim leaves neither unjudged',
    pod: pod(),
    nodes: NODES,
    volumes: false,
    claims: false,
  },
  {
    name: 'a pod with such a volume leaves the volume plugins unjudged, and DRA judged',
    pod: pod({ storageVolumes: true }),
    nodes: NODES,
    volumes: true,
    claims: false,
  },
  {
    name: 'a pod with a resource claim leaves DRA unjudged, and the volume plugins judged',
    pod: pod({ resourceClaims: 1 }),
    nodes: NODES,
    volumes: false,
    claims: true,
  },
  {
    name: 'before v1.34 the default profile has no DynamicResources: a resource claim leaves nothing unjudged',
    pod: pod({ resourceClaims: 1 }),
    nodes: NODES,
    kubeVersion: { minor: 33, patch: null },
    volumes: false,
    claims: false,
  },
  {
    name: 'from v1.34, where the DynamicResourceAllocation gate is on, a resource claim leaves DRA unjudged',
    pod: pod({ resourceClaims: 1 }),
    nodes: NODES,
    kubeVersion: { minor: 34, patch: 0 },
    volumes: false,
    claims: true,
  },
  {
    name: 'a pod with both leaves both unjudged',
    pod: pod({ storageVolumes: true, resourceClaims: 2 }),
    nodes: NODES,
    volumes: true,
    claims: true,
  },
  {
    name: 'a pod a volume PreFilter turns away (its claim missing) leaves DRA unnamed: neither its PreFilter, later, nor any Filter runs',
    pod: pod({ volumeClaims: MISSING_CLAIM, resourceClaims: 1 }),
    nodes: NODES,
    storage: { claims: [], classes: [] },
    turnedAway: true,
    volumes: false,
    claims: false,
  },
]

/** The diagnosis' not-judged list names the volume plugins and DRA exactly as the row says. */
export function expectUnjudged(c: UnjudgedCase, notJudged: readonly string[]): void {
  const [volumes, claims] = UNJUDGED_CONSTRAINTS
  expect(notJudged.includes(volumes)).toBe(c.volumes)
  expect(notJudged.includes(claims)).toBe(c.claims)
}
