import { load } from 'js-yaml'
import { describe, expect, it } from 'vitest'
import { EXPLAIN_FLAGS, FORECAST_FLAGS, loadConfig, parseStrict } from '../../src/config/index.js'
import { FLAGS } from '../../src/config/flags.js'
import { cli } from './run-cli.js'
import { FIXTURES, runTool, tempFile } from './run-tool.js'

/**
 * What the tools refuse or accept of their input, through the built executable: flags given
 * twice, output formats, files of the wrong kind, and several nodes for forecast.
 */
const NODES = `${FIXTURES}nodes.yaml`
const PODS = `${FIXTURES}pods.yaml`
const POD = `${FIXTURES}pod-web.yaml`
const EXPLAIN = ['explain', '--pod', POD, '--nodes', NODES]
/** forecast of a NoSchedule taint on general-1 of `nodes`, the pods to be given. */
const forecastOnGeneral1 = (nodes: string): string[] => [
  'forecast',
  '--taint',
  'a:NoSchedule',
  '--node',
  'general-1',
  '--nodes',
  nodes,
]
const FORECAST = ['forecast', '--taint', 'a:NoExecute', '--nodes', NODES, '--pods', PODS]

/** Every flag of the table that takes one value, `--name` (repeating --node is allowed). */
const singleValued = (table: Record<string, { type: string; multiple?: boolean }>): string[] =>
  Object.entries(table)
    .filter(([, flag]) => flag.type === 'string' && flag.multiple !== true)
    .map(([name]) => `--${name}`)

describe('a flag that takes one value, given twice', () => {
  it.each([
    ['explain', ['explain', '--pod', POD, '--pod=x']],
    ['forecast', ['forecast', '--taint', 'a:NoSchedule', '--taint', 'b:NoSchedule']],
  ])('%s refuses it through the executable, exit 2, naming it', (command, args) => {
    const flag = args[1] as string
    expect(cli(args)).toEqual({
      code: 2,
      stdout: '',
      stderr: `taint-extender ${command}: ${flag} is given more than once\nRun 'taint-extender ${command} --help' for its flags.\n`,
    })
  })

  it('serve refuses it through the executable too', () => {
    expect(cli(['serve', '--port', '1', '--port', '2'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'taint-extender: --port is given more than once; see taint-extender serve --help\n',
    })
  })

  it.each([
    ...singleValued(EXPLAIN_FLAGS).map((flag) => ['explain', flag] as const),
    ...singleValued(FORECAST_FLAGS).map((flag) => ['forecast', flag] as const),
  ])('%s %s: every such flag, rather than the last one silently winning', async (command, flag) => {
    const result = await runTool(command, [flag, 'x', `${flag}=y`])
    expect(result).toEqual({ code: 2, stdout: '', stderr: `${flag} is given more than once` })
  })

  it.each(FLAGS.filter((f) => f.kind === 'string').map((f) => `--${f.name}`))(
    'serve %s: every such flag of the server',
    (flag) => {
      expect(() => loadConfig({ argv: [flag, '1', flag, '2'], env: {} })).toThrow(
        `${flag} is given more than once; see taint-extender serve --help`
      )
    }
  )
})

describe('a short flag joined to its value by =, as pflag reads it (kubectl users type -o=json)', () => {
  it.each([
    ['version -o=json', ['version', '-o=json'], ['version', '-o', 'json']],
    ['explain -o=yaml', [...EXPLAIN, '-o=yaml'], [...EXPLAIN, '-o', 'yaml']],
    [
      'forecast -l=KEY=VALUE, the selector keeping its own =',
      [...FORECAST, '-l=pool=spot'],
      [...FORECAST, '-l', 'pool=spot'],
    ],
    [
      'explain --pending -n=NS',
      ['explain', '--pending', '--pods', PODS, '--nodes', NODES, '-n=shop'],
      ['explain', '--pending', '--pods', PODS, '--nodes', NODES, '-n', 'shop'],
    ],
  ])('%s reads as the flag and its value apart', (_name, joined, apart) => {
    const result = cli(joined)
    expect(result.code).toBe(0)
    expect(result).toEqual(cli(apart))
  })

  it('-o= with an unknown format names the format, not "=FORMAT"', () => {
    expect(cli(['version', '-o=xml']).stderr).toMatch(/^taint-extender version: -o xml: not/)
  })

  it('after --, a word spelt as a short flag with = stays the word it is', () => {
    expect(parseStrict(['--', '-n=shop'], EXPLAIN_FLAGS, true).positionals).toEqual(['-n=shop'])
  })
})

describe('-o', () => {
  it('yaml is the json document in YAML', () => {
    const json = cli([...EXPLAIN, '-o', 'json'])
    const yaml = cli([...EXPLAIN, '-o', 'yaml'])
    expect(yaml.code).toBe(0)
    expect(load(yaml.stdout)).toEqual(JSON.parse(json.stdout))
  })

  it('wide is the table with each node’s taints (and cordon) as a last column', () => {
    const table = cli(EXPLAIN).stdout.split('\n')
    const wide = cli([...EXPLAIN, '-o', 'wide']).stdout.split('\n')
    expect(wide[0]).toMatch(/ {3}TAINTS$/)
    expect(wide[1]).toMatch(/^general-1 .* -$/)
    expect(wide[4]).toMatch(/ example\.com\/sla=800:NoSchedule$/)
    expect(wide[5]).toMatch(/ \(cordoned\),node\.kubernetes\.io\/unschedulable:NoSchedule$/)
    expect(wide.slice(6)).toEqual(table.slice(6))
  })

  it('wide adds what the pod outcome was before the taint, for forecast', () => {
    const wide = cli([...FORECAST, '--node', 'general-1', '-o', 'wide']).stdout.split('\n')
    expect(wide[0]).toMatch(/ {3}CHANGED {3}BEFORE$/)
    expect(wide.find((l) => l.includes('shop/tolerates-300s'))).toMatch(/ yes +stays$/)
  })

  it.each([
    ['explain', EXPLAIN] as const,
    ['forecast', [...FORECAST, '--node', 'general-1']] as const,
  ])('%s refuses any other format, naming the ones it knows', (command, args) => {
    const result = cli([...args, '-o', 'xml'])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(
      new RegExp(
        `^taint-extender ${command}: -o xml: not an output format \\(choose one of table, wide, json, yaml\\)\\n`
      )
    )
  })
})

describe('a file of the wrong kind', () => {
  const podList = tempFile(
    'pod-list.json',
    JSON.stringify({ kind: 'PodList', items: [{ metadata: { name: 'a' } }] })
  )
  const bareNode = tempFile('node.yaml', 'metadata: { name: n1 }\nspec: { taints: [] }\n')
  const statusNode = tempFile(
    'node.yaml',
    'metadata: { name: n1 }\nstatus: { nodeInfo: { kubeletVersion: v1.30.0 } }\n'
  )
  const ZONES = `${FIXTURES}nodes-zones.yaml`
  it.each([
    [
      'a Node given as --pod',
      ['explain', '--pod', NODES, '--nodes', NODES],
      `${NODES} holds a Node "general-1", not a Pod (--pod)`,
    ],
    [
      'pods given as --nodes',
      ['explain', '--pod', POD, '--nodes', PODS],
      `${PODS} holds a Pod "plain", not a Node (--nodes)`,
    ],
    [
      'a PodList (its items without kind) as --nodes',
      ['explain', '--pod', POD, '--nodes', podList],
      `${podList} holds a Pod "a", not a Node (--nodes)`,
    ],
    [
      'a node without kind, known by its taints, as --pod',
      ['explain', '--pod', bareNode, '--nodes', NODES],
      `${bareNode} holds a Node "n1" (no kind, and no spec.containers), not a Pod (--pod)`,
    ],
    [
      'a node without kind or spec, known by its status.nodeInfo, as --pod',
      ['explain', '--pod', statusNode, '--nodes', NODES],
      `${statusNode} holds a Node "n1" (no kind, and no spec.containers), not a Pod (--pod)`,
    ],
    [
      'kind-less nodes whose first has only a status as --pod, naming that first one, not the first with taints',
      ['explain', '--pod', ZONES, '--nodes', NODES],
      `${ZONES} holds a Node "web-a1" (no kind, and no spec.containers), not a Pod (--pod)`,
    ],
    [
      'kind-less nodes as --pods to forecast, naming the first in file order',
      [...forecastOnGeneral1(NODES), '--pods', ZONES],
      `${ZONES} holds a Node "web-a1" (no kind, and no spec.containers), not a Pod (--pods)`,
    ],
    [
      'nodes given as --pods to explain',
      ['explain', '--pod', POD, '--nodes', NODES, '--pods', NODES],
      `${NODES} holds a Node "general-1", not a Pod (--pods)`,
    ],
    [
      'nodes given as --pods to forecast',
      [...forecastOnGeneral1(NODES), '--pods', NODES],
      `${NODES} holds a Node "general-1", not a Pod (--pods)`,
    ],
    [
      'a pod given as --nodes to forecast',
      [...forecastOnGeneral1(POD), '--pods', PODS],
      `${POD} holds a Pod "web-7d9f", not a Node (--nodes)`,
    ],
  ])('%s exits 2 naming the file and the kind found', (_name, args, message) => {
    const result = cli(args)
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr.split('\n')[0]).toBe(`taint-extender ${args[0]}: ${message}`)
  })
})

describe('explain --pod with no containers, which the API server refuses (ValidatePodSpec)', () => {
  it.each([
    ['without kind, with only a name', 'metadata: { name: n1 }\n', 'pod "n1"'],
    [
      'with kind and tolerations but no containers',
      'kind: Pod\nmetadata: { name: p }\nspec: { tolerations: [] }\n',
      'pod "p"',
    ],
    [
      'with an empty list of containers and no name',
      'kind: Pod\nspec: { containers: [] }\n',
      'pod 0',
    ],
  ])('a pod %s exits 2 naming the file and what is missing', (_name, text, label) => {
    const file = tempFile('pod.yaml', text)
    const result = cli(['explain', '--pod', file, '--nodes', NODES])
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr.split('\n')[0]).toBe(
      `taint-extender explain: ${file}: ${label} has no spec.containers, which every pod needs`
    )
  })
})

describe('forecast over several nodes', () => {
  const json = (args: string[]) =>
    JSON.parse(cli([...FORECAST, ...args, '-o', 'json']).stdout) as {
      nodes: { node: string }[]
      summary: string
    }

  it('takes --node repeated, and a comma list, alike, forecasting every node named in order', () => {
    const repeated = json(['--node', 'spot-1', '--node', 'general-1'])
    expect(repeated.nodes.map((n) => n.node)).toEqual(['spot-1', 'general-1'])
    expect(json(['--node', 'spot-1,general-1'])).toEqual(repeated)
    expect(json(['--node', 'spot-1', '--node', 'general-1,spot-1'])).toEqual(repeated)
    expect(repeated.summary).toMatch(
      /^a:NoExecute on 2 node\(s\): 7 running pod\(s\) evicted at once/
    )
  })

  it.each([
    [
      'a node that is not there, naming every one missing',
      ['--node', 'general-1,nowhere', '--node', 'gone'],
      `${NODES} has no node named "nowhere", "gone"`,
    ],
    [
      'an empty name in a comma list',
      ['--node', 'general-1,'],
      '--node general-1,: an empty node name',
    ],
    [
      '--node with --selector',
      ['--node', 'general-1', '-l', 'pool=general'],
      'give either --node NAME (repeated, or NAME,NAME) or --selector LABELS',
    ],
  ])('refuses %s with exit 2', (_name, args, message) => {
    const result = cli([...FORECAST, ...args])
    expect(result.code).toBe(2)
    expect(result.stderr.split('\n')[0]).toBe(`taint-extender forecast: ${message}`)
  })
})

describe('errors for people', () => {
  it.each([
    [
      '--pod',
      ['explain', '--pod', '/nowhere/pod.yaml', '--nodes', NODES],
      'cannot read --pod /nowhere/pod.yaml: no such file',
    ],
    [
      '--nodes, a directory',
      ['explain', '--pod', POD, '--nodes', FIXTURES],
      `cannot read --nodes ${FIXTURES}: it is a directory`,
    ],
  ])('an unreadable %s is named in words, not errno codes', (_name, args, message) => {
    const result = cli(args)
    expect(result.code).toBe(2)
    expect(result.stderr.split('\n')[0]).toBe(`taint-extender explain: ${message}`)
  })
})
