import { readFileSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { load } from 'js-yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { post, startTestServer, type TestServer } from '../support/test-server.js'
import { nodesArgs } from '../support/wire.js'
import { FIXTURES, runTool, tempFile } from './run-tool.js'

const NODES = `${FIXTURES}nodes.yaml`

describe('taint-extender explain on a fixture cluster', () => {
  it('prints a row per node with every verdict, the deciding plugin and taints, the Gt comparison, upstream summary, what it does not judge and the scores of the nodes it would most likely land on', async () => {
    const result = await runTool('explain', [
      '--pod',
      `${FIXTURES}pod-web.yaml`,
      '--nodes',
      NODES,
      '--feature-gates',
      'TaintTolerationComparisonOperators=true',
    ])
    expect(result.code).toBe(0)
    expect(result.stdout).toBe(
      [
        'NODE        VERDICT    PREFER-NO-SCHEDULE   SCORE   NODE-AFFINITY   DECIDED BY',
        'general-1   fits       0                    10      0               -',
        'spot-1      fits       1                    0       0               -',
        'gpu-1       rejected   0                    -       -               TaintToleration: nvidia.com/gpu=present:NoSchedule',
        'sla-800     rejected   0                    -       -               TaintToleration: example.com/sla=800:NoSchedule (Gt 950: 800 > 950 is false)',
        'general-2   cordoned   0                    -       -               NodeUnschedulable: node.kubernetes.io/unschedulable:NoSchedule',
        '',
        'fits on 2 of 5 node(s); the other 3: 1 node(s) were unschedulable, 2 node(s) had untolerated taint(s).',
        'Not judged: resources (NodeResourcesFit: no pods given), inter-pod affinity (InterPodAffinity: no pods given), default topology spread (PodTopologySpread scoring: the Services and controllers selecting the pod were not read).',
        "Topology spread, scored only, never filtering: none set, so the scheduler's defaults apply (ScheduleAnyway).",
        '',
        'NODE        TOTAL   TAINTS(x3)   IMAGES(x1)',
        'general-1   300     100          0',
        'spot-1      0       0            0',
        'Most likely placed on general-1 (total 300).',
        'Not scored: NodeResourcesFit (no pods given), NodeResourcesBalancedAllocation (no pods given).',
        'Judged as kube-scheduler 1.35 judges (newest supported).',
        '',
      ].join('\n')
    )
  })

  it('exits 1 and says 0/N nodes are available when the pod fits nowhere', async () => {
    const isolatedNodes = `${FIXTURES}pod-isolated.yaml`
    const result = await runTool('explain', [
      '--pod',
      isolatedNodes,
      '--nodes',
      NODES,
      '--feature-gates',
      'TaintTolerationComparisonOperators=false',
    ])
    expect(result.code).toBe(0) // the clean general-1 still fits a pod without tolerations
    const onlyTainted = await runTool('explain', [
      '--pod',
      isolatedNodes,
      '--nodes',
      `${FIXTURES}nodes-all-tainted.json`,
    ])
    expect(onlyTainted.code).toBe(1)
    expect(onlyTainted.stdout).toContain(
      '0/2 nodes are available: 1 node(s) had untolerated taint(s), 1 node(s) were unschedulable.'
    )
  })

  it('reports by default, with the comparison gate off as upstream’s is, that Gt cannot tolerate', async () => {
    const result = await runTool('explain', ['--pod', `${FIXTURES}pod-web.yaml`, '--nodes', NODES])
    expect(result.stdout).toContain(
      'example.com/sla=800:NoSchedule (Gt 950: comparison operators are disabled)'
    )
  })

  it('names every deciding taint of a node, each with every comparison made against it', async () => {
    const nodes = tempFile(
      'nodes.yaml',
      [
        'items:',
        '  - metadata: { name: two-taints }',
        '    spec:',
        '      taints:',
        "        - { key: example.com/sla, value: '800', effect: NoSchedule }",
        '        - { key: dedicated, value: db, effect: NoExecute }',
      ].join('\n')
    )
    const pod = tempFile(
      'pod.yaml',
      [
        'metadata: { name: p, namespace: ns }',
        'spec:',
        '  containers: [{ name: c, image: i }]',
        '  tolerations:',
        "    - { key: example.com/sla, operator: Gt, value: '950', effect: NoSchedule }",
        "    - { key: example.com/sla, operator: Lt, value: '700' }",
      ].join('\n')
    )
    const gateOn = ['--feature-gates', 'TaintTolerationComparisonOperators=true']
    const result = await runTool('explain', ['--pod', pod, '--nodes', nodes, ...gateOn])
    expect(result.code).toBe(1)
    expect(result.stdout.split('\n')[1]).toBe(
      'two-taints   rejected   0                    -       -               TaintToleration: ' +
        'example.com/sla=800:NoSchedule (Gt 950: 800 > 950 is false; Lt 700: 800 < 700 is false), ' +
        'dedicated=db:NoExecute'
    )
  })

  it('gives scripts JSON with -o json', async () => {
    const result = await runTool('explain', [
      '--pod',
      `${FIXTURES}pod-batch.json`,
      '--nodes',
      NODES,
      '-o',
      'json',
    ])
    expect(result.code).toBe(0)
    const parsed = JSON.parse(result.stdout) as {
      pod: unknown
      available: number
      total: number
      nodes: { name: string; verdict: string; score: number | null }[]
    }
    expect(result.stdout).toMatch(/}\n$/)
    expect(parsed.pod).toEqual({ namespace: 'jobs', name: 'batch-0' })
    expect(parsed.nodes.map((n) => [n.name, n.verdict, n.score])).toEqual([
      ['general-1', 'fits', 10],
      ['spot-1', 'fits', 10],
      ['gpu-1', 'fits', 10],
      ['sla-800', 'rejected', null],
      ['general-2', 'cordoned', null],
    ])
    expect([parsed.available, parsed.total]).toEqual([3, 5])
  })

  it.each([
    ['a missing --pod', ['--nodes', NODES], /--pod FILE/],
    [
      'a pod file that does not exist',
      ['--pod', '/nonexistent/pod.yaml', '--nodes', NODES],
      /^cannot read --pod \/nonexistent\/pod\.yaml: no such file$/,
    ],
    [
      'a pod file that is not YAML',
      ['--pod', `${FIXTURES}broken.yaml`, '--nodes', NODES],
      /broken\.yaml: not YAML or JSON/,
    ],
    [
      'a node list with a nameless node',
      ['--pod', `${FIXTURES}pod-web.yaml`, '--nodes', `${FIXTURES}nodes-nameless.yaml`],
      /node 0\.metadata\.name is missing or empty/,
    ],
    [
      'an unknown output format',
      ['--pod', `${FIXTURES}pod-web.yaml`, '--nodes', NODES, '-o', 'xml'],
      /^-o xml: not an output format \(choose one of table, wide, json, yaml\)$/,
    ],
  ])('exits 2 with a message for %s', async (_name, argv, message) => {
    const result = await runTool('explain', argv)
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(message)
  })

  it('runs as the installed bin with the same exit statuses', () => {
    const bin = new URL('../../dist/cli.js', import.meta.url).pathname
    const fits = spawnSync(
      process.execPath,
      [bin, 'explain', '--pod', `${FIXTURES}pod-web.yaml`, '--nodes', NODES],
      { encoding: 'utf8' }
    )
    expect(fits.status).toBe(0)
    const nowhere = spawnSync(
      process.execPath,
      [bin, 'explain', '--pod', '-', '--nodes', `${FIXTURES}nodes-all-tainted.json`],
      {
        encoding: 'utf8',
        input: readFileSync(`${FIXTURES}pod-isolated.yaml`, 'utf8'),
      }
    )
    expect(nowhere.status).toBe(1)
    const bad = spawnSync(process.execPath, [bin, 'explain', '--pod'], { encoding: 'utf8' })
    expect(bad.status).toBe(2)
  })
})

describe('explain against the server', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(async () => {
    await server.close()
  })

  for (const podFile of ['pod-web.yaml', 'pod-batch.json', 'pod-isolated.yaml']) {
    it(`gives the same verdicts as the server's filter for ${podFile}`, async () => {
      const pod = load(readFileSync(`${FIXTURES}${podFile}`, 'utf8'))
      const nodes = (load(readFileSync(NODES, 'utf8')) as { items: unknown[] }).items
      const reply = await post(`${server.url}/filter`, nodesArgs(pod, nodes))
      const filtered = reply.json as {
        Nodes: { items: { metadata: { name: string } }[] }
        FailedAndUnresolvableNodes: Record<string, string>
      }
      const explained = await runTool('explain', [
        '--pod',
        `${FIXTURES}${podFile}`,
        '--nodes',
        NODES,
        '-o',
        'json',
      ])
      const rows = (
        JSON.parse(explained.stdout) as {
          nodes: { name: string; verdict: string; reason: string | null }[]
        }
      ).nodes
      expect(rows.filter((r) => r.verdict === 'fits').map((r) => r.name)).toEqual(
        filtered.Nodes.items.map((n) => n.metadata.name)
      )
      expect(
        Object.fromEntries(rows.filter((r) => r.reason !== null).map((r) => [r.name, r.reason]))
      ).toEqual(filtered.FailedAndUnresolvableNodes)
    })
  }
})
