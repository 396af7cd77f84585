import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NEWEST_KUBE_MINOR, OLDEST_KUBE_MINOR } from '../../src/core/index.js'
import { FakeApiServer, kubeconfigFor } from '../support/fake-apiserver.js'
import { FIXTURES, runTool, tempFile } from './run-tool.js'

/**
 * A cluster with no node: kube-scheduler fails the cycle before any plugin with
 * ErrNoNodesAvailable, and its FailedScheduling event says `no nodes available to schedule pods`
 * (schedule_one.go `schedulePod`, `handleSchedulingFailure`), not "0/0 nodes are available", in
 * every release from 1.28 to 1.35. `kubectl get nodes -o json` of such a cluster prints an empty
 * List, so explain takes one from a file as from the cluster.
 */

const POD = `${FIXTURES}pod-web.yaml`
const NO_NODES = tempFile('nodes.json', '{"apiVersion":"v1","kind":"List","items":[]}')
const MESSAGE = 'no nodes available to schedule pods'
const MINORS = Array.from(
  { length: NEWEST_KUBE_MINOR - OLDEST_KUBE_MINOR + 1 },
  (_, i) => `1.${OLDEST_KUBE_MINOR + i}`
)

interface Judged {
  readonly summary: string
  readonly total: number
  readonly nodes: readonly unknown[]
  readonly postFilter: string | null
  readonly notJudged: readonly string[]
  readonly choice: unknown
}

describe('explain with no node says what kube-scheduler says', () => {
  it.each(MINORS)('speaking for %s: the message alone, no count of nodes, exit 1', async (v) => {
    const args = ['--pod', POD, '--nodes', NO_NODES, '--kube-version', v]
    const table = await runTool('explain', args)
    expect(table.code).toBe(1)
    expect(table.stdout).toBe(
      `${MESSAGE}\nJudged as kube-scheduler ${v} judges (--kube-version).\n`
    )
    const json = await runTool('explain', [...args, '-o', 'json'])
    const judged = JSON.parse(json.stdout) as Judged
    expect(judged).toMatchObject({ summary: MESSAGE, total: 0, nodes: [], postFilter: null })
    expect(judged.notJudged).toEqual([])
    expect(judged.choice).toBeNull()
  })

  it('--pending groups every pending pod under the message', async () => {
    const args = ['--pending', '-A', '--pods', `${FIXTURES}pods.yaml`, '--nodes', NO_NODES]
    const result = await runTool('explain', args)
    expect(result.stdout.split('\n').slice(0, 4)).toEqual([
      `${MESSAGE} (2 pod(s)):`,
      'NAMESPACE   POD                SUMMARY',
      `shop        waiting-plain      ${MESSAGE}`,
      `shop        waiting-tolerant   ${MESSAGE}`,
    ])
  })

  it('forecast still refuses a node file with no node: it has no node to taint', async () => {
    const args = ['--taint', 'a:NoSchedule', '--node', 'gpu-1', '--nodes', NO_NODES]
    const result = await runTool('forecast', [...args, '--pods', `${FIXTURES}pods.yaml`])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(`${NO_NODES}: no nodes found`)
  })
})

describe('live, a cluster with no node', () => {
  let api: FakeApiServer

  beforeAll(async () => {
    api = await FakeApiServer.start()
    api.setPods([])
  })

  afterAll(async () => {
    await api.close()
  })

  it.each(['v1.28.7', 'v1.35.0'])('served by %s: the same message', async (gitVersion) => {
    api.gitVersion = gitVersion
    const result = await runTool('explain', ['--pod', POD, '--kubeconfig', kubeconfigFor(api.url)])
    expect(result.code).toBe(1)
    expect(result.stdout.split('\n')[0]).toBe(MESSAGE)
  })
})
