import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { runTool } from '../cli/run-tool.js'
import { KUBE_VERSION } from '../support/control-plane/index.js'

/**
 * `explain -o json` of `pod`, written as `NAME.json` into `dir`, over `dir`'s nodes.json and
 * `podsFile`, as kube-scheduler v1.28.7 judges; in process, as the CLI suites run it (the
 * executable itself is tested there).
 */
export async function explainJson(
  dir: string,
  pod: Record<string, unknown>,
  podsFile = join(dir, 'pods.json'),
  ...flags: string[]
): Promise<unknown> {
  const name = (pod.metadata as { name: string }).name
  const podFile = join(dir, `${name}.json`)
  writeFileSync(podFile, JSON.stringify(pod))
  const nodesFile = join(dir, 'nodes.json')
  const run = await runTool('explain', [
    ...['--pod', podFile, '--nodes', nodesFile, '--pods', podsFile, ...flags],
    ...['--kube-version', KUBE_VERSION, '-o', 'json'],
  ])
  return JSON.parse(run.stdout)
}
