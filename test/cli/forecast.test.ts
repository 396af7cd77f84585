import { describe, expect, it } from 'vitest'
import { FIXTURES, runTool, tempFile } from './run-tool.js'
import { boundClaim, csiVolume, storageFile } from './storage-objects.js'

/** The rules forecast predicts by. What it prints and what it refuses: forecast-output.test.ts. */

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
})

describe('taint-extender forecast of pending pods, by the diagnosis explain gives', () => {
  it('does not say a taint turns away a pending pod the node refuses already for its nodeSelector or node affinity', async () => {
    const pods = tempFile(
      'pods.yaml',
      [
        'items:',
        '  - { metadata: { name: wants-gpu, namespace: shop }, spec: { nodeSelector: { pool: gpu } } }',
        '  - { metadata: { name: pinned, namespace: shop }, spec: { nodeName: "" , affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [ { matchFields: [ { key: metadata.name, operator: In, values: [spot-1] } ] } ] } } } } }',
        '  - { metadata: { name: wants-general, namespace: shop }, spec: { nodeSelector: { pool: general } } }',
      ].join('\n')
    )
    const result = await runTool('forecast', [
      '--taint',
      'maintenance:NoSchedule',
      '--node',
      'general-1',
      '--nodes',
      `${FIXTURES}nodes.yaml`,
      '--pods',
      pods,
      '-o',
      'json',
    ])
    const f = JSON.parse(result.stdout) as Forecast
    expect(f.nodes[0]?.pendingTurnedAway).toEqual(['shop/wants-general'])
  })

  it('does not say a taint turns away a pending pod whose volume is pinned to another node, with the claims read; without them it warns and judges the rest', async () => {
    const claimed = (name: string): string =>
      `  - { metadata: { name: ${name}, namespace: shop }, spec: { volumes: [{ name: d, persistentVolumeClaim: { claimName: ${name} } }] } }`
    const pods = tempFile(
      'pods.yaml',
      ['items:', claimed('on-spot'), claimed('anywhere')].join('\n')
    )
    const hostname = (host: string) => ({ key: 'kubernetes.io/hostname', values: [host] })
    const storage = storageFile(
      boundClaim('on-spot', 'shop', 'pv-on-spot'),
      boundClaim('anywhere', 'shop', 'pv-anywhere'),
      csiVolume('pv-on-spot', hostname('spot-1')),
      csiVolume('pv-anywhere')
    )
    const run = (extra: string[]) =>
      runTool('forecast', [
        ...['--taint', 'maintenance:NoSchedule', '--node', 'general-1'],
        ...['--nodes', `${FIXTURES}nodes.yaml`, '--pods', pods, '-o', 'json', ...extra],
      ])
    const withClaims = await run(['--storage', storage])
    expect(withClaims.stderr).toBe('')
    const f = JSON.parse(withClaims.stdout) as Forecast
    expect(f.nodes[0]?.pendingTurnedAway).toEqual(['shop/anywhere'])
    const without = await run([])
    expect(without.stderr).toMatch(/^Warning: no --storage FILE .*the volume plugins not judged/)
    const g = JSON.parse(without.stdout) as Forecast
    expect(g.nodes[0]?.pendingTurnedAway).toEqual(['shop/on-spot', 'shop/anywhere'])
  })

  it('does not say a taint turns away a pending pod the node cannot hold already, its requests counted against the running pods there', async () => {
    const nodes = tempFile(
      'nodes.yaml',
      'items: [{ metadata: { name: n-prefer }, status: { allocatable: { cpu: "4", memory: 8Gi, pods: "110" } } }]'
    )
    const pending = (name: string, cpu: string): string =>
      `  - { metadata: { name: ${name}, namespace: shop }, spec: { containers: [{ name: c, resources: { requests: { cpu: "${cpu}" } } }] } }`
    const pods = tempFile(
      'pods.yaml',
      [
        'items:',
        pending('big', '64'),
        pending('small', '1'),
        pending('three', '3'),
        '  - { metadata: { name: running, namespace: shop }, spec: { nodeName: n-prefer, containers: [{ name: c, resources: { requests: { cpu: "2" } } }] } }',
        '  - { metadata: { name: done, namespace: shop }, spec: { nodeName: n-prefer, containers: [{ name: c, resources: { requests: { cpu: "2" } } }] }, status: { phase: Succeeded } }',
      ].join('\n')
    )
    const argv = ['--taint', 'dedicated=gpu:NoSchedule', '--node', 'n-prefer']
    const result = await runTool('forecast', [
      ...argv,
      '--nodes',
      nodes,
      '--pods',
      pods,
      '-o',
      'json',
    ])
    const f = JSON.parse(result.stdout) as Forecast
    // 64 cpu never fit on 4; 3 cpu beside the running pod's 2 does not either (the finished
    // pod's 2 hold nothing); 1 cpu fits, and the taint turns it away.
    expect(f.nodes[0]?.pendingTurnedAway).toEqual(['shop/small'])
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
})
