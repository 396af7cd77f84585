import type { KubeVersion } from '../../src/core/index.js'
import type {
  ClusterPod,
  ControllerReference,
  DisruptionBudget,
  DrainFlags,
  Workload,
  Workloads,
} from '../../src/placement/index.js'

/** Shorthands for the drain tables: pods, budgets and flags that read as their specs. */

export const V128: KubeVersion = { minor: 28, patch: 7 }
export const V130: KubeVersion = { minor: 30, patch: null }
export const V133: KubeVersion = { minor: 33, patch: null }
export const V134: KubeVersion = { minor: 34, patch: null }

export const NO_FLAGS: DrainFlags = {
  ignoreDaemonSets: false,
  deleteEmptyDirData: false,
  force: false,
  disableEviction: false,
  podSelector: null,
  timeoutSeconds: null,
  gracePeriodSeconds: null,
}

export function flags(more: Partial<DrainFlags> = {}): DrainFlags {
  return { ...NO_FLAGS, ...more }
}

export function owner(kind: string, name: string, apiVersion = 'apps/v1'): ControllerReference {
  return { apiVersion, kind, name, uid: `${name}-uid` }
}

/** A running, Ready pod that a ReplicaSet owns, unless `more` says otherwise. */
export function pod(name: string, more: Partial<ClusterPod> = {}): ClusterPod {
  return {
    name,
    namespace: 'shop',
    labels: { app: 'web' },
    nodeName: 'a',
    requiredAffinity: [],
    requiredAntiAffinity: [],
    priority: null,
    phase: 'Running',
    ready: true,
    controller: owner('ReplicaSet', 'web-7d9f'),
    ...more,
  }
}

/** A budget over `app=web` in shop, allowing `allowed` with 3 healthy of 2 desired. */
export function budget(allowed: number, more: Partial<DisruptionBudget> = {}): DisruptionBudget {
  return {
    namespace: 'shop',
    name: 'web',
    selector: { matchLabels: { app: 'web' }, matchExpressions: [] },
    disruptionsAllowed: allowed,
    disruptedPods: new Set(),
    currentHealthy: 3,
    desiredHealthy: 2,
    generation: 1,
    observedGeneration: 1,
    unhealthyPodEvictionPolicy: '',
    ...more,
  }
}

/** Workloads that hold exactly the DaemonSets named (in any namespace). */
export function daemonSets(...names: string[]): Workloads {
  return {
    servicesIn: () => [],
    controllerOf: (p: ClusterPod): Workload | null => {
      const ref = p.controller ?? null
      if (ref === null || ref.kind !== 'DaemonSet' || !names.includes(ref.name)) return null
      return {
        kind: 'DaemonSet',
        namespace: p.namespace,
        name: ref.name,
        uid: ref.uid,
        selector: null,
        replicas: null,
        template: null,
        controller: null,
      }
    },
    // Their pods are only looked up by reference: no template to make new ones from.
    daemonSets: () => [],
  }
}
