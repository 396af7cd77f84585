/**
 * The scheduler benchmark: `node dist-bench/bench/scheduler/run.js [--nodes=500,5000]
 * [--pods=N] [--rounds=N]` (`npm run bench:scheduler` builds first). Starts etcd and
 * kube-apiserver v1.28.7 from ../shared/kube, the real extender (node-cache mode, watching that
 * API server) and the no-op floor server; then, for each node count, runs every configuration
 * once a round, rounds alternated, and prints each round's rates and ratios. Saves everything to
 * bench/results/<date>-scheduler.json. Exits 1 when a run went wrong (a pod not bound, an attempt
 * that was not `scheduled`), never because of a rate.
 */
import { loadavg } from 'node:os'
import { findKubeBinaries, KUBE_VERSION } from '../../test/support/control-plane/binaries.js'
import { ControlPlane } from '../../test/support/control-plane/control-plane.js'
import { flagValue, option } from '../command-line.js'
import { progress } from '../http-phase.js'
import { startExtender, startFloor } from '../processes.js'
import { codeInfo, machineInfo, saveResults } from '../report.js'
import { runMain } from '../run-main.js'
import { createNamespace, createNodes, waitForIndex } from './cluster-setup.js'
import { CONFIGURATIONS } from './configurations.js'
import { runOnce, type RunResult, type Servers } from './one-run.js'
import { roundTable, summaryTable } from './scheduler-report.js'

function scalesFromFlags(): number[] {
  const raw = flagValue('nodes') ?? '500,5000'
  const scales = raw.split(',').map(Number)
  if (!scales.every((n) => Number.isInteger(n) && n > 0))
    throw new Error(`--nodes takes node counts separated by commas, not ${raw}`)
  return scales.sort((a, b) => a - b)
}

async function main(): Promise<number> {
  const scales = scalesFromFlags()
  const pods = option('pods', 2000)
  const rounds = option('rounds', 3)
  const lookup = findKubeBinaries()
  if (!lookup.found) throw new Error(`kube-scheduler ${KUBE_VERSION} is needed: ${lookup.reason}`)
  const machine = machineInfo()
  const started = performance.now()
  progress(`scheduler bench: ${scales.join(', ')} nodes, ${pods} pods, ${rounds} rounds`)
  const plane = await ControlPlane.start(lookup.binaries)
  const runs: RunResult[][] = []
  let servers: Servers | undefined
  let stopped: Promise<void> | undefined
  const stopAll = (): Promise<void> =>
    (stopped ??= (async () => {
      await servers?.extender.stop()
      await servers?.noOp.stop()
      await plane.stop()
    })())
  // The control plane runs in process groups of its own, which a Ctrl-C does not reach.
  const interrupted = (): void => {
    progress('interrupted: stopping kube-scheduler, the API server, etcd and the servers')
    void stopAll().finally(() => process.exit(130))
  }
  process.once('SIGINT', interrupted).once('SIGTERM', interrupted)
  try {
    await createNamespace(plane.api)
    servers = {
      noOp: await startFloor(),
      // As deployed: node-cache mode, every flag at its default (v1.28 has no Gt/Lt anyway).
      extender: await startExtender(['--kubeconfig', plane.kubeconfig], undefined, {
        comparisonOperators: false,
      }),
    }
    let nodes = 0
    for (const scale of scales) {
      progress(`creating nodes ${nodes}–${scale - 1}`)
      await createNodes(plane.api, nodes, scale)
      nodes = scale
      await waitForIndex(servers.extender.port, nodes)
      runs.push(...(await runRounds(plane, servers, { nodes, pods, rounds })))
    }
    const notes = [...servers.noOp.complaints, ...servers.extender.complaints]
    if (notes.length > 0) process.stdout.write(`\nserver log warnings:\n  ${notes.join('\n  ')}\n`)
  } finally {
    await stopAll()
  }
  return report(runs, { machine, code: codeInfo(), pods, rounds, started })
}

async function runRounds(
  plane: ControlPlane,
  servers: Servers,
  where: { nodes: number; pods: number; rounds: number }
): Promise<RunResult[][]> {
  const rounds: RunResult[][] = []
  for (let round = 1; round <= where.rounds; round++) {
    const results: RunResult[] = []
    for (const config of CONFIGURATIONS) {
      progress(`${where.nodes} nodes, round ${round}: ${config.name}`)
      const result = await runOnce(plane, servers, config, { ...where, round })
      progress(`  ${result.podsPerSecond.toFixed(2)} pods/s (load ${result.loadAverage})`)
      results.push(result)
    }
    process.stdout.write(`\n${where.nodes} nodes, ${where.pods} pods, round ${round}\n\n`)
    process.stdout.write(roundTable(results) + '\n')
    rounds.push(results)
  }
  process.stdout.write(`\n${where.nodes} nodes: over ${where.rounds} round(s)\n\n`)
  process.stdout.write(summaryTable(rounds) + '\n')
  return rounds
}

function report(
  runs: readonly RunResult[][],
  info: {
    machine: Record<string, unknown>
    code: Record<string, unknown>
    pods: number
    rounds: number
    started: number
  }
): number {
  const wallSeconds = Math.round((performance.now() - info.started) / 100) / 10
  const problems = runs
    .flat()
    .flatMap((r) =>
      r.problem === null ? [] : [`${r.nodes} nodes, round ${r.round}, ${r.config}: ${r.problem}`]
    )
  const out = process.stdout
  out.write(`\nmachine: ${JSON.stringify(info.machine)}\ncode: ${JSON.stringify(info.code)}\n`)
  out.write(
    `load average at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`
  )
  const { started: _started, ...kept } = info
  const path = saveResults(
    { ...kept, kubeVersion: KUBE_VERSION, wallSeconds, runs, problems },
    '-scheduler'
  )
  out.write(`\nresults saved to ${path} (${wallSeconds} s)\n`)
  if (problems.length === 0) return 0
  out.write(`\n${problems.length} PROBLEM(S):\n  ${problems.join('\n  ')}\n`)
  return 1
}

runMain('[bench:scheduler]', main)
