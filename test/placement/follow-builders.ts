import { describe, expect, it } from 'vitest'
import type { EvictingNodes, Taint, Toleration } from '../../src/core/index.js'
import {
  followEvictions,
  FollowReplay,
  NEW_POD_SUFFIX,
  planTaintEvictions,
  volumeStorage,
  type DisruptionBudget,
  type EvictionFollowUp,
  type PlannedEviction,
  type ReplacementOf,
} from '../../src/placement/index.js'
import { GATE_ON, taint, toleration } from '../core/builders.js'
import {
  placementNodes,
  pod,
  selector,
  type Cluster,
  type PodSpec,
  type TestNode,
} from './builders.js'

/**
 * A small cluster for the forecast engine's table: pods with their tolerations and owners, a
 * taint on some nodes, and what each owner makes of an evicted pod. `render` prints the
 * outcome one line per eviction, so a row reads as the forecast a user would read.
 */

export interface OwnedPod {
  readonly spec: PodSpec & { name: string; nodeName: string }
  /** `metadata.creationTimestamp`. */
  readonly createdAt?: string
  /** `spec.terminationGracePeriodSeconds`; unset when absent. */
  readonly grace?: number
  readonly tolerations?: readonly Toleration[]
  /** What recreates it; absent: a bare pod. */
  readonly owner?: Owner
}

export interface Owner {
  readonly kind: 'ReplicaSet' | 'StatefulSet' | 'DaemonSet' | 'Job'
  readonly name: string
  /** The DaemonSet makes none for this node (it does not tolerate its taints). */
  readonly declines?: string
}

export interface FollowCase {
  readonly name: string
  readonly nodes: readonly TestNode[]
  readonly pods: readonly OwnedPod[]
  /** The new taint, in kubectl form, and the nodes it goes on. */
  readonly taint: string
  readonly on: readonly string[]
  readonly mode?: EvictingNodes
  readonly budgets?: readonly DisruptionBudget[]
  readonly expected: readonly string[]
  readonly budgetsExpected?: readonly string[]
  /**
   * Name a ReplicaSet's replacements as the tools do, `<owner>-<new>` each (a real one's name
   * is random; the follow-up numbers them as it places them), rather than `<owner>-new1`, …
   */
  readonly sameNewNames?: boolean
  /** The claims, volumes and classes read; not read when absent. */
  readonly storage?: Cluster['storage']
}

/** A toleration of `key` for NoExecute, for `seconds` (forever when absent). */
export function tolerates(key: string, seconds?: number): Toleration {
  return toleration({
    key,
    operator: 'Exists',
    effect: 'NoExecute',
    tolerationSeconds: seconds === undefined ? null : BigInt(seconds),
  })
}

type Replacement = ReturnType<ReplacementOf>

const BARE: Replacement = {
  outcome: 'none',
  owner: null,
  controller: null,
  boundTo: null,
  orderedOrdinal: null,
  pod: null,
  tolerations: [],
  afterSeconds: null,
  waitsForOldPod: false,
  reason: 'a bare pod: nothing recreates it',
}

/**
 * The owner's replacement, as the workload controllers make it (eviction-and-drain.md §2): a
 * StatefulSet's and a DaemonSet's once the old pod is gone (its grace period, 30 s), a Job's
 * after the failure back-off (10 s), a ReplicaSet's at once.
 */
function replacementOf(
  owned: OwnedPod,
  counter: { next: number; readonly same: boolean }
): Replacement {
  const owner = owned.owner
  if (owner === undefined) return BARE
  const base = {
    owner: { kind: owner.kind, name: owner.name },
    tolerations: owned.tolerations ?? [],
  }
  if (owner.declines !== undefined) return { ...BARE, ...base, reason: owner.declines }
  const sameName = owner.kind === 'StatefulSet'
  const suffix = counter.same ? NEW_POD_SUFFIX : `new${counter.next++}`
  const name = sameName ? owned.spec.name : `${owner.name}-${suffix}`
  const waits = sameName || owner.kind === 'DaemonSet'
  return {
    ...base,
    controller: base.owner,
    boundTo: null,
    orderedOrdinal: null,
    outcome: 'recreated',
    pod: pod({ priority: 0, ...owned.spec, name, nodeName: '' }),
    afterSeconds: waits ? 30 : owner.kind === 'Job' ? 10 : 0,
    waitsForOldPod: waits,
    reason: null,
  }
}

/**
 * The row's follow-up; with `replay`, taking the decisions of the follow-up it last saw, and
 * with `planned`, of the evictions it gives in place of the row's.
 */
export function runCase(
  row: FollowCase,
  replay?: FollowReplay,
  planned: (evictions: PlannedEviction[]) => PlannedEviction[] = (evictions) => evictions
): EvictionFollowUp {
  const options = { ...GATE_ON, evictingNodes: row.mode ?? 'allow' }
  const added: Taint = taint(row.taint)
  const nodes = row.nodes.map((n) =>
    row.on.includes(n.name)
      ? { ...n, spec: { ...n.spec, taints: [...(n.spec.taints ?? []), row.taint] } }
      : n
  )
  const pods = row.pods.map((p) => ({
    owned: p,
    // Every pod has a priority, as the API server sets one: preemption compares them.
    pod: {
      ...pod({ priority: 0, ...p.spec }),
      createdAt: p.createdAt ?? null,
      gracePeriodSeconds: p.grace ?? null,
    },
    tolerations: p.tolerations ?? [],
  }))
  const taintsOf = (name: string): Taint[] | undefined =>
    row.on.includes(name)
      ? [...(row.nodes.find((n) => n.name === name)?.spec.taints ?? []).map((t) => taint(t)), added]
      : undefined
  const counter = { next: 1, same: row.sameNewNames === true }
  const byPod = new Map(pods.map((p) => [p.pod.name, p.owned]))
  return followEvictions({
    nodes: placementNodes(nodes),
    pods: pods.map((p) => p.pod),
    evictions: planned(planTaintEvictions(pods, taintsOf, options)),
    replacementOf: (evicted) => {
      // The follow-up numbers the new pods it places (`low-rs-<new-2>`); the owner is the
      // one that made `low-rs-<new>`.
      const owned = byPod.get(evicted.name.replace(/<new-\d+>$/, NEW_POD_SUFFIX))
      if (owned === undefined) return BARE
      // A replacement preempted in turn is replaced by the same owner.
      const made = replacementOf(owned, counter)
      if (made.pod !== null) byPod.set(made.pod.name, owned)
      return made
    },
    namespaces: new Map(),
    disruptionBudgets: row.budgets ?? [],
    options,
    replay,
    storage:
      row.storage === undefined
        ? null
        : volumeStorage(row.storage.claims, row.storage.classes, row.storage.volumes ?? null),
  })
}

/** `ns/pod @s → what follows`, one line per eviction. */
export function render(followUp: EvictionFollowUp): string[] {
  return followUp.evictions.map((e) => {
    const by = e.cause === 'preempted' ? ` (preempted by ${e.preemptedBy ?? ''})` : ''
    const head = `${e.pod.name} @${e.afterSeconds ?? 'never'}${by}`
    const r = e.replacement
    const owner = e.owner?.kind ?? 'nothing'
    if (r === null) return `${head}: ${owner} makes none (${e.notReplaced ?? ''})`
    const made = `${owner} makes ${r.name} @${r.createdAfterSeconds}`
    if (r.node === null) return `${head}: ${made}, Pending: ${r.reason ?? ''}`
    const tied = r.tiedNodes.length > 1 ? ` (tied ${r.tiedNodes.join(',')})` : ''
    const preempts = r.preempts.length > 0 ? `, preempting ${r.preempts.join(',')}` : ''
    const again =
      r.evictedAgain === null ? '' : `, evicted again after ${r.evictedAgain.afterSeconds}s`
    return `${head}: ${made} on ${r.node}${tied}${preempts}${again}`
  })
}

export function renderBudgets(followUp: EvictionFollowUp): string[] {
  return followUp.budgets.map(
    (b) =>
      `${b.namespace}/${b.name}: ${b.brokenAfterSeconds === null ? 'kept' : `broken @${b.brokenAfterSeconds}`}`
  )
}

/** Node shapes and the taint the tables use. */
export const SHAPE = { allocatable: { cpu: '2', memory: '4Gi', pods: '110' } }
export const SMALL = { allocatable: { cpu: '1', memory: '4Gi', pods: '110' } }
export const TAINT = 'maint=yes:NoExecute'

/** A bare pod that fills node `on` (2 cpu), so that nothing else fits there. */
export function filler(on: string, priority = 0): OwnedPod {
  return { spec: { name: `filler-${on}`, nodeName: on, requests: { cpu: '2' }, priority } }
}

/** A ReplicaSet web-rs's pod labelled app=web, of 500m cpu unless `more` says otherwise. */
export function web(name: string, on: string, more: Partial<OwnedPod> = {}): OwnedPod {
  return {
    spec: { name, nodeName: on, labels: { app: 'web' }, requests: { cpu: '500m' } },
    owner: { kind: 'ReplicaSet', name: 'web-rs' },
    ...more,
  }
}

/** A budget over app=web allowing one disruption. */
export const WEB_BUDGET = {
  namespace: 'default',
  name: 'web-pdb',
  selector: selector({ app: 'web' }),
  disruptionsAllowed: 1,
  disruptedPods: new Set<string>(),
}

/** The table as tests: each row's lines and budgets as `render` and `renderBudgets` give them. */
export function describeFollowCases(title: string, cases: readonly FollowCase[]): void {
  describe(title, () => {
    for (const row of cases)
      it(row.name, () => {
        const followUp = runCase(row)
        expect(render(followUp)).toEqual(row.expected)
        expect(renderBudgets(followUp)).toEqual(row.budgetsExpected ?? [])
      })
    // forecast --drain follows its evictions once a round, each with the last one's decisions.
    for (const row of cases)
      it(`${row.name}: followed again with the decisions of the first follow-up, the same, also when the last eviction moves later or goes`, () => {
        const replay = new FollowReplay()
        const first = runCase(row, replay)
        expect(render(runCase(row, replay))).toEqual(render(first))
        const later = (evictions: PlannedEviction[]) => evictions.map(laterIfLast)
        expect(render(runCase(row, replay, later))).toEqual(render(runCase(row, undefined, later)))
        const fewer = (evictions: PlannedEviction[]) => evictions.slice(0, -1)
        expect(render(runCase(row, replay, fewer))).toEqual(render(runCase(row, undefined, fewer)))
      })
  })
}

/** The last eviction of a plan, 7 s later than planned. */
function laterIfLast(
  e: PlannedEviction,
  i: number,
  all: readonly PlannedEviction[]
): PlannedEviction {
  return i === all.length - 1 && e.afterSeconds !== null
    ? { ...e, afterSeconds: e.afterSeconds + 7 }
    : e
}
