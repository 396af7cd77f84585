import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { FIXTURES, runTool, tempFile } from './run-tool.js'

/**
 * What forecast prints: the table, its lines for pending pods and its summary, JSON, input
 * from stdin, and the refusals. The rules it forecasts by are in forecast.test.ts.
 */

const FILES = ['--nodes', `${FIXTURES}nodes.yaml`, '--pods', `${FIXTURES}pods.yaml`]

describe('taint-extender forecast output', () => {
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
    const lines = result.stdout.trimEnd().split('\n')
    // The taint's summary, then what follows its evictions, then the release.
    expect(lines.at(-3)).toMatch(/^maintenance=planned:NoExecute on 1 node\(s\): /)
    expect(lines.at(-2)).toBe('4 pods evicted: 0 re-placed, 4 not recreated')
    expect(lines.at(-1)).toBe('Judged as kube-scheduler 1.35 judges (newest supported).')
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
        'a:NoExecute on 1 node(s): 0 running pod(s) evicted at once, 0 evicted later, 0 stay; 0 pending pod(s) turned away.\n' +
        'Judged as kube-scheduler 1.35 judges (newest supported).\n'
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
    [
      'no --taint',
      ['--node', 'general-1'],
      /--taint KEY\[=VALUE\]:EFFECT, --uncordon or --drain is required/,
    ],
    [
      'both --taint and --uncordon',
      ['--taint', 'a:NoSchedule-', '--uncordon', '--node', 'general-1'],
      /give --taint or --uncordon, not both/,
    ],
    [
      'both --drain and --uncordon',
      ['--drain', '--uncordon', '--node', 'general-1'],
      /give --drain or --uncordon, not both: a drain cordons the nodes/,
    ],
    [
      'an unknown effect',
      ['--taint', 'a=b:NoScheduleNow', '--node', 'general-1'],
      /Effect one of NoSchedule, PreferNoSchedule, NoExecute/,
    ],
    [
      'both --node and --selector',
      ['--taint', 'a:NoSchedule', '--node', 'x', '--selector', 'a=b'],
      /give either --node NAME \(repeated, or NAME,NAME\) or --selector LABELS/,
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
      /^no node of \S+nodes\.yaml matches "pool notin \(general,spot,gpu,sla\)"$/,
    ],
  ])('exits 2 with a message for %s', async (_name, argv, message) => {
    const result = await runTool('forecast', [...argv, ...FILES])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(message)
  })
})
