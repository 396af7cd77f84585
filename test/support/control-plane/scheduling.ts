import type { KubeApi } from './kube-api.js'

/**
 * What the tests ask of kube-scheduler: a configuration naming the extender, and, for each pod
 * created, where it was bound or the message of its FailedScheduling event.
 */

export interface ExtenderShape {
  readonly port: number
  readonly nodeCacheCapable: boolean
  readonly verbs: readonly ('filter' | 'prioritize' | 'preempt')[]
  readonly ignorable?: boolean
  readonly scheme?: 'http' | 'https'
  readonly tlsConfig?: Record<string, unknown>
}

/** The `extenders:` entry, as scheduler-config/ writes it, pointed at a loopback port. */
export function extenderEntry(shape: ExtenderShape): Record<string, unknown> {
  const entry: Record<string, unknown> = {
    urlPrefix: `${shape.scheme ?? 'http'}://127.0.0.1:${shape.port}`,
    weight: 1,
    httpTimeout: '5s',
    nodeCacheCapable: shape.nodeCacheCapable,
    ignorable: shape.ignorable ?? false,
  }
  for (const verb of shape.verbs) entry[`${verb}Verb`] = verb
  if (shape.tlsConfig !== undefined) entry.tlsConfig = shape.tlsConfig
  return entry
}

/**
 * One profile; `inTreeTaints: false` disables TaintToleration and NodeUnschedulable at every
 * extension point, leaving the extender to do their work.
 */
export function profile(schedulerName: string, inTreeTaints: boolean): Record<string, unknown> {
  if (inTreeTaints) return { schedulerName }
  return {
    schedulerName,
    plugins: {
      multiPoint: { disabled: [{ name: 'TaintToleration' }, { name: 'NodeUnschedulable' }] },
    },
  }
}

export type PodOutcome =
  | { readonly bound: true; readonly node: string }
  | { readonly bound: false; readonly message: string }

/**
 * Waits until every named pod in `namespace` is bound or has a FailedScheduling event, and says
 * which. A pod with neither by the deadline fails the wait, naming it.
 */
export async function waitForOutcomes(
  api: KubeApi,
  namespace: string,
  names: readonly string[],
  timeoutMs = 60_000
): Promise<Map<string, PodOutcome>> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const outcomes = await currentOutcomes(api, namespace)
    const missing = names.filter((name) => !outcomes.has(name))
    if (missing.length === 0) return outcomes
    if (Date.now() > deadline) {
      throw new Error(`pods neither bound nor reported unschedulable: ${missing.join(', ')}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/**
 * Creates `probe` in `default`, waits for its outcome, and deletes it again, waiting until it is
 * gone, so that the next probe meets the same pods: the pod as the API server created it, and
 * its outcome.
 */
export async function scheduleAlone(
  api: KubeApi,
  probe: Record<string, unknown>
): Promise<{ created: Record<string, unknown>; outcome: PodOutcome | undefined }> {
  const name = (probe.metadata as { name: string }).name
  const path = `/api/v1/namespaces/default/pods/${name}`
  const created = await api.create('/api/v1/namespaces/default/pods', probe)
  const outcome = (await waitForOutcomes(api, 'default', [name])).get(name)
  await api.delete(path)
  while ((await api.request('GET', path)).status !== 404) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return { created, outcome }
}

async function currentOutcomes(api: KubeApi, namespace: string): Promise<Map<string, PodOutcome>> {
  const outcomes = new Map<string, PodOutcome>()
  for (const event of await api.items(
    `/api/v1/namespaces/${namespace}/events?fieldSelector=reason%3DFailedScheduling`
  )) {
    const involved = event.involvedObject as { name: string }
    outcomes.set(involved.name, { bound: false, message: String(event.message) })
  }
  for (const pod of await api.items(`/api/v1/namespaces/${namespace}/pods`)) {
    const name = (pod.metadata as { name: string }).name
    const node = (pod.spec as { nodeName?: string }).nodeName
    if (node !== undefined && node !== '') outcomes.set(name, { bound: true, node })
  }
  return outcomes
}

/**
 * The reasons of a FailedScheduling message and their node counts, as the message writes them
 * (v1.28 names each distinct taint: `2 node(s) had untolerated taint {gpu: true}`). The
 * preemption part that follows is not read.
 */
export function reasonCounts(message: string): Map<string, number> {
  const match = /^0\/\d+ nodes are available: (.*?)\.(?: preemption:|\.?$)/s.exec(message)
  if (match?.[1] === undefined) throw new Error(`not a FailedScheduling message: ${message}`)
  const counts = new Map<string, number>()
  for (const part of match[1].split(/, (?=\d+ )/)) {
    const parsed = /^(\d+) (.*)$/s.exec(part)
    if (parsed?.[1] === undefined || parsed[2] === undefined)
      throw new Error(`no count in "${part}"`)
    counts.set(parsed[2], Number(parsed[1]))
  }
  return counts
}

/** A namespace to keep one case's pods and events apart from another's. */
export async function createNamespace(api: KubeApi, name: string): Promise<void> {
  await api.create('/api/v1/namespaces', { metadata: { name } })
}
