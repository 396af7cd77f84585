import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeApiServer, kubeconfigFor } from '../support/fake-apiserver.js'
import { FIXTURES, runTool, tempFile } from './run-tool.js'

/**
 * The release explain and forecast speak for: `--kube-version`, else the API server's
 * `/version`, else the newest supported (1.35); named in the table's last line and as
 * `kubeVersion` in -o json; a release outside 1.28 to 1.35 refused in words.
 */

const POD = `${FIXTURES}pod-batch.json`
const TAINTED = `${FIXTURES}nodes-all-tainted.json`
const FILES = ['--pod', POD, '--nodes', TAINTED]
/** forecast of a NoSchedule taint on the node `tainted`. */
const ON_TAINTED = ['--taint', 'a=b:NoSchedule', '--node', 'tainted']

const AS_1_28 =
  '0/2 nodes are available: 1 node(s) had untolerated taint {dedicated: db}, 1 node(s) were unschedulable. preemption: not eligible due to preemptionPolicy=Never..'

describe('explain and forecast speak for a Kubernetes release', () => {
  it('from files without --kube-version, explain speaks for 1.35 and says so', async () => {
    const result = await runTool('explain', FILES)
    expect(result.stdout).toContain(
      '0/2 nodes are available: 1 node(s) had untolerated taint(s), 1 node(s) were unschedulable.'
    )
    expect(
      result.stdout.endsWith('Judged as kube-scheduler 1.35 judges (newest supported).\n')
    ).toBe(true)
    const json = JSON.parse((await runTool('explain', [...FILES, '-o', 'json'])).stdout) as {
      kubeVersion: string
    }
    expect(json.kubeVersion).toBe('1.35')
  })

  it('--kube-version 1.28.7 gives that release’s message: the taint named, no DynamicResources part, two periods', async () => {
    const never = tempFile(
      'pod.json',
      JSON.stringify({
        metadata: { name: 'never', namespace: 'jobs' },
        spec: { containers: [{ name: 'c' }], preemptionPolicy: 'Never' },
      })
    )
    const args = ['--pod', never, '--nodes', TAINTED, '--kube-version', '1.28.7']
    const table = await runTool('explain', args)
    expect(table.code).toBe(1)
    expect(table.stdout).toContain(`\n${AS_1_28}\n`)
    expect(table.stdout).toContain('Judged as kube-scheduler 1.28.7 judges (--kube-version).')
    const json = JSON.parse((await runTool('explain', [...args, '-o', 'json'])).stdout) as {
      kubeVersion: string
      summary: string
      nodes: { name: string; reason: string | null }[]
    }
    expect(json.kubeVersion).toBe('1.28.7')
    expect(json.summary).toBe(AS_1_28)
    expect(json.nodes.find((n) => n.name === 'tainted')?.reason).toBe(
      'node(s) had untolerated taint {dedicated: db}'
    )
  })

  it.each([
    ['1.27', 'Kubernetes 1.27 is not supported: explain and forecast speak for 1.28 to 1.35'],
    ['1.36.1', 'Kubernetes 1.36.1 is not supported: explain and forecast speak for 1.28 to 1.35'],
    ['2.0', '"2.0" is not a Kubernetes version (write it as 1.28 or 1.28.7)'],
    ['latest', '"latest" is not a Kubernetes version (write it as 1.28 or 1.28.7)'],
  ])('--kube-version %s is refused in words with exit 2', async (given, words) => {
    for (const tool of ['explain', 'forecast'] as const) {
      const args =
        tool === 'explain'
          ? [...FILES, '--kube-version', given]
          : [...ON_TAINTED, '--nodes', TAINTED]
      const result = await runTool(
        tool,
        tool === 'explain' ? args : [...args, '--pods', POD, '--kube-version', given]
      )
      expect(result.code).toBe(2)
      expect(result.stderr).toContain(`--kube-version ${given}: ${words}`)
    }
  })

  it('forecast names the release it speaks for, in the table and in JSON', async () => {
    const args = [...ON_TAINTED, '--nodes', TAINTED]
    const withPods = [...args, '--pods', tempFile('pods.json', '{"items": []}')]
    const table = await runTool('forecast', [...withPods, '--kube-version', 'v1.30.2'])
    expect(table.code).toBe(0)
    expect(
      table.stdout.endsWith('Judged as kube-scheduler 1.30.2 judges (--kube-version).\n')
    ).toBe(true)
    const json = JSON.parse((await runTool('forecast', [...withPods, '-o', 'json'])).stdout) as {
      kubeVersion: string
    }
    expect(json.kubeVersion).toBe('1.35')
  })
})

describe('live, the release is the API server’s', () => {
  let api: FakeApiServer
  let kubeconfig: string

  beforeAll(async () => {
    api = await FakeApiServer.start()
    api.addNode({
      name: 'tainted',
      labels: {},
      taints: [{ key: 'dedicated', value: 'db', effect: 'NoExecute' }],
      unschedulable: false,
    })
    api.setPods([])
    kubeconfig = kubeconfigFor(api.url)
  })

  afterAll(async () => {
    await api.close()
  })

  it('a provider’s v1.28.7 build is read from /version and spoken for', async () => {
    api.gitVersion = 'v1.28.7-eks-1a2b3c'
    const result = await runTool('explain', ['--pod', POD, '--kubeconfig', kubeconfig])
    expect(result.stdout).toContain('1 node(s) had untolerated taint {dedicated: db}.')
    expect(result.stdout).toContain('Judged as kube-scheduler 1.28.7 judges (API server).')
    expect(api.requestLog.some((r) => r.url === '/version')).toBe(true)
  })

  it('--kube-version wins over the API server’s, which is then not asked', async () => {
    api.gitVersion = 'v1.28.7'
    const since = api.requestLog.length
    const args = ['--pod', POD, '--kubeconfig', kubeconfig, '--kube-version', '1.35']
    const result = await runTool('explain', args)
    expect(result.stdout).toContain('1 node(s) had untolerated taint(s).')
    expect(api.requestLog.slice(since).some((r) => r.url === '/version')).toBe(false)
  })

  it('an API server outside 1.28 to 1.35 is refused in words, naming the way out', async () => {
    api.gitVersion = 'v1.36.0'
    const result = await runTool('forecast', [...ON_TAINTED, '--kubeconfig', kubeconfig])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(
      `the API server at ${api.url} runs v1.36.0: Kubernetes 1.36.0 is not supported: explain and forecast speak for 1.28 to 1.35; give --kube-version to speak for one of those`
    )
  })
})
