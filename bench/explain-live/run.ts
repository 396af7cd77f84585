/**
 * `explain` live against a real kube-apiserver at scale (`npm run bench:explain-live`; flags
 * `--nodes=5000 --pods=150000 --rounds=2`, `--baseline=DIR` for another build's checkout whose
 * dist/ is measured in the same run). Starts etcd and kube-apiserver v1.28.7 from ../shared/kube
 * (the tests' control-plane fixture), loads the cluster (cluster-objects.ts), then each round
 * times, one after the other in fresh processes: the bare client's `GET /api/v1/pods` plus
 * `GET /api/v1/nodes` (bare-list.ts), and `explain probe -n ns-1` as the installed command runs
 * (dist/cli.js), with its peak RSS. Issue 62's target: explain within 1.5× the bare client,
 * under 500 MB. Not a test; saves bench/results/<date>-explain-live.json.
 */
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import { findKubeBinaries, KUBE_VERSION } from '../../test/support/control-plane/binaries.js'
import { ControlPlane } from '../../test/support/control-plane/control-plane.js'
import { flagValue, option } from '../command-line.js'
import { progress } from '../http-phase.js'
import { codeInfo, machineInfo, renderTable, saveResults } from '../report.js'
import { runMain } from '../run-main.js'
import { PROBE } from './cluster-objects.js'
import { loadCluster } from './load-cluster.js'
import { timed, type Timed } from './timed-process.js'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const BARE = fileURLToPath(new URL('./bare-list.js', import.meta.url))

/**
 * `BENCH_EXPLAIN_NODE_FLAGS`: Node.js flags for the explain processes, say `--cpu-prof
 * --cpu-prof-dir=DIR` to profile the live path (NODE_OPTIONS refuses --cpu-prof).
 */
const EXPLAIN_NODE_FLAGS = (process.env.BENCH_EXPLAIN_NODE_FLAGS ?? '').split(' ').filter(Boolean)

interface Round {
  readonly bare: Timed
  readonly explain: Timed
  readonly baseline: Timed | null
}

function explainIn(root: string, kubeconfig: string): Promise<Timed> {
  const args = ['explain', PROBE.name, '-n', PROBE.namespace, '--kubeconfig', kubeconfig]
  return timed(process.execPath, [...EXPLAIN_NODE_FLAGS, join(root, 'dist', 'cli.js'), ...args])
}

/** The explain's first line (the summary), to show it judged the probe. */
function summaryOf(run: Timed): string {
  return (
    run.stdout
      .split('\n')
      .find((l) => l.includes('nodes are available') || l.startsWith('fits on')) ??
    run.stdout.slice(0, 200)
  )
}

function report(rounds: readonly Round[]): string {
  const rows = rounds.flatMap((r, i) => {
    const line = (what: string, t: Timed) => [
      `${i + 1}`,
      what,
      t.wallSeconds.toFixed(2),
      `${t.maxRssMiB}`,
      (t.wallSeconds / r.bare.wallSeconds).toFixed(2),
    ]
    const base = r.baseline === null ? [] : [line('explain (baseline)', r.baseline)]
    return [line('bare GET pods + nodes', r.bare), line('explain', r.explain), ...base]
  })
  return renderTable(['round', 'what', 'wall s', 'peak RSS MiB', '× bare'], rows)
}

async function main(): Promise<number> {
  const nodes = option('nodes', 5000)
  const pods = option('pods', 150_000)
  const rounds = option('rounds', 2)
  const baseline = flagValue('baseline')
  const lookup = findKubeBinaries()
  if (!lookup.found) throw new Error(`kube-apiserver ${KUBE_VERSION} is needed: ${lookup.reason}`)
  const machine = machineInfo()
  // What is measured is what is built now, before anything else is.
  const code = {
    this: codeInfo(ROOT),
    baseline: baseline === undefined ? null : codeInfo(baseline),
  }
  const plane = await ControlPlane.start(lookup.binaries)
  const interrupted = (): void => {
    progress('interrupted: stopping the API server and etcd')
    void plane.stop().finally(() => process.exit(130))
  }
  process.once('SIGINT', interrupted).once('SIGTERM', interrupted)
  try {
    progress(`loading ${nodes} nodes and ${pods} pods into kube-apiserver ${KUBE_VERSION}`)
    const loadSeconds = await loadCluster(plane.kubeconfig, nodes, pods)
    progress(`loaded in ${Math.round(loadSeconds)} s`)
    const results: Round[] = []
    for (let i = 0; i < rounds; i++) {
      const bare = await timed(process.execPath, [BARE, plane.kubeconfig])
      const explain = await explainIn(ROOT, plane.kubeconfig)
      const base = baseline === undefined ? null : await explainIn(baseline, plane.kubeconfig)
      results.push({ bare, explain, baseline: base })
      progress(`round ${i + 1}: ${summaryOf(explain)}`)
    }
    console.log(report(results))
    const saved = saveResults(
      {
        machine,
        code: code.this,
        baseline: code.baseline,
        nodes,
        pods,
        loadSeconds,
        bare: JSON.parse(results[0]?.bare.stdout ?? '{}') as unknown,
        summary: results[0] === undefined ? null : summaryOf(results[0].explain),
        rounds: results.map((r) => ({
          bare: { wallSeconds: r.bare.wallSeconds, maxRssMiB: r.bare.maxRssMiB },
          explain: {
            wallSeconds: r.explain.wallSeconds,
            maxRssMiB: r.explain.maxRssMiB,
            code: r.explain.code,
          },
          baseline:
            r.baseline === null
              ? null
              : {
                  wallSeconds: r.baseline.wallSeconds,
                  maxRssMiB: r.baseline.maxRssMiB,
                  code: r.baseline.code,
                },
        })),
      },
      '-explain-live'
    )
    progress(`saved ${saved}`)
    return results.every((r) => r.explain.code === 0) ? 0 : 1
  } finally {
    await plane.stop()
  }
}

runMain('explain-live', main)
