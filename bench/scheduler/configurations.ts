/**
 * The kube-scheduler configurations compared, in the order each round runs them. All use the
 * default profile (in-tree TaintToleration and NodeUnschedulable kept) and the default
 * `percentageOfNodesToScore`; the extenders are called in node-cache mode, as the docs
 * recommend, so the no-op server and this extender receive the same requests.
 */

export type ServerKind = 'none' | 'no-op' | 'extender'
export type Verbs = 'both' | 'filter'

export interface Configuration {
  readonly name: string
  readonly server: ServerKind
  readonly verbs: Verbs | null
}

export const CONFIGURATIONS: readonly Configuration[] = [
  { name: 'no extender', server: 'none', verbs: null },
  { name: 'no-op, filter+prioritize', server: 'no-op', verbs: 'both' },
  { name: 'no-op, filter only', server: 'no-op', verbs: 'filter' },
  { name: 'extender, filter+prioritize', server: 'extender', verbs: 'both' },
  { name: 'extender, filter only', server: 'extender', verbs: 'filter' },
]

/** The no-op configuration an extender configuration is judged against, if any. */
export function matchingNoOp(config: Configuration): Configuration | undefined {
  if (config.server !== 'extender') return undefined
  return CONFIGURATIONS.find((c) => c.server === 'no-op' && c.verbs === config.verbs)
}

/**
 * The KubeSchedulerConfiguration for `config`, its extender (if any) on `port`.
 *
 * The client's rate limit is raised as upstream's scheduler_perf raises it (QPS and burst 5000,
 * `mustSetupCluster` in test/integration/scheduler_perf): at the default 50 QPS every
 * configuration would bind at the limiter's pace and the comparison would measure nothing.
 * `ignorable: false`, unlike the docs' files, so that an extender failing a call shows as an
 * unscheduled attempt instead of a run that silently skipped it. No preemptVerb: every pod fits,
 * so kube-scheduler would never call it.
 */
export function schedulerConfig(config: Configuration, port: number): Record<string, unknown> {
  const base = {
    clientConnection: { qps: 5000, burst: 5000 },
    profiles: [{ schedulerName: 'default-scheduler' }],
  }
  if (config.verbs === null) return base
  const extender: Record<string, unknown> = {
    urlPrefix: `http://127.0.0.1:${port}`,
    filterVerb: 'filter',
    weight: 1,
    httpTimeout: '2s',
    nodeCacheCapable: true,
    ignorable: false,
  }
  if (config.verbs === 'both') extender.prioritizeVerb = 'prioritize'
  return { ...base, extenders: [extender] }
}
