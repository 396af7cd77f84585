import { describe, expect, it } from 'vitest'
import { runTool, tempFile } from './run-tool.js'

/**
 * `explain` answers "why here?": the worked example of the scores as files, through the tool.
 * Three nodes of 4 cpu and 8Gi; n1 is labelled ssd and holds the app's 500Mi image, n2 holds it
 * too and has a PreferNoSchedule taint; a pod of 1 cpu/1Gi on n1, one of 500m/3Gi on n2, one
 * requesting nothing on n3, none of them owned or selected by a Service, so PodTopologySpread
 * and InterPodAffinity score nothing. The pod to place asks 1 cpu/1Gi and prefers ssd (weight 5).
 */

const MIB = 1024 * 1024
const node = (name: string, more: string[] = []): string[] => [
  `  - metadata: { name: ${name}, labels: { kubernetes.io/hostname: ${name}${name === 'n1' ? ', disktype: ssd' : ''} } }`,
  ...more,
  `    status:`,
  `      allocatable: { cpu: "4", memory: 8Gi, pods: "110" }`,
  ...(name === 'n3'
    ? []
    : [`      images: [{ names: [registry.example/app:v1], sizeBytes: ${500 * MIB} }]`]),
]

const NODES = tempFile(
  'nodes.yaml',
  [
    'items:',
    ...node('n1'),
    ...node('n2', [
      '    spec: { taints: [{ key: dedicated, value: batch, effect: PreferNoSchedule }] }',
    ]),
    ...node('n3'),
  ].join('\n')
)

const placed = (name: string, on: string, requests: string): string =>
  `  - { metadata: { name: ${name}, namespace: default }, spec: { nodeName: ${on}, containers: [{ name: c, image: other, resources: { requests: ${requests} } }] }, status: { phase: Running } }`

const PODS = tempFile(
  'pods.yaml',
  [
    'items:',
    placed('a', 'n1', '{ cpu: "1", memory: 1Gi }'),
    placed('b', 'n2', '{ cpu: 500m, memory: 3Gi }'),
    placed('c', 'n3', '{}'),
  ].join('\n')
)

const POD = (nodeName = '', nominatedNodeName = ''): string =>
  tempFile(
    'pod.yaml',
    [
      'metadata: { name: p, namespace: default }',
      ...(nominatedNodeName === '' ? [] : [`status: { nominatedNodeName: ${nominatedNodeName} }`]),
      'spec:',
      ...(nodeName === '' ? [] : [`  nodeName: ${nodeName}`]),
      '  containers:',
      '    - { name: app, image: registry.example/app:v1, resources: { requests: { cpu: "1", memory: 1Gi } } }',
      '  affinity:',
      '    nodeAffinity:',
      '      preferredDuringSchedulingIgnoredDuringExecution:',
      '        - weight: 5',
      '          preference: { matchExpressions: [{ key: disktype, operator: In, values: [ssd] }] }',
    ].join('\n')
  )

const RANKING = [
  'NODE   TOTAL   TAINTS(x3)   NODE-AFFINITY(x2)   LEAST-ALLOCATED(x1)   BALANCED(x1)   IMAGES(x1)',
  'n1     680     100          100                 62                    87             31',
  'n3     471     100          0                   78                    93             0',
  'n2     180     0            0                   56                    93             31',
]

/** explain of `pod` over `nodes` and the placed pods, with `more` flags. */
const explain = (pod: string, nodes: string, ...more: string[]) =>
  runTool('explain', ['--pod', pod, '--nodes', nodes, '--pods', PODS, ...more])

interface Scored {
  choice: { nodes: string[]; score: number | null; nominated: boolean } | null
  scores: { node: string; total: number; plugins: Record<string, number> }[]
}

describe('explain: why here, with the scores of the nodes it would most likely land on', () => {
  it('ranks the nodes by total under the table, each plugin with its weight, and names the choice', async () => {
    const result = await explain(POD(), NODES)
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(
      [
        "Topology spread, scored only, never filtering: none set, so the scheduler's defaults apply (ScheduleAnyway).",
        '',
        ...RANKING,
        'Most likely placed on n1 (total 680).',
        'Judged as kube-scheduler 1.35 judges (newest supported).',
        '',
      ].join('\n')
    )
  })

  it("gives -o json the choice and every feasible node's normalised scores by plugin", async () => {
    const result = await explain(POD(), NODES, '-o', 'json')
    const document = JSON.parse(result.stdout) as Scored
    expect(document.choice).toEqual({ nodes: ['n1'], score: 680, nominated: false })
    expect(document.scores.map((s) => [s.node, s.total])).toEqual([
      ['n1', 680],
      ['n2', 180],
      ['n3', 471],
    ])
    expect(document.scores[2]?.plugins).toEqual({
      TaintToleration: 100,
      NodeResourcesFit: 78,
      NodeAffinity: 0,
      NodeResourcesBalancedAllocation: 93,
      ImageLocality: 0,
    })
  })

  it("counts no image volume's image in ImageLocality at v1.35: v1.36 is the first to count one (#130231)", async () => {
    const pod = tempFile(
      'image-volume.yaml',
      [
        'metadata: { name: p, namespace: default }',
        'spec:',
        '  containers: [{ name: app, image: other, resources: { requests: { cpu: "1", memory: 1Gi } } }]',
        '  volumes: [{ name: tools, image: { reference: registry.example/app:v1 } }]',
      ].join('\n')
    )
    const result = await explain(pod, NODES, '-o', 'json')
    const { scores } = JSON.parse(result.stdout) as Scored
    expect(scores.map((s) => [s.node, s.plugins.ImageLocality])).toEqual([
      ['n1', 0],
      ['n2', 0],
      ['n3', 0],
    ])
  })

  it('places a pod nominated to n3 there, unscored, though n1 scores higher: kube-scheduler tries the nominated node first', async () => {
    const result = await explain(POD('', 'n3'), NODES)
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(
      'Placed on n3: its nominated node (status.nominatedNodeName), which kube-scheduler tries first and the pod fits, chosen without scoring the others.'
    )
    expect(result.stdout).not.toContain('TOTAL')
    const json = await explain(POD('', 'n3'), NODES, '-o', 'json')
    const { choice, scores } = JSON.parse(json.stdout) as Scored
    expect([choice, scores]).toEqual([{ nodes: ['n3'], score: null, nominated: true }, []])
  })

  it('at v1.28 scores the same cluster the same', async () => {
    const result = await explain(POD(), NODES, '--kube-version', '1.28.7')
    expect(result.stdout).toContain(
      [...RANKING, 'Most likely placed on n1 (total 680).'].join('\n')
    )
  })

  it("shows a bound pod's node beside the best others and exits 0", async () => {
    const result = await explain(POD('n2'), NODES)
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(
      [...RANKING, 'Most likely placed on n1 (total 680).'].join('\n')
    )
    const json = await explain(POD('n2'), NODES, '-o', 'json')
    expect((JSON.parse(json.stdout) as Scored).choice).toEqual({
      nodes: ['n1'],
      score: 680,
      nominated: false,
    })
  })

  it('lists every node tied at the best total, of which kube-scheduler picks one at random', async () => {
    const plain = tempFile(
      'plain.yaml',
      [
        'items:',
        ...['x', 'y'].map(
          (n) =>
            `  - { metadata: { name: ${n} }, status: { allocatable: { cpu: "2", memory: 4Gi, pods: "110" } } }`
        ),
      ].join('\n')
    )
    const result = await explain(POD(), plain)
    expect(result.stdout).toContain(
      'Most likely placed on one of x, y (tied at total 449; kube-scheduler picks one of them at random).'
    )
  })

  it('says a pod fitting on one node alone goes there without scoring', async () => {
    const one = tempFile('one.yaml', ['items:', ...node('n3')].join('\n'))
    const alone = await explain(POD(), one)
    expect(alone.stdout).toContain('Placed on n3: the only node it fits, chosen without scoring.')
  })
})
