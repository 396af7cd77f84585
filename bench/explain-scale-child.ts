import { readFileSync } from 'node:fs'
import { runExplain } from '../src/cli/explain-command.js'
import { runForecast } from '../src/cli/forecast-command.js'
import { readExplainContext } from '../src/cli/explain-context.js'
import { diagnose } from '../src/cli/explain-judge.js'
import { readNodes, readPlacementList, readPodList } from '../src/cli/manifests.js'
import { SKIP_WORKLOADS } from '../src/cli/workload-kinds.js'
import { streamObjects } from '../src/cli/manifest-stream.js'
import { nodesSource, podsSource } from '../src/cli/tool-io.js'
import { openInput } from '../src/config/tool-inputs.js'
import { parseExplainOptions } from '../src/config/index.js'
import { decodeManifestNode, decodeManifestPod, decodePlacementPod } from '../src/protocol/index.js'

/**
 * One measurement of explain-scale.ts in a process of its own, so that its peak RSS is its own:
 * `parse` reads the files with JSON.parse alone; `scan` streams the nodes and pods as explain
 * does, each object built by JSON.parse and dropped undecoded (what reading costs before
 * decoding: `read` less `scan` is the decoding); `read` reads the nodes and pods as explain
 * does, and `read-whole` as it did before reading streamed (JSON.parse of each file, then each
 * object decoded as a pod and as a placement, as explain decoded it); `explain` runs the tool on them;
 * `pending` runs `explain --pending -A` over them; `judge` times its judging alone (judgeCpuMsPerPod);
 * `forecast` runs the forecast tool with the arguments after the files, as `cli.js forecast`
 * would. Prints the wall time and peak RSS as JSON on its last line.
 */

type Files = Record<'pod' | 'nodes' | 'pods' | 'pdbs', string> & {
  workloads?: string
  storage?: string
}

const [mode, filesJson, ...toolArgs] = process.argv.slice(2)
const files = JSON.parse(filesJson ?? '{}') as Files

/** The nodes and the placement of each pod, kept as explain keeps them. */
async function readAsExplain(): Promise<number> {
  const nodes = await readNodes(
    await nodesSource({ kind: 'file', ...openInput(files.nodes, 'nodes') })
  )
  const pods = await readPlacementList(
    await podsSource({ kind: 'file', ...openInput(files.pods, 'pods') }, []),
    (placement) => placement,
    SKIP_WORKLOADS
  )
  return nodes.length + pods.length
}

/** The nodes and pods streamed as explain streams them, each object built and then dropped. */
async function scanAsExplain(): Promise<void> {
  const drop = { order: 'in-order', decode: () => undefined } as const
  await streamObjects(await nodesSource({ kind: 'file', ...openInput(files.nodes, 'nodes') }), {
    ...drop,
    expected: 'Node',
    flag: 'nodes',
  })
  await streamObjects(await podsSource({ kind: 'file', ...openInput(files.pods, 'pods') }, []), {
    ...drop,
    expected: 'Pod',
    flag: 'pods',
  })
}

function readWhole(): number {
  const items = (path: string) =>
    (JSON.parse(readFileSync(path, 'utf8')) as { items: unknown[] }).items
  const nodes = items(files.nodes).map((n, i) => decodeManifestNode(n, `node ${i}`))
  const pods = items(files.pods).map((p, i) => {
    decodeManifestPod(p, `pod ${i}`)
    return decodePlacementPod(p, `pod ${i}`, false)
  })
  return nodes.length + pods.length
}

async function explain(): Promise<void> {
  let bytes = 0
  const code = await runExplain(
    [
      '--pod',
      files.pod,
      '--nodes',
      files.nodes,
      '--pods',
      files.pods,
      '--pdbs',
      files.pdbs,
      '-o',
      'json',
    ],
    { stdout: (text) => (bytes += text.length), stderr: (text) => process.stderr.write(text) },
    {}
  )
  if (code === 2) throw new Error('explain refused the generated files')
}

/**
 * The pending pods of the pods file judged as `explain --pending` judges them, three times over
 * the same context (each round as a run of its own would), after reading it: the CPU time of the judging alone, per pod, from the
 * fastest of the three. On a loaded machine this varies far less than the difference of two
 * runs' wall times.
 */
async function judgeCpuMsPerPod(): Promise<number> {
  const source = await podsSource({ kind: 'file', ...openInput(files.pods, 'pods') }, [])
  const pending = await readPodList(source, (p) => (p.pod.nodeName === '' ? p : undefined))
  const args = ['--pending', '-A', '--nodes', files.nodes, '--pods', files.pods, '-o', 'json']
  const options = parseExplainOptions(args, {})
  const context = await readExplainContext(
    options,
    pending.map((p) => p.placement)
  )
  const cpuMs = () => {
    const { user, system } = process.cpuUsage()
    return (user + system) / 1000
  }
  const { snapshot } = context
  const some = snapshot.nodeInfoList.find((n) => n.pods.length > 0)?.pods[0]
  let fastest = Number.POSITIVE_INFINITY
  for (let round = 0; round < 3; round++) {
    // A pod taken off and put back changes the snapshot, so that each round starts with
    // nothing computed over it kept (affinity-counts-memo.ts), as one run of explain does.
    if (some !== undefined && snapshot.removePod(some)) snapshot.addPod(some)
    const started = cpuMs()
    for (const { pod, placement } of pending) diagnose(placement, pod.tolerations, context, options)
    fastest = Math.min(fastest, (cpuMs() - started) / pending.length)
  }
  return Math.round(fastest * 10) / 10
}

/**
 * `explain --pending -A` over the pods file, every pending pod judged on one snapshot; with the
 * storage file, when given.
 */
async function pending(): Promise<void> {
  const storage = files.storage === undefined ? [] : ['--storage', files.storage]
  const pods = ['--nodes', files.nodes, '--pods', files.pods, ...storage]
  const args = ['--pending', '-A', ...pods, '-o', 'json']
  const code = await runExplain(args, { stdout: () => undefined, stderr: () => undefined }, {})
  if (code !== 0) throw new Error(`explain --pending exited ${code}`)
}

/**
 * `forecast` with `toolArgs` (`-o json`): its follow-up summary line. Exit 1 (a replacement
 * Pending) is an answer, 2 a refusal.
 */
async function forecast(): Promise<string> {
  let out = ''
  const io = {
    stdout: (text: string) => (out += text),
    stderr: (text: string) => process.stderr.write(text),
  }
  const code = await runForecast(toolArgs, io, {})
  if (code > 1) throw new Error(`forecast exited ${code}`)
  return String((JSON.parse(out) as { followSummary?: unknown }).followSummary)
}

const started = performance.now()
let judgeMs: number | undefined
let summary: string | undefined
if (mode === 'forecast') {
  summary = await forecast()
} else if (mode === 'judge') {
  judgeMs = await judgeCpuMsPerPod()
} else if (mode === 'pending') {
  await pending()
} else if (mode === 'parse') {
  for (const path of [files.pod, files.nodes, files.pods, files.pdbs, files.workloads])
    if (path !== undefined) JSON.parse(readFileSync(path, 'utf8'))
} else if (mode === 'scan') {
  await scanAsExplain()
} else if (mode === 'read') {
  await readAsExplain()
} else if (mode === 'read-whole') {
  readWhole()
} else {
  await explain()
}
const wallMs = Math.round(performance.now() - started)
const maxRssMiB = Math.round(process.resourceUsage().maxRSS / 1024)
console.log(
  JSON.stringify({
    wallMs,
    maxRssMiB,
    ...(judgeMs === undefined ? {} : { judgeMs }),
    ...(summary === undefined ? {} : { summary }),
  })
)
