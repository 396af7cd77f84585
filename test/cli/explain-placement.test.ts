import { describe, expect, it } from 'vitest'
import { FIXTURES, runTool, tempFile } from './run-tool.js'

const NODES = `${FIXTURES}nodes-zones.yaml`
const PODS = `${FIXTURES}pods-zones.yaml`

/** A pod manifest whose spec holds `specLines` (YAML, indented for under `spec:`). */
function podFile(...specLines: string[]): string {
  return tempFile(
    'pod.yaml',
    [
      'metadata: { name: p, namespace: shop, labels: { app: web } }',
      'spec:',
      '  containers: [{ name: c, image: i }]',
      ...specLines,
    ].join('\n')
  )
}

/** explain for the README's pod web-2 over the zones fixture, with the pods file given. */
function explainWeb2(pods: string, ...more: string[]) {
  return runTool('explain', [
    '--pod',
    `${FIXTURES}pod-web-2.yaml`,
    '--nodes',
    NODES,
    '--pods',
    pods,
    ...more,
  ])
}

describe('taint-extender explain with node affinity, inter-pod affinity and placed pods', () => {
  it('gives -o json the deciding plugin, its detail and the scores beside the fields it always had', async () => {
    const result = await explainWeb2(PODS, '-o', 'json')
    expect(result.code).toBe(1)
    const parsed = JSON.parse(result.stdout) as {
      nodes: {
        name: string
        verdict: string
        plugin: string
        detail: string
        unresolvable: boolean
      }[]
      summary: string
      notJudged: string[]
      spreadIgnored: string[]
    }
    expect(parsed.nodes.map((n) => [n.name, n.verdict, n.plugin, n.unresolvable])).toEqual([
      ['web-a1', 'rejected', 'InterPodAffinity', true],
      ['web-a2', 'rejected', 'InterPodAffinity', true],
      ['batch-b1', 'rejected', 'NodeAffinity', true],
      ['batch-b2', 'rejected', 'NodeAffinity', true],
      ['gpu-c1', 'rejected', 'TaintToleration', true],
    ])
    expect(parsed.nodes[0]?.detail).toBe(
      'affinity term 0: no matching pod in topology.kubernetes.io/zone=zone-a'
    )
    expect(parsed.summary).toMatch(
      /^0\/5 nodes are available: .* 5 Preemption is not helpful for scheduling\.$/
    )
    // The nodes carry status.allocatable and the pods are given: resources and spread are
    // judged; the pod has no volume the volume plugins read, and no resource claim.
    expect(parsed.notJudged).toEqual([])
    expect(parsed.spreadIgnored).toEqual([
      "none set, so the scheduler's defaults apply (ScheduleAnyway)",
    ])
  })

  it('leaves out finished pods, as kube-scheduler does', async () => {
    // cache-old (Succeeded) is still bound to web-a1: counted, it would satisfy the affinity.
    const nodes = tempFile(
      'nodes.yaml',
      'items:\n  - metadata: { name: web-a1, labels: { disk: ssd, topology.kubernetes.io/zone: zone-a } }'
    )
    const result = await runTool('explain', [
      '--pod',
      `${FIXTURES}pod-web-2.yaml`,
      '--nodes',
      nodes,
      '--pods',
      PODS,
      '-o',
      'json',
    ])
    expect(result.code).toBe(1)
    expect(JSON.parse(result.stdout)).toMatchObject({
      nodes: [{ name: 'web-a1', plugin: 'InterPodAffinity' }],
    })
  })

  it('reads placed pods as context: one whose terms the API server would refuse does not stop it', async () => {
    const pods = tempFile(
      'pods.yaml',
      [
        'items:',
        '  - metadata: { name: odd, namespace: shop, labels: { app: cache } }',
        '    spec:',
        '      nodeName: gpu-c1',
        '      affinity:',
        '        nodeAffinity:',
        '          requiredDuringSchedulingIgnoredDuringExecution:',
        "            nodeSelectorTerms: [{ matchExpressions: [{ key: cores, operator: Gt, values: ['-5'] }] }]",
        '        podAntiAffinity:',
        '          requiredDuringSchedulingIgnoredDuringExecution:',
        '            - { labelSelector: { matchExpressions: [{ key: app, operator: Foo }] }, topologyKey: zone }',
      ].join('\n')
    )
    const result = await explainWeb2(pods)
    expect(result.stderr).toBe('')
    expect(result.code).toBe(1)
    expect(result.stdout).toContain('web-a1     rejected')
  })

  it('judges a namespaceSelector with the labels of --namespaces', async () => {
    const nodes = tempFile('nodes.yaml', 'items:\n  - metadata: { name: a1, labels: { zone: a } }')
    const pods = tempFile(
      'pods.yaml',
      'items:\n  - { metadata: { name: scan, namespace: sec, labels: { app: scan } }, spec: { nodeName: a1 } }'
    )
    const pod = podFile(
      '  affinity:',
      '    podAffinity:',
      '      requiredDuringSchedulingIgnoredDuringExecution:',
      '        - labelSelector: { matchLabels: { app: scan } }',
      '          namespaceSelector: { matchLabels: { team: security } }',
      '          topologyKey: zone'
    )
    const namespaces = (team: string) =>
      tempFile('ns.yaml', `items:\n  - metadata: { name: sec, labels: { team: ${team} } }`)
    const args = ['--pod', pod, '--nodes', nodes, '--pods', pods, '--namespaces']
    expect((await runTool('explain', [...args, namespaces('security')])).code).toBe(0)
    const other = await runTool('explain', [...args, namespaces('other')])
    expect(other.code).toBe(1)
    expect(other.stdout).toContain(
      "0/1 nodes are available: 1 node(s) didn't match pod affinity rules."
    )
  })

  it.each([
    [
      'a malformed label selector',
      podFile(
        '  affinity:',
        '    podAffinity:',
        '      requiredDuringSchedulingIgnoredDuringExecution:',
        "        - { labelSelector: { matchLabels: { 'bad key!': x } }, topologyKey: zone }"
      ),
      /spec\.affinity\.podAffinity\.requiredDuringSchedulingIgnoredDuringExecution\[0\]\.labelSelector\.matchLabels: key "bad key!" is not a valid label key/,
    ],
    [
      'an unknown operator in a node selector requirement',
      podFile(
        '  affinity:',
        '    nodeAffinity:',
        '      requiredDuringSchedulingIgnoredDuringExecution:',
        '        nodeSelectorTerms:',
        '          - matchExpressions: [{ key: disk, operator: Equals, values: [ssd] }]'
      ),
      /nodeSelectorTerms\[0\]\.matchExpressions\[0\]: unknown operator "Equals"/,
    ],
    [
      'a term with no key',
      podFile(
        '  affinity:',
        '    nodeAffinity:',
        '      requiredDuringSchedulingIgnoredDuringExecution:',
        '        nodeSelectorTerms:',
        '          - matchExpressions: [{ operator: Exists }]'
      ),
      /nodeSelectorTerms\[0\]\.matchExpressions\[0\]: key is empty/,
    ],
    [
      'a Gt requirement with two values',
      podFile(
        '  affinity:',
        '    nodeAffinity:',
        '      preferredDuringSchedulingIgnoredDuringExecution:',
        '        - weight: 5',
        '          preference: { matchExpressions: [{ key: cores, operator: Gt, values: ["1", "2"] }] }'
      ),
      /preferredDuringSchedulingIgnoredDuringExecution\[0\]\.preference\.matchExpressions\[0\]: operator Gt takes exactly one value/,
    ],
    ...[-1, 101].map((weight): [string, string, RegExp] => [
      `a preferred term of weight ${weight}, outside the API server's 1 to 100`,
      podFile(
        '  affinity:',
        '    nodeAffinity:',
        '      preferredDuringSchedulingIgnoredDuringExecution:',
        `        - weight: ${weight}`,
        '          preference: { matchExpressions: [{ key: disk, operator: Exists }] }'
      ),
      new RegExp(
        `preferredDuringSchedulingIgnoredDuringExecution\\[0\\]\\.weight: ${weight} is not in 1\\.\\.100`
      ),
    ]),
    [
      'a pod anti-affinity term with no topologyKey',
      podFile(
        '  affinity:',
        '    podAntiAffinity:',
        '      requiredDuringSchedulingIgnoredDuringExecution:',
        '        - { labelSelector: { matchLabels: { app: web } } }'
      ),
      /podAntiAffinity\.requiredDuringSchedulingIgnoredDuringExecution\[0\]\.topologyKey is empty/,
    ],
  ])('exits 2 naming the place for %s', async (_name, pod, message) => {
    const result = await runTool('explain', ['--pod', pod, '--nodes', NODES, '--pods', PODS])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(message)
  })

  it('explains rather than refuses a term the API server admits but the scheduler cannot parse', async () => {
    // Validation only counts Gt's values; the scheduler's NewRequirement wants an integer, so
    // the term never matches, as upstream's Filter ignores the parse error.
    const pod = podFile(
      '  affinity:',
      '    nodeAffinity:',
      '      requiredDuringSchedulingIgnoredDuringExecution:',
      '        nodeSelectorTerms: [{ matchExpressions: [{ key: cores, operator: Gt, values: [many] }] }]'
    )
    const nodes = tempFile(
      'nodes.yaml',
      'items:\n  - metadata: { name: n, labels: { cores: "8" } }'
    )
    const result = await runTool('explain', ['--pod', pod, '--nodes', nodes])
    expect(result.code).toBe(1)
    expect(result.stdout).toContain(
      'NodeAffinity: term 0: invalid, never matches (matchExpressions[0]: operator Gt needs an integer value, not "many")'
    )
  })

  it('exits 2 when the pods file is a single pod rather than a list', async () => {
    const result = await explainWeb2(`${FIXTURES}pod-web.yaml`)
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/pod-web\.yaml\[0\]: not a list of pods/)
  })

  it('exits 2 when a namespaceSelector needs namespaces that were not given', async () => {
    const pod = podFile(
      '  affinity:',
      '    podAffinity:',
      '      requiredDuringSchedulingIgnoredDuringExecution:',
      '        - { labelSelector: {}, namespaceSelector: { matchLabels: { a: b } }, topologyKey: zone }'
    )
    const result = await runTool('explain', ['--pod', pod, '--nodes', NODES, '--pods', PODS])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/--namespaces FILE is required: shop\/p has a namespaceSelector/)
  })
})
