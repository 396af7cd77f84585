import { describe, expect, it } from 'vitest'
import { FIXTURES, runTool, tempFile } from './run-tool.js'

/** What the tools accept as input and flags, and how they refuse the rest (exit status 2). */

const POD = `${FIXTURES}pod-web.yaml`
const NODES = `${FIXTURES}nodes.yaml`

const POD_YAML = 'metadata: { name: p, namespace: ns }\nspec: {}\n'
const NODE_YAML = 'kind: Node\nmetadata: { name: n1 }\nspec: {}\n'

describe('the tools read', () => {
  it('several YAML documents, empty ones between --- skipped', async () => {
    const nodes = tempFile(
      'nodes.yaml',
      `---\n${NODE_YAML}---\n---\n${NODE_YAML.replace('n1', 'n2')}`
    )
    const result = await runTool('explain', ['--pod', POD, '--nodes', nodes, '-o', 'json'])
    const parsed = JSON.parse(result.stdout) as { nodes: { name: string }[] }
    expect(parsed.nodes.map((n) => n.name)).toEqual(['n1', 'n2'])
  })

  it('JSON with a repeated key as JSON.parse reads it: the last one counts', async () => {
    const nodes = tempFile('nodes.json', '{"metadata":{"name":"first","name":"last"},"spec":{}}')
    const result = await runTool('explain', ['--pod', POD, '--nodes', nodes, '-o', 'json'])
    expect((JSON.parse(result.stdout) as { nodes: { name: string }[] }).nodes[0]?.name).toBe('last')
  })

  it("of the cluster's other pods, for explain, only what its rules read: a placed pod's tolerations, which forecast reads and refuses when malformed, are not read", async () => {
    const pods = tempFile(
      'pods.yaml',
      'items:\n  - { metadata: { name: q }, spec: { nodeName: gpu-1, tolerations: 5 } }\n'
    )
    const result = await runTool('explain', ['--pod', POD, '--nodes', NODES, '--pods', pods])
    expect([result.code, result.stderr]).toEqual([0, ''])
  })

  it('-o table is the table given without -o', async () => {
    const table = await runTool('explain', ['--pod', POD, '--nodes', NODES])
    const result = await runTool('explain', ['--pod', POD, '--nodes', NODES, '-o', 'table'])
    expect(result.stdout).toBe(table.stdout)
    expect(result.stdout).toMatch(/^NODE {8}VERDICT/)
  })
})

describe('the tools refuse, with exit status 2,', () => {
  const twoPods = tempFile('pods.yaml', `${POD_YAML}---\n${POD_YAML.replace('name: p', 'name: q')}`)
  const noNodes = tempFile('nodes.yaml', 'kind: List\nitems: []\n')
  const badSecondPod = tempFile(
    'pods.yaml',
    `items:\n  - ${POD_YAML.split('\n')[0]}\n  - { metadata: { name: q }, spec: { tolerations: 5 } }\n`
  )
  const aNumber = tempFile('nodes.yaml', '5\n')

  it.each([
    ['a flag neither tool has', 'explain', ['--pod', POD, '--bogus'], /^unknown flag --bogus/],
    [
      'a positional argument',
      'explain',
      ['--pod', POD, 'extra'],
      /^give one of --pod FILE, POD, not several/,
    ],
    [
      'two pods for explain',
      'explain',
      ['--pod', twoPods, '--nodes', NODES],
      new RegExp(`^${twoPods}: expected one pod, found 2$`),
    ],
    [
      'a node file with no node, for forecast (explain says what kube-scheduler says of it)',
      'forecast',
      ['--taint', 'a:NoSchedule', '--node', 'gpu-1', '--nodes', noNodes, '--pods', POD],
      new RegExp(`^${noNodes}: no nodes found$`),
    ],
    [
      'a document that is no object, naming which',
      'explain',
      ['--pod', POD, '--nodes', aNumber],
      new RegExp(`^${aNumber}\\[0\\]: expected an object, got a number$`),
    ],
    [
      'a pod that is wrong, naming which',
      'forecast',
      ['--taint', 'a:NoSchedule', '--node', 'gpu-1', '--nodes', NODES, '--pods', badSecondPod],
      new RegExp(`^${badSecondPod}: pod 1\\.spec\\.tolerations: expected an array, got a number$`),
    ],
    [
      'a node file it cannot read',
      'explain',
      ['--pod', POD, '--nodes', '/nowhere/nodes.yaml'],
      /^cannot read --nodes \/nowhere\/nodes\.yaml: no such file$/,
    ],
    [
      'a node file it cannot read, for forecast too',
      'forecast',
      ['--taint', 'a:NoSchedule', '--node', 'gpu-1', '--nodes', '/nowhere/nodes.yaml'],
      /^cannot read --nodes \/nowhere\/nodes\.yaml: no such file$/,
    ],
    [
      'a pod file for explain it cannot read',
      'explain',
      ['--pod', '/nowhere/pod.yaml', '--nodes', NODES],
      /^cannot read --pod \/nowhere\/pod\.yaml: no such file$/,
    ],
    [
      'a pod file it cannot read',
      'forecast',
      [
        '--taint',
        'a:NoSchedule',
        '--node',
        'gpu-1',
        '--nodes',
        NODES,
        '--pods',
        '/nowhere/pods.yaml',
      ],
      /^cannot read --pods \/nowhere\/pods\.yaml: no such file$/,
    ],
    [
      'stdin for both --pods and --nodes',
      'forecast',
      ['--taint', 'a:NoSchedule', '--node', 'gpu-1', '--nodes', '-', '--pods', '-'],
      /^only one of --pods and --nodes can be stdin$/,
    ],
    [
      'stdin for both --pdbs and --nodes, now that forecast reads budgets',
      'forecast',
      ['--taint', 'a:NoSchedule', '--node', 'gpu-1', '--nodes', '-', '--pdbs', '-'],
      /^only one of --nodes and --pdbs can be stdin$/,
    ],
    [
      'text that is not YAML, with the parser’s first line',
      'explain',
      ['--pod', `${FIXTURES}broken.yaml`, '--nodes', NODES],
      new RegExp(
        `^${FIXTURES}broken\\.yaml: not YAML or JSON: missed comma between flow collection entries \\(1:11\\)$`
      ),
    ],
  ] as const)('%s', async (_name, tool, argv, message) => {
    const result = await runTool(tool, [...argv])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(message)
  })
})
