import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { cli } from './run-cli.js'
import { FIXTURES, tempFile } from './run-tool.js'

/**
 * Inputs that can be read only once: a named pipe, as `--pods <(kubectl get pods -A -o json)`
 * gives the tool, written by another process. Each run through pipes must print what the run
 * through the same files prints; a tool that reads a pipe twice blocks on its second open (the
 * writer is gone) or reads only what the writer wrote after the first read.
 */

const NODES = `${FIXTURES}nodes.yaml`
const PODS = `${FIXTURES}pods.yaml`
const POD = `${FIXTURES}pod-web.yaml`

/** Nodes enough that their JSON list is several of the readers' 1 MiB parts. */
const MANY = 6000
const manyNodes = tempFile(
  'nodes.json',
  JSON.stringify({
    kind: 'List',
    items: Array.from({ length: MANY }, (_, i) => ({
      kind: 'Node',
      metadata: { name: `node-${i}`, labels: { pool: 'general', padding: 'x'.repeat(300) } },
      spec: {},
    })),
  })
)

const writers: ChildProcess[] = []
afterEach(() => {
  // A writer whose pipe was never opened (a failed run) waits on it forever.
  for (const writer of writers.splice(0)) writer.kill()
})

/** A fresh named pipe that a child process (`cat FILE > PIPE`) fills with `file`'s bytes. */
function pipeOf(file: string): string {
  const pipe = join(mkdtempSync(join(tmpdir(), 'taint-extender-fifo-')), 'input')
  expect(spawnSync('mkfifo', [pipe]).status).toBe(0)
  writers.push(spawn('sh', ['-c', 'cat "$1" > "$2"', 'sh', file, pipe], { stdio: 'ignore' }))
  return pipe
}

/** `args` with each file after one of `piped`'s flags given through a named pipe instead. */
function throughPipes(args: readonly string[], piped: readonly string[]): string[] {
  return args.map((arg, i) => (i > 0 && piped.includes(args[i - 1] ?? '') ? pipeOf(arg) : arg))
}

const EXPLAIN = ['explain', '--pod', POD, '--nodes', NODES, '--pods', PODS, '-o', 'json']
const FORECAST = ['forecast', '--taint', 'a:NoExecute', '--node', 'general-1']

describe('a named pipe as an input file is read once, whole', () => {
  it.each([
    [
      "explain's --nodes (YAML, read again as text after the JSON reading gives up)",
      EXPLAIN,
      ['--nodes'],
    ],
    ["explain's --pods", EXPLAIN, ['--pods']],
    ["explain's --nodes and --pods together", EXPLAIN, ['--nodes', '--pods']],
    [
      "forecast's --nodes and --pods together",
      [...FORECAST, '--nodes', NODES, '--pods', PODS],
      ['--nodes', '--pods'],
    ],
    ["forecast's --pods alone", [...FORECAST, '--nodes', NODES, '--pods', PODS], ['--pods']],
  ])('%s', (_name, args, piped) => {
    const fromFiles = cli(args)
    expect(fromFiles.code).toBe(0)
    const fromPipes = cli(throughPipes(args, piped))
    expect(fromPipes.stderr).toBe(fromFiles.stderr)
    expect(fromPipes.code).toBe(0)
    expect(fromPipes.stdout).toBe(fromFiles.stdout)
  })

  it('a JSON list of several 1 MiB parts, every node of it judged, as from the file', () => {
    const args = ['explain', '--pod', POD, '--nodes', manyNodes]
    const fromFile = cli(args)
    const judged = fromFile.stdout.split('\n').filter((line) => /^node-\d+ +fits /.test(line))
    expect(judged.map((line) => line.split(' ')[0])).toEqual(
      Array.from({ length: MANY }, (_, i) => `node-${i}`)
    )
    const fromPipe = cli(throughPipes(args, ['--nodes']))
    expect(fromPipe.code).toBe(0)
    expect(fromPipe.stdout).toBe(fromFile.stdout)
  })
})
