/**
 * When each pod of a run is bound, seen from a watch on the pods opened before kube-scheduler
 * starts. The rate is taken from the first bind to the last: that leaves out kube-scheduler's
 * start (its informers listing thousands of nodes and pods), which is the same in every
 * configuration and would only dilute the difference, and it is read in milliseconds, where the
 * pods' own PodScheduled times have whole seconds. The watch sees a bind a few milliseconds after
 * it is written, the same few at the first bind and the last.
 */
import type { KubeApi } from '../../test/support/control-plane/kube-api.js'
import { cpuSample } from './process-cpu.js'

export interface BindTiming {
  readonly pods: number
  /** From the watch's opening (just before kube-scheduler starts) to the first bind, seconds. */
  readonly startSeconds: number
  /** Wall time from the first bind seen to the last, in seconds. */
  readonly seconds: number
  readonly podsPerSecond: number
  /** CPU milliseconds per pod bound between the first bind and the last, by process name. */
  readonly cpuMsPerPod: Record<string, number>
}

/**
 * Watches `path` (a pod collection) and resolves once `expected` distinct pods have a node; fails after `timeoutMs`, saying how many had one. `pids` names the processes
 * whose CPU is sampled at the first bind and the last.
 */
export function timeBinds(
  api: KubeApi,
  path: string,
  expected: number,
  pids: () => Readonly<Record<string, number | undefined>>,
  timeoutMs: number
): Promise<BindTiming> {
  return new Promise((resolve, reject) => {
    const bound = new Set<string>()
    const opened = performance.now()
    let first = 0
    let firstCpu = new Map<string, number>()
    const finish = (outcome: BindTiming | Error): void => {
      clearTimeout(timer)
      watch.stop()
      if (outcome instanceof Error) reject(outcome)
      else resolve(outcome)
    }
    const timer = setTimeout(
      () => finish(new Error(`${bound.size} of ${expected} pods bound after ${timeoutMs} ms`)),
      timeoutMs
    )
    // No resourceVersion: the watch starts with the pods as they are (all pending, since it is
    // opened before kube-scheduler starts), which no API server under load can refuse as too
    // old or too new.
    const watch = api.watch(
      `${path}?watch=1`,
      (type, pod) => {
        if (type === 'ERROR') {
          finish(new Error(`the watch on ${path} failed: ${String(pod.message)}`))
          return
        }
        const node = (pod.spec as { nodeName?: string } | undefined)?.nodeName
        const name = (pod.metadata as { name?: string } | undefined)?.name
        if (node === undefined || node === '' || name === undefined || bound.has(name)) return
        bound.add(name)
        if (bound.size === 1) {
          first = performance.now()
          firstCpu = cpuSample(pids())
        }
        if (bound.size < expected) return
        const seconds = (performance.now() - first) / 1000
        const lastCpu = cpuSample(pids())
        const cpuMsPerPod: Record<string, number> = {}
        for (const [process, ms] of lastCpu) {
          cpuMsPerPod[process] = (ms - (firstCpu.get(process) ?? Number.NaN)) / (expected - 1)
        }
        const podsPerSecond = (expected - 1) / seconds
        const startSeconds = (first - opened) / 1000
        finish({ pods: expected, startSeconds, seconds, podsPerSecond, cpuMsPerPod })
      },
      (error) => finish(error ?? new Error(`the watch on ${path} ended early`))
    )
  })
}
