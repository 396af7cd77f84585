import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { FIXTURES, runTool, tempFile } from './run-tool.js'

const FILES = ['--nodes', `${FIXTURES}nodes.yaml`, '--pods', `${FIXTURES}pods.yaml`]

interface Forecast {
  nodes: {
    node: string
    running: {
      namespace: string
      name: string
      before: { kind: string }
      after: { kind: string; seconds?: number }
    }[]
    pendingTurnedAway: string[]
    pendingScoreLower: string[]
  }[]
  summary: string
}

async function forecast(argv: string[]): Promise<Forecast> {
  const result = await runTool('forecast', [...argv, ...FILES, '-o', 'json'])
  expect(result.code).toBe(0)
  return JSON.parse(result.stdout) as Forecast
}

function outcomes(f: Forecast): Record<string, string> {
  const out: Record<string, string> = {}
  for (const node of f.nodes) {
    for (const pod of node.running) {
      out[pod.name] =
        pod.after.kind === 'evicted-after' ? `after ${pod.after.seconds}s` : pod.after.kind
    }
  }
  return out
}

describe('taint-extender forecast of a NoExecute taint, by the taint-eviction controller rules', () => {
  it('times every pod on the node: untolerated at once, tolerated forever stays, bounded after the smallest used tolerationSeconds, zero or negative at once, first matching toleration wins', async () => {
    const f = await forecast(['--taint', 'maintenance=planned:NoExecute', '--node', 'general-1'])
    expect(outcomes(f)).toEqual({
      plain: 'evicted-now',
      'tolerates-forever': 'stays',
      // Only the toleration that matched the taint counts: the 60 s one is for another key.
      'tolerates-300s': 'after 300s',
      'tolerates-zero': 'evicted-now',
      'tolerates-negative': 'evicted-now',
      'first-match-wins': 'stays',
      daemon: 'stays',
    })
    expect(f.nodes[0]?.pendingTurnedAway).toEqual(['shop/waiting-plain'])
    expect(f.summary).toBe(
      'maintenance=planned:NoExecute on 1 node(s): 3 running pod(s) evicted at once, 1 evicted later, 3 stay; 1 pending pod(s) turned away.'
    )
  })

  it('considers the node existing NoExecute taints together with the new one', async () => {
    // gpu-1 has no NoExecute taint; a second NoExecute key is untolerated by the pods tolerating maintenance only.
    const f = await forecast(['--taint', 'other=x:NoExecute', '--node', 'general-1'])
    expect(outcomes(f)['tolerates-forever']).toBe('evicted-now')
    expect(outcomes(f).daemon).toBe('stays')
  })

  it('replaces a taint with the same key and effect rather than adding a second one', async () => {
    // spot-1 already has cloud.example.com/spot=true:PreferNoSchedule; a second one would
    // make pending pods rank it lower, a replacement does not.
    const replaced = await forecast([
      '--taint',
      'cloud.example.com/spot=false:PreferNoSchedule',
      '--node',
      'spot-1',
    ])
    expect(replaced.nodes[0]?.pendingScoreLower).toEqual([])
    const added = await forecast([
      '--taint',
      'cloud.example.com/other:PreferNoSchedule',
      '--node',
      'spot-1',
    ])
    expect(added.nodes[0]?.pendingScoreLower).toEqual([
      'shop/waiting-plain',
      'shop/waiting-tolerant',
    ])
  })

  it('selects nodes with a set-based selector, as kubectl -l does', async () => {
    const f = await forecast([
      '--taint',
      'maintenance:NoExecute',
      '--selector',
      'pool in (spot,gpu)',
    ])
    expect(f.nodes.map((n) => n.node)).toEqual(['spot-1', 'gpu-1'])
  })

  it('selects nodes by label and reports the pods of each', async () => {
    const f = await forecast(['--taint', 'maintenance:NoExecute', '--selector', 'pool=spot'])
    expect(f.nodes.map((n) => n.node)).toEqual(['spot-1'])
    expect(outcomes(f)).toEqual({ 'on-spot': 'evicted-now' })
  })
})

describe('taint-extender forecast of NoSchedule and PreferNoSchedule taints', () => {
  it('leaves every running pod in place for NoSchedule and counts the pending pods it turns away', async () => {
    const f = await forecast(['--taint', 'maintenance:NoSchedule', '--selector', 'pool=general'])
    expect(new Set(Object.values(outcomes(f)))).toEqual(new Set(['stays']))
    expect(f.nodes.map((n) => [n.node, n.pendingTurnedAway])).toEqual([
      ['general-1', ['shop/waiting-plain']],
      // Cordoned already: nobody can be turned away from it.
      ['general-2', []],
    ])
  })

  it('turns nobody away for PreferNoSchedule but names the pending pods that would rank the node lower', async () => {
    const f = await forecast(['--taint', 'maintenance:PreferNoSchedule', '--node', 'general-1'])
    expect(f.nodes[0]?.pendingTurnedAway).toEqual([])
    expect(f.nodes[0]?.pendingScoreLower).toEqual(['shop/waiting-plain'])
    expect(new Set(Object.values(outcomes(f)))).toEqual(new Set(['stays']))
  })

  it('prints a table with a summary line by default', async () => {
    const result = await runTool('forecast', [
      '--taint',
      'maintenance=planned:NoExecute',
      '--node',
      'general-1',
      ...FILES,
    ])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('general-1   shop/tolerates-300s       evicted after 300s')
    expect(result.stdout).toContain('general-1: pending pods turned away: shop/waiting-plain')
    expect(result.stdout.trimEnd().split('\n').at(-1)).toMatch(
      /^maintenance=planned:NoExecute on 1 node\(s\): /
    )
  })
})

describe('taint-extender forecast in detail', () => {
  it('counts each pending pod turned away once, however many of the selected nodes turn it away', async () => {
    const f = await forecast([
      '--taint',
      'other:NoSchedule',
      '--selector',
      'pool in (general,spot)',
    ])
    expect(f.nodes.map((n) => [n.node, n.pendingTurnedAway.length])).toEqual([
      ['general-1', 2],
      ['spot-1', 2],
      ['general-2', 0],
    ])
    expect(f.summary).toMatch(/; 2 pending pod\(s\) turned away\.$/)
  })

  it('applies the comparison gate to running pods: with it off, an Lt toleration tolerates nothing', async () => {
    const pods = tempFile(
      'pods.yaml',
      [
        'items:',
        '  - metadata: { name: lt-tolerant, namespace: ns }',
        '    spec:',
        '      nodeName: general-1',
        '      tolerations:',
        "        - { key: example.com/sla, operator: Lt, value: '950', effect: NoExecute }",
      ].join('\n')
    )
    const argv = ['--taint', 'example.com/sla=800:NoExecute', '--node', 'general-1']
    const files = ['--nodes', `${FIXTURES}nodes.yaml`, '--pods', pods, '-o', 'json']
    const outcome = async (gate: string): Promise<string | undefined> => {
      const gates = ['--feature-gates', `TaintTolerationComparisonOperators=${gate}`]
      const result = await runTool('forecast', [...argv, ...files, ...gates])
      return (JSON.parse(result.stdout) as Forecast).nodes[0]?.running[0]?.after.kind
    }
    expect(await outcome('true')).toBe('stays')
    expect(await outcome('false')).toBe('evicted-now')
  })

  it('names in the table every taint that evicts a pod at once, and * for a toleration of any key', async () => {
    const nodes = tempFile(
      'nodes.yaml',
      'items:\n  - metadata: { name: db-1 }\n    spec: { taints: [{ key: dedicated, value: db, effect: NoExecute }] }\n'
    )
    const pods = tempFile(
      'pods.yaml',
      [
        'items:',
        '  - { metadata: { name: plain, namespace: ns }, spec: { nodeName: db-1 } }',
        '  - metadata: { name: any-key-60s, namespace: ns }',
        '    spec:',
        '      nodeName: db-1',
        '      tolerations: [{ operator: Exists, effect: NoExecute, tolerationSeconds: 60 }]',
      ].join('\n')
    )
    const argv = [
      '--taint',
      'maintenance:NoExecute',
      '--node',
      'db-1',
      '--nodes',
      nodes,
      '--pods',
      pods,
    ]
    const lines = (await runTool('forecast', argv)).stdout.split('\n')
    expect(lines[1]).toMatch(
      /^db-1 {3}ns\/plain {9}evicted at once \(untolerated NoExecute taint: dedicated=db:NoExecute, maintenance:NoExecute\) {3}no$/
    )
    expect(lines[2]).toMatch(
      /^db-1 {3}ns\/any-key-60s {3}evicted after 60s \(tolerationSeconds of the toleration for \*\) +no$/
    )
  })

  it('lists every pending pod a node turns away, and every one it would rank lower, on one line each', async () => {
    const away = await runTool('forecast', [
      '--taint',
      'other:NoSchedule',
      '--node',
      'general-1',
      ...FILES,
    ])
    expect(away.stdout.split('\n')).toContain(
      'general-1: pending pods turned away: shop/waiting-plain, shop/waiting-tolerant'
    )
    const argv = [
      '--taint',
      'cloud.example.com/other:PreferNoSchedule',
      '--node',
      'spot-1',
      ...FILES,
    ]
    const lower = await runTool('forecast', argv)
    expect(lower.stdout.split('\n')).toContain(
      'spot-1: pending pods that would rank it lower: shop/waiting-plain, shop/waiting-tolerant'
    )
  })

  it('reads the pods from stdin with --pods - as the installed bin, and gives what it gives for the file', async () => {
    const bin = new URL('../../dist/cli.js', import.meta.url).pathname
    const argv = ['--taint', 'maintenance=planned:NoExecute', '--node', 'general-1']
    const fromStdin = spawnSync(
      process.execPath,
      [bin, 'forecast', ...argv, '--nodes', `${FIXTURES}nodes.yaml`, '--pods', '-'],
      { encoding: 'utf8', input: readFileSync(`${FIXTURES}pods.yaml`, 'utf8') }
    )
    expect(fromStdin.status).toBe(0)
    expect(fromStdin.stdout).toBe((await runTool('forecast', [...argv, ...FILES])).stdout)
  })

  it('says so in the table when the selected nodes run no pods', async () => {
    const result = await runTool('forecast', [
      '--taint',
      'a:NoExecute',
      '--node',
      'gpu-1',
      ...FILES,
    ])
    expect(result.stdout).toBe(
      'no running pods on the selected node(s)\n\n' +
        'a:NoExecute on 1 node(s): 0 running pod(s) evicted at once, 0 evicted later, 0 stay; 0 pending pod(s) turned away.\n'
    )
  })

  it('lists in the table the pending pods a PreferNoSchedule taint would make rank the node lower', async () => {
    const argv = ['--taint', 'maintenance:PreferNoSchedule', '--node', 'general-1', ...FILES]
    const result = await runTool('forecast', argv)
    const lines = result.stdout.split('\n')
    expect(lines).toContain('general-1: pending pods that would rank it lower: shop/waiting-plain')
    expect(lines.filter((l) => l.startsWith('general-1: pending pods turned away'))).toEqual([])
  })

  it('ends its JSON with a newline, as every line of output', async () => {
    const result = await runTool('forecast', [
      '--taint',
      'a:NoSchedule',
      '--node',
      'gpu-1',
      ...FILES,
      '-o',
      'json',
    ])
    expect(result.stdout).toMatch(/}\n$/)
  })
})

describe('taint-extender forecast on bad input', () => {
  it.each([
    ['no --taint', ['--node', 'general-1'], /--taint key=value:Effect is required/],
    [
      'an unknown effect',
      ['--taint', 'a=b:NoScheduleNow', '--node', 'general-1'],
      /Effect one of NoSchedule, PreferNoSchedule, NoExecute/,
    ],
    [
      'both --node and --selector',
      ['--taint', 'a:NoSchedule', '--node', 'x', '--selector', 'a=b'],
      /exactly one of --node NAME and --selector LABELS/,
    ],
    [
      'a node that does not exist',
      ['--taint', 'a:NoSchedule', '--node', 'nope'],
      /no node named "nope"/,
    ],
    [
      'a selector that does not parse',
      ['--taint', 'a:NoSchedule', '--selector', 'pool in (a b)'],
      /^--selector "pool in \(a b\)": found 'b', expected: ',', '\)' or identifier$/,
    ],
    [
      'a selector no node matches',
      ['--taint', 'a:NoSchedule', '--selector', 'pool notin (general,spot,gpu,sla)'],
      /^no node matches "pool notin \(general,spot,gpu,sla\)"$/,
    ],
  ])('exits 2 with a message for %s', async (_name, argv, message) => {
    const result = await runTool('forecast', [...argv, ...FILES])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(message)
  })
})
