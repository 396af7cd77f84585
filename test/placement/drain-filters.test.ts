import { describe, expect, it } from 'vitest'
import type { KubeVersion } from '../../src/core/index.js'
import {
  filterDrainPod,
  type ClusterPod,
  type DrainFlags,
  type DrainVerdict,
  type Workloads,
} from '../../src/placement/index.js'
import { daemonSets, flags, owner, pod, V128, V130, V133, V134 } from './drain-builders.js'

/**
 * kubectl drain's filters (kubectl pkg/drain/filters.go, v0.28.0 to v0.35.0), one row per rule:
 * what a pod's owner, volumes, annotation and phase make drain do with it under each flag.
 */

interface Row {
  readonly pod: ClusterPod
  readonly flags?: DrainFlags
  readonly workloads?: Workloads | null
  readonly release?: KubeVersion
  readonly verdict: DrainVerdict
}

const DS = owner('DaemonSet', 'proxy')
const FATAL_DS = 'DaemonSet-managed Pods (use --ignore-daemonsets to ignore)'
const FATAL_LOCAL = 'Pods with local storage (use --delete-emptydir-data to override)'
const deleted: DrainVerdict = { kind: 'delete', warning: null }
const error = (message: string): DrainVerdict => ({ kind: 'error', message })

const ROWS: Record<string, Row> = {
  'a running pod a ReplicaSet owns is evicted without a word': {
    pod: pod('web-1'),
    verdict: deleted,
  },
  'a DaemonSet pod refuses the node without --ignore-daemonsets': {
    pod: pod('proxy-x', { controller: DS }),
    workloads: daemonSets('proxy'),
    verdict: error(FATAL_DS),
  },
  'a DaemonSet pod is left in place with a warning under --ignore-daemonsets': {
    pod: pod('proxy-x', { controller: DS }),
    flags: flags({ ignoreDaemonSets: true }),
    workloads: daemonSets('proxy'),
    verdict: { kind: 'skip', warning: 'ignoring DaemonSet-managed Pods' },
  },
  'a DaemonSet pod that has finished is deleted, the flag or not': {
    pod: pod('proxy-x', { controller: DS, phase: 'Succeeded' }),
    workloads: daemonSets('proxy'),
    verdict: deleted,
  },
  'a pod whose DaemonSet is gone refuses the node with the GET NotFound message': {
    pod: pod('proxy-x', { controller: DS }),
    flags: flags({ ignoreDaemonSets: true }),
    workloads: daemonSets(),
    verdict: error('daemonsets.apps "proxy" not found'),
  },
  'a pod whose DaemonSet is gone is deleted under --force, its warning overwritten by the later filters':
    {
      pod: pod('proxy-x', { controller: DS }),
      flags: flags({ force: true }),
      workloads: daemonSets(),
      verdict: deleted,
    },
  'a DaemonSet pod with workloads not read is taken to have its DaemonSet': {
    pod: pod('proxy-x', { controller: DS }),
    workloads: null,
    verdict: error(FATAL_DS),
  },
  'an owner of kind DaemonSet but another apiVersion is a DaemonSet up to 1.33': {
    pod: pod('proxy-x', { controller: owner('DaemonSet', 'proxy', 'example.com/v1') }),
    workloads: daemonSets('proxy'),
    release: V133,
    verdict: error(FATAL_DS),
  },
  'an owner of kind DaemonSet but another apiVersion is evicted as any controlled pod from 1.34': {
    pod: pod('proxy-x', { controller: owner('DaemonSet', 'proxy', 'example.com/v1') }),
    workloads: daemonSets('proxy'),
    release: V134,
    verdict: deleted,
  },
  'a mirror pod is left silently, even without --ignore-daemonsets or --force': {
    pod: pod('etcd-a', { mirror: true, controller: owner('Node', 'a', 'v1') }),
    verdict: { kind: 'skip', warning: null },
  },
  'a running pod with an emptyDir volume refuses the node without --delete-emptydir-data': {
    pod: pod('cache-0', { localStorage: true }),
    verdict: error(FATAL_LOCAL),
  },
  'an emptyDir pod is deleted under --delete-emptydir-data, its warning overwritten by the unreplicated filter':
    {
      pod: pod('cache-0', { localStorage: true }),
      flags: flags({ deleteEmptyDirData: true }),
      verdict: deleted,
    },
  'a finished emptyDir pod is deleted without the flag': {
    pod: pod('cache-0', { localStorage: true, phase: 'Failed' }),
    verdict: deleted,
  },
  'a bare pod refuses the node with the 1.28 words': {
    pod: pod('debug', { controller: null }),
    release: V128,
    verdict: error('Pods declare no controller (use --force to override)'),
  },
  'a bare pod refuses the node with the words kubectl uses from 1.30': {
    pod: pod('debug', { controller: null }),
    release: V130,
    verdict: error('cannot delete Pods that declare no controller (use --force to override)'),
  },
  'a bare pod is deleted with a warning under --force': {
    pod: pod('debug', { controller: null }),
    flags: flags({ force: true }),
    verdict: { kind: 'delete', warning: 'deleting Pods that declare no controller' },
  },
  'a bare pod that has succeeded is deleted without --force': {
    pod: pod('debug', { controller: null, phase: 'Succeeded' }),
    verdict: deleted,
  },
  'a bare pod with an emptyDir volume is refused for its local storage first': {
    pod: pod('debug', { controller: null, localStorage: true }),
    verdict: error(FATAL_LOCAL),
  },
  'a bare emptyDir pod under --delete-emptydir-data is refused for having no controller': {
    pod: pod('debug', { controller: null, localStorage: true }),
    flags: flags({ deleteEmptyDirData: true }),
    release: V128,
    verdict: error('Pods declare no controller (use --force to override)'),
  },
}

describe('filterDrainPod, as kubectl drain filters a node’s pods', () => {
  it.each(Object.entries(ROWS))('%s', (_, row) => {
    expect(
      filterDrainPod(row.pod, row.flags ?? flags(), row.workloads ?? null, row.release ?? V134)
    ).toEqual(row.verdict)
  })
})
