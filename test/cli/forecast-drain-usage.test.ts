import { describe, expect, it } from 'vitest'
import { runTool } from './run-tool.js'

/** What `forecast --drain` refuses, with kubectl drain's words where it has some. */

const DRAIN = new URL('../fixtures/drain/', import.meta.url).pathname
const FILES = ['--nodes', `${DRAIN}nodes.yaml`, '--pods', `${DRAIN}pods.json`]

describe('taint-extender forecast --drain on bad usage', () => {
  it.each([
    [
      '--taint with --drain',
      ['--drain', '--taint', 'a=b:NoExecute', '--node', 'a'],
      'give --taint or --drain, not both: a drain cordons, it adds no taint',
    ],
    [
      'a node name and --selector, in kubectl’s words',
      ['--drain', '--node', 'a', '-l', 'pool=general'],
      'cannot specify both a node name and a --selector option',
    ],
    [
      'no node',
      ['--drain'],
      'give the nodes to drain: --node NAME (repeated, or NAME,NAME) or --selector LABELS',
    ],
    [
      'a drain flag without --drain',
      ['--taint', 'a=b:NoExecute', '--node', 'a', '--force'],
      '--force goes with --drain',
    ],
    [
      'a pod selector kubectl would not parse, in its words',
      ['--drain', '--node', 'a', '--pod-selector', 'app in web'],
      '--pod-selector=<pod_selector> must be a valid label selector: "app in web"',
    ],
    [
      'a --timeout that is not a whole number of seconds',
      ['--drain', '--node', 'a', '--timeout', '1.5s'],
      '--timeout 1.5s: a duration in whole seconds, as 90s, 2m or 1h30m (0: no timeout)',
    ],
    [
      'a --grace-period that is not a whole number',
      ['--drain', '--node', 'a', '--grace-period', 'soon'],
      "--grace-period soon: a whole number of seconds (-1: the pod's own)",
    ],
    [
      'a drain timing flag without --drain',
      ['--taint', 'a=b:NoExecute', '--node', 'a', '--timeout', '30s'],
      '--timeout goes with --drain',
    ],
  ])('refuses %s with exit 2', async (_name, argv, message) => {
    const result = await runTool('forecast', [...argv, ...FILES])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(message)
  })
})
