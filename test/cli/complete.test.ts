import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { createServer, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  executablesFolder,
  kubeconfigWithContexts,
  parseAnswer,
  run,
} from '../support/completion-path.js'
import { FakeApiServer } from '../support/fake-apiserver.js'
import { freePort } from '../support/free-port.js'
import { runComplete } from '../../src/cli/complete-command.js'

/**
 * The completion engine through both built entries, `taint-extender __complete WORDS` and
 * `kubectl_complete-taint_extender WORDS` (the executable kubectl runs for
 * `kubectl taint-extender <TAB>`), and in process. The words are those typed after the executable's name, the last
 * one being completed; the answer is one candidate a line, then `:DIRECTIVE` (cobra's: 0 lets
 * the shell complete file names, 4 forbids it). Cluster names come from a real HTTP API server.
 */

const NODES = ['gpu-1', 'worker-1', 'worker-2']
/** kubectl's bound on a completion's requests (`compGetResourceList`), which the tool keeps. */
const NAMES_DEADLINE_MS = 5_000
/** Past the deadline, time a loaded machine may take to end the process and see it end. */
const MARGIN_MS = 4_000
const pod = (namespace: string, name: string) => ({ metadata: { namespace, name } })

let main: FakeApiServer
let other: FakeApiServer
let kubeconfig: string
let bin: string

beforeAll(async () => {
  main = await FakeApiServer.start()
  for (const name of NODES) main.addNode({ name, labels: {}, taints: [] })
  main.setNamespaces([{ metadata: { name: 'default' } }, { metadata: { name: 'shop' } }])
  main.setPods([pod('default', 'batch-7'), pod('shop', 'web-0'), pod('shop', 'web-1')])
  other = await FakeApiServer.start()
  other.addNode({ name: 'edge-1', labels: {}, taints: [] })
  kubeconfig = kubeconfigWithContexts([
    { name: 'main', server: main.url },
    { name: 'other', server: other.url },
    { name: 'main-shop', server: main.url, namespace: 'shop' },
  ])
  bin = executablesFolder()
})

afterAll(async () => {
  await main.close()
  await other.close()
})

/** The engine behind `taint-extender __complete`, in this process, for mutation testing. */
async function inProcess(words: readonly string[], env: Record<string, string>) {
  let stdout = ''
  let stderr = ''
  const io = {
    stdout: (text: string) => (stdout += text),
    stderr: (text: string) => (stderr += text),
  }
  return { code: await runComplete(words, io, env), stdout, stderr }
}

/** Each entry, given the words and the environment added to the test's own. */
const ENTRIES = [
  ['taint-extender __complete', ['taint-extender', '__complete']],
  ['kubectl_complete-taint_extender', ['kubectl_complete-taint_extender']],
  ['the engine in process', []],
] as const

function complete(
  entry: readonly string[],
  words: readonly string[],
  extra: Record<string, string> = {}
) {
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: '/nonexistent',
    KUBECONFIG: kubeconfig,
    ...extra,
  }
  const [program, ...first] = entry
  if (program === undefined) return inProcess(words, env)
  return run(join(bin, program), [...first, ...words], env)
}

const ALL_COMMANDS = ['serve', 'explain', 'forecast', 'version', 'completion', 'help']

// [row, words, candidates, directive]
const ROWS: [string, string[], string[], string][] = [
  ['a new first word is offered every command', [''], ALL_COMMANDS, ':4'],
  ['a first word is completed from its start', ['fo'], ['forecast'], ':4'],
  ['a dash in first place offers --help and --version', ['-'], ['--help', '--version'], ':4'],
  [
    'a dash offers the command’s flags by their start',
    ['explain', '--po'],
    ['--pod', '--pods'],
    ':4',
  ],
  ['a short flag is offered as typed', ['explain', '-A'], ['-A'], ':4'],
  ['-o offers the output formats', ['explain', '-o', ''], ['table', 'wide', 'json', 'yaml'], ':4'],
  ['--output= completes in the same word', ['explain', '--output=j'], ['--output=json'], ':4'],
  ['version’s -o offers its own two formats', ['version', '-o', ''], ['json', 'yaml'], ':4'],
  ['a file flag leaves the shell to complete file names', ['explain', '--nodes', ''], [], ':0'],
  ['--kubeconfig leaves file names to the shell', ['forecast', '--kubeconfig', 'k'], [], ':0'],
  ['a value with nothing to offer offers nothing, no files', ['forecast', '--taint', ''], [], ':4'],
  ['a switch takes no value: -A leaves -n its own', ['explain', '-A', '-n', 's'], ['shop'], ':4'],
  ['completion offers the shells', ['completion', ''], ['bash', 'zsh'], ':4'],
  ['completion takes one shell', ['completion', 'bash', ''], [], ':4'],
  ['help offers the commands', ['help', 'ex'], ['explain'], ':4'],
  [
    'serve offers the server’s flags',
    ['serve', '--tls-'],
    ['--tls-cert-file', '--tls-private-key-file'],
    ':4',
  ],
  [
    'flags with no command before them are serve’s',
    ['--port', '9000', '--tls-c'],
    ['--tls-cert-file'],
    ':4',
  ],
  [
    'serve’s --log-level offers the levels its parser takes',
    ['serve', '--log-level', ''],
    ['debug', 'info', 'warn', 'error'],
    ':4',
  ],
  [
    'serve’s --evicting-nodes offers the modes',
    ['--evicting-nodes', 'a'],
    ['avoid', 'allow'],
    ':4',
  ],
  ['an unknown command offers nothing', ['frobnicate', ''], [], ':4'],
  ['forecast --node offers the cluster’s nodes', ['forecast', '--node', ''], NODES, ':4'],
  [
    '--node completes a name from its start',
    ['forecast', '--node', 'w'],
    ['worker-1', 'worker-2'],
    ':4',
  ],
  ['--node= completes in the same word', ['forecast', '--node=g'], ['--node=gpu-1'], ':4'],
  [
    'after a comma the next name of the list, the list kept and its names left out',
    ['forecast', '--node', 'worker-1,'],
    ['worker-1,gpu-1', 'worker-1,worker-2'],
    ':4',
  ],
  [
    'a node another --node gave is not offered again',
    ['forecast', '--node', 'gpu-1', '--node', ''],
    ['worker-1', 'worker-2'],
    ':4',
  ],
  ['explain POD offers the pods of the context’s namespace', ['explain', ''], ['batch-7'], ':4'],
  [
    'explain -n NS POD offers the pods of NS',
    ['explain', '-n', 'shop', ''],
    ['web-0', 'web-1'],
    ':4',
  ],
  ['--namespace=NS counts as -n NS', ['explain', '--namespace=shop', 'web-1'], ['web-1'], ':4'],
  ['explain takes one pod: nothing after it', ['explain', 'web-0', ''], [], ':4'],
  ['no pod after --pending, which explains them all', ['explain', '--pending', ''], [], ':4'],
  ['no pod after --pod FILE, which gives it', ['explain', '--pod', 'p.yaml', ''], [], ':4'],
  ['-n offers the namespaces', ['explain', '-n', 's'], ['shop'], ':4'],
  ['-n= completes in the same word', ['explain', '-n=s'], ['-n=shop'], ':4'],
  ['-n=NS counts as -n NS for explain POD', ['explain', '-n=shop', 'web-0'], ['web-0'], ':4'],
  ['no pod after -A, as explain POD takes one namespace', ['explain', '-A', ''], [], ':4'],
  [
    '--context offers the kubeconfig’s contexts, sorted',
    ['forecast', '--context', ''],
    ['main', 'main-shop', 'other'],
    ':4',
  ],
  [
    'a --context typed reads that context’s cluster',
    ['forecast', '--context', 'other', '--node', ''],
    ['edge-1'],
    ':4',
  ],
  [
    'a --context typed gives its namespace to explain POD',
    ['explain', '--context', 'main-shop', ''],
    ['web-0', 'web-1'],
    ':4',
  ],
  [
    'a --context the kubeconfig lacks offers nothing',
    ['forecast', '--context', 'gone', '--node', ''],
    [],
    ':4',
  ],
]

describe.each(ENTRIES)('%s', (_name, entry) => {
  it.each(ROWS)('%s', async (_row, words, candidates, directive) => {
    const result = await complete(entry, words)
    expect(result).toMatchObject({ code: 0, stderr: '' })
    expect(parseAnswer(result.stdout)).toEqual({ candidates, directive })
  })
})

describe('cluster names when the cluster cannot be read', () => {
  const sockets = new Set<Socket>()
  let silent: Server
  let silentUrl: string
  let closedUrl: string
  /** When each connection to the silent server came (ms since the epoch). */
  const connections: number[] = []
  beforeAll(async () => {
    closedUrl = `http://127.0.0.1:${await freePort()}`
    // Accepts connections and never answers: an API server behind a dead route or a hung proxy.
    silent = createServer((socket) => {
      sockets.add(socket)
      connections.push(Date.now())
    })
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const address = silent.address()
    silentUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  })
  afterAll(async () => {
    for (const socket of sockets) socket.destroy()
    await new Promise((resolve) => silent.close(resolve))
  })

  it.each(ENTRIES)('%s reads the --kubeconfig typed on the line', async (_name, entry) => {
    const words = ['forecast', '--kubeconfig', kubeconfig, '--node', '']
    const result = await complete(entry, words, { KUBECONFIG: '' })
    expect(parseAnswer(result.stdout)).toEqual({ candidates: NODES, directive: ':4' })
  })

  it.each([
    ['no cluster is found', () => ({ KUBECONFIG: '' }), [] as string[]],
    ['the --kubeconfig typed is no file', () => ({}), ['--kubeconfig', '/nonexistent/config']],
    [
      'nothing listens at the server',
      () => ({ KUBECONFIG: kubeconfigWithContexts([{ name: 'gone', server: closedUrl }]) }),
      [],
    ],
  ])('%s: the directive alone, nothing on stderr', async (_name, env, flags) => {
    for (const [, entry] of ENTRIES) {
      const result = await complete(entry, ['forecast', ...flags, '--node', ''], env())
      expect(result).toEqual(expect.objectContaining({ code: 0, stdout: ':4\n', stderr: '' }))
    }
  })

  // Wall-clock bounds from the spawn would count a node start-up, seconds on a loaded machine:
  // the lower bound is taken from the spawn (the deadline can only make it longer), the upper
  // from a moment inside the process's life (its connection, its plugin's start), which the
  // deadline's timer precedes, with a margin for a loaded machine far below the 120 s a missing
  // deadline would wait.
  it('a server that never answers is given up on after 5 seconds, with the directive alone', async () => {
    const env = { KUBECONFIG: kubeconfigWithContexts([{ name: 'silent', server: silentUrl }]) }
    const [, entry] = ENTRIES[1]
    const started = performance.now()
    const connectedBefore = connections.length
    const result = await complete(entry, ['explain', '-n', ''], env)
    const ended = Date.now()
    expect(result).toMatchObject({ code: 0, stdout: ':4\n', stderr: '' })
    expect(performance.now() - started).toBeGreaterThanOrEqual(NAMES_DEADLINE_MS)
    const connected = connections[connectedBefore]
    expect(connected).toBeDefined()
    expect(ended - (connected ?? 0)).toBeLessThan(NAMES_DEADLINE_MS + MARGIN_MS)
  }, 60_000)

  it('a credential plugin that never finishes holds the shell no longer than the 5 seconds', async () => {
    // kubectl runs a kubeconfig's exec: plugin (a cloud's token command) before its first request;
    // one waiting on a login would keep the process, and the shell's TAB, alive after the answer.
    // Each run of the plugin writes when it started (ms since the epoch) to a file of its own.
    const starts = mkdtempSync(join(tmpdir(), 'taint-extender-plugin-'))
    const script = `date +%s%3N > "${starts}/$$"; exec sleep 120`
    const never = {
      command: 'sh',
      args: ['-c', script],
      apiVersion: 'client.authentication.k8s.io/v1',
    }
    const env = {
      KUBECONFIG: kubeconfigWithContexts([{ name: 'main', server: main.url }], { exec: never }),
    }
    const started = performance.now()
    const results = await Promise.all(
      ENTRIES.slice(0, 2).map(async ([, entry]) => {
        const result = await complete(entry, ['forecast', '--node', ''], env)
        return { result, ended: Date.now() }
      })
    )
    expect(performance.now() - started).toBeGreaterThanOrEqual(NAMES_DEADLINE_MS)
    const pluginStarts = readdirSync(starts).map((f) =>
      Number(readFileSync(join(starts, f), 'utf8'))
    )
    expect(pluginStarts).toHaveLength(2)
    // The later start of the two: each run ended within the margin of its own plugin's start.
    const lastStart = Math.max(...pluginStarts)
    for (const { result, ended } of results) {
      expect(result).toMatchObject({ code: 0, stdout: ':4\n', stderr: '' })
      expect(ended - lastStart).toBeLessThan(NAMES_DEADLINE_MS + MARGIN_MS)
    }
  }, 60_000)
})
