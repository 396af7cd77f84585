import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { beforeAll, expect, it } from 'vitest'
import { executablesFolder, run } from '../support/completion-path.js'
import { describeWithControlPlane } from '../support/control-plane/index.js'
import { createNamespace } from '../support/control-plane/scheduling.js'
import { kubectlPath } from '../support/kube-tools.js'

/**
 * `kubectl taint-extender <TAB>` end to end: the real kubectl (1.35, its `__complete`, as its
 * bash and zsh scripts call it) finds `kubectl-taint_extender` and
 * `kubectl_complete-taint_extender` on the PATH, runs the second with the words typed after
 * the plugin's name, and prints its candidates and directive; the names come from a real
 * kube-apiserver, read with the --kubeconfig typed on the line.
 */

const NODES = ['completion-a', 'completion-b', 'completion-c']
const PODS = ['api-0', 'api-1']
const NAMESPACE = 'completion'

describeWithControlPlane('kubectl completes kubectl taint-extender', (plane) => {
  let env: Record<string, string>

  beforeAll(async () => {
    const api = plane().api
    for (const name of NODES) await api.create('/api/v1/nodes', { metadata: { name } })
    await createNamespace(api, NAMESPACE)
    for (const name of PODS) {
      await api.create(`/api/v1/namespaces/${NAMESPACE}/pods`, {
        metadata: { name },
        spec: { containers: [{ name: 'c', image: 'x' }] },
      })
    }
    const home = mkdtempSync(`${tmpdir()}/taint-extender-home-`)
    env = { PATH: `${executablesFolder()}:${process.env.PATH ?? ''}`, HOME: home }
  })

  /** `kubectl __complete ARGS`: its candidates and directive, its stdout's lines. */
  async function kubectlComplete(args: readonly string[]): Promise<string[]> {
    const result = await run(kubectlPath(), ['__complete', ...args], env)
    expect(result.code).toBe(0)
    return result.stdout.split('\n').filter((line) => line !== '')
  }

  it('offers the plugin among kubectl’s commands', async () => {
    // kubectl describes each command after a tab: the name is what comes before it.
    const names = (await kubectlComplete(['taint'])).map((line) => line.split('\t')[0])
    expect(names).toContain('taint-extender')
  })

  it('offers the plugin’s commands', async () => {
    expect(await kubectlComplete(['taint-extender', 'fo'])).toEqual(['forecast', ':4'])
  })

  it('offers the cluster’s nodes for forecast --node', async () => {
    const args = ['taint-extender', 'forecast', '--kubeconfig', plane().kubeconfig, '--node', '']
    expect(await kubectlComplete(args)).toEqual([...NODES, ':4'])
  })

  it('offers the pods of the namespace -n names for explain', async () => {
    const args = ['taint-extender', 'explain', '--kubeconfig', plane().kubeconfig, '-n', NAMESPACE]
    expect(await kubectlComplete([...args, ''])).toEqual([...PODS, ':4'])
  })

  it('reads the cluster KUBECONFIG names when no --kubeconfig is typed', async () => {
    const result = await run(
      kubectlPath(),
      ['__complete', 'taint-extender', 'explain', '-n', 'compl'],
      { ...env, KUBECONFIG: plane().kubeconfig }
    )
    expect(result.stdout).toBe(`${NAMESPACE}\n:4\n`)
  })

  it('leaves file names to the shell for a file flag', async () => {
    expect(await kubectlComplete(['taint-extender', 'explain', '--nodes', ''])).toEqual([':0'])
  })
})
