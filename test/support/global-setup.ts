import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { findKubeBinaries, KUBE_VERSION } from './control-plane/binaries.js'
import { stopLeftoverProcesses } from './control-plane/processes.js'

/**
 * Builds dist/ once before the suites that run the real process (`node dist/main.js`), so they
 * test what ships rather than what vitest transpiles: the bundles of rolldown.config.mjs, as
 * npm run build makes them (its type-check aside: npm test type-checks first).
 *
 * Also points TMPDIR (read by os.tmpdir() at each call) at one folder per run, removed at
 * teardown: vitest ends its forks without an 'exit' event, so a test module's own cleanup on
 * exit never ran, and every run left its kubeconfigs and service-account folders behind. The
 * forks and the servers they start inherit it. At teardown, control-plane processes a worker
 * left running (one ended on a timeout runs no afterAll) are stopped.
 */
export default function setup(): () => void {
  const root = fileURLToPath(new URL('../..', import.meta.url))
  execFileSync(process.execPath, ['node_modules/rolldown/bin/cli.mjs', '-c'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  // As npm run build does: dist/build-info.json, the commit version and /version report.
  execFileSync(process.execPath, ['scripts/write-build-info.mjs'], { cwd: root, stdio: 'inherit' })
  sayWhetherTheControlPlaneRuns()
  const runDir = mkdtempSync(join(tmpdir(), 'taint-extender-test-run-'))
  process.env.TMPDIR = runDir
  return () => {
    stopLeftoverProcesses(join(runDir, 'control-plane-pids'))
    rmSync(runDir, { recursive: true, force: true })
  }
}

/**
 * One line at the top of the run on the suites against the real control plane (test/control-plane):
 * whether they run, and why not where they are skipped. Unpacking the binaries here also spares
 * the test files the race for it.
 */
function sayWhetherTheControlPlaneRuns(): void {
  const lookup = findKubeBinaries()
  console.log(
    lookup.found
      ? `control-plane suites: running against kube-apiserver and kube-scheduler ${KUBE_VERSION}`
      : `control-plane suites: SKIPPED, ${lookup.reason}`
  )
}
