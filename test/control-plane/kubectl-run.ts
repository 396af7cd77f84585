import { execFile } from 'node:child_process'
import { kubectlPath } from '../support/kube-tools.js'

/**
 * The real kubectl (.ci/kube-tools) against a test's cluster, run asynchronously: the suite's
 * watches keep receiving (and timing) events while it runs.
 */
export function kubectl(
  kubeconfig: string,
  args: readonly string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(kubectlPath(), ['--kubeconfig', kubeconfig, ...args], (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1
      resolve({ code, stdout, stderr })
    })
  })
}
