/**
 * One run: the pods created first, then kube-scheduler started with one configuration, timed
 * from the first bind to the last, its attempts checked, and the pods deleted again.
 */
import { loadavg } from 'node:os'
import type {
  ControlPlane,
  SchedulerHandle,
} from '../../test/support/control-plane/control-plane.js'
import { progress } from '../http-phase.js'
import type { ServiceProcess } from '../processes.js'
import { timeBinds, type BindTiming } from './bind-clock.js'
import { PODS_PATH, createPods, deletePods } from './cluster-setup.js'
import { schedulerConfig, type Configuration } from './configurations.js'
import { scheduleAttempts } from './scheduler-metrics.js'

export interface RunResult extends BindTiming {
  readonly config: string
  readonly nodes: number
  readonly round: number
  readonly attempts: Record<string, number>
  /** The machine's 1-minute load average as the run began. */
  readonly loadAverage: number
  /** Why this run's figure does not count, or null. */
  readonly problem: string | null
}

export interface Servers {
  readonly noOp: ServiceProcess
  readonly extender: ServiceProcess
}

export async function runOnce(
  plane: ControlPlane,
  servers: Servers,
  config: Configuration,
  where: { nodes: number; pods: number; round: number }
): Promise<RunResult> {
  const server = config.server === 'none' ? undefined : servers[serverKey(config)]
  const loadAverage = Math.round((loadavg()[0] ?? Number.NaN) * 100) / 100
  const creating = performance.now()
  await createPods(plane.api, where.pods)
  const createSeconds = secondsSince(creating)
  const scheduler = await startTimed(plane, config, server, where.pods)
  try {
    const timing = await scheduler.timing
    progress(
      `  ${where.pods} pods created in ${createSeconds.toFixed(1)} s; first bind ` +
        `${timing.startSeconds.toFixed(1)} s after kube-scheduler's start, all bound ` +
        `${timing.seconds.toFixed(1)} s later`
    )
    const attempts = await scheduleAttempts(scheduler.handle.port)
    const unscheduled = Object.entries(attempts).filter(([result]) => result !== 'scheduled')
    const problem = unscheduled.some(([, count]) => count > 0)
      ? `attempts other than scheduled: ${JSON.stringify(attempts)}`
      : null
    return { ...timing, config: config.name, ...where, attempts, loadAverage, problem }
  } finally {
    await scheduler.handle.stop()
    const deleting = performance.now()
    await deletePods(plane.api, where.pods)
    progress(`  deleted in ${secondsSince(deleting).toFixed(1)} s`)
  }
}

const secondsSince = (start: number): number => (performance.now() - start) / 1000

function serverKey(config: Configuration): keyof Servers {
  return config.server === 'extender' ? 'extender' : 'noOp'
}

/** Opens the watch, then starts kube-scheduler; the timing resolves when every pod is bound. */
async function startTimed(
  plane: ControlPlane,
  config: Configuration,
  server: ServiceProcess | undefined,
  pods: number
): Promise<{ handle: SchedulerHandle; timing: Promise<BindTiming> }> {
  // Filled in once kube-scheduler answers /healthz, which it does while its informers still
  // list, well before its first bind.
  const started: { scheduler?: SchedulerHandle } = {}
  const pids = (): Record<string, number | undefined> => ({
    'kube-scheduler': started.scheduler?.process.pid,
    'kube-apiserver': plane.apiserver.pid,
    etcd: plane.etcd.pid,
    ...(server === undefined ? {} : { server: server.pid }),
  })
  // Generous: even a slow configuration on a busy machine binds more than 5 pods a second.
  const timeoutMs = 60_000 + pods * 200
  const timing = timeBinds(plane.api, PODS_PATH, pods, pids, timeoutMs)
  // Kept from an unhandled rejection should kube-scheduler fail to start; awaited by the caller.
  timing.catch(() => undefined)
  started.scheduler = await plane.startScheduler(schedulerConfig(config, server?.port ?? 0))
  return { handle: started.scheduler, timing }
}
