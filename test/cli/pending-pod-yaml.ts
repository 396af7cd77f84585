import { runTool, tempFile } from './run-tool.js'

/**
 * What the explain suites of pods kube-scheduler does not try (explain-gated.test.ts,
 * explain-scheduler-name.test.ts) share: two nodes of 4 cpu, infra-1 tainted
 * `dedicated=infra:NoSchedule` and plain-1; a pending pod of namespace shop as a list item in
 * YAML, with more lines of spec; and explain of one such pod as a manifest.
 */

export const INFRA_AND_PLAIN_NODES = tempFile(
  'nodes.yaml',
  [
    'items:',
    '  - metadata: { name: infra-1 }',
    '    spec: { taints: [{ key: dedicated, value: infra, effect: NoSchedule }] }',
    '    status: { allocatable: { cpu: "4", memory: 16Gi, pods: "64" } }',
    '  - metadata: { name: plain-1 }',
    '    status: { allocatable: { cpu: "4", memory: 16Gi, pods: "64" } }',
  ].join('\n')
)

/** A pending pod asking `cpu`, as an item of a YAML list, with `specLines` (indented 6). */
export function pendingPodYaml(name: string, cpu: string, specLines: readonly string[]): string {
  return [
    `  - metadata: { name: ${name}, namespace: shop }`,
    '    spec:',
    `      containers: [{ name: c, resources: { requests: { cpu: "${cpu}" } } }]`,
    ...specLines.map((line) => `      ${line}`),
    '    status: { phase: Pending }',
  ].join('\n')
}

const asManifest = (item: string): string =>
  `apiVersion: v1\nkind: Pod\n${item.replace(/^ {4}|^ {2}- /gm, '')}`

/** explain of the list item `item` as a pod manifest, over the two nodes and no pods. */
export function explainPodItem(item: string, flags: readonly string[] = []) {
  const pod = tempFile('pod.yaml', asManifest(item))
  const pods = tempFile('pods.yaml', 'items: []')
  return runTool('explain', [
    ...['--pod', pod, '--nodes', INFRA_AND_PLAIN_NODES, '--pods', pods, ...flags],
  ])
}
