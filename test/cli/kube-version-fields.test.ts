import { describe, expect, it } from 'vitest'
import { runTool, tempFile } from './run-tool.js'

/**
 * Pods read from files with `--kube-version`: a field whose feature gate is off by default in that
 * release is read as its API server keeps the pod, without it (sidecars before 1.29), for the pod
 * explained and for the pods bound to the nodes alike.
 */

const NODES = tempFile(
  'nodes.json',
  JSON.stringify({
    kind: 'List',
    items: [
      {
        metadata: { name: 'n', labels: {} },
        spec: {},
        status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } },
      },
    ],
  })
)

const FITS = 'fits on 1 of 1 node(s).'
const INSUFFICIENT_AS_1_29 =
  '0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.'

/** A pod whose container asks `cpu` and whose sidecar asks 2 cpu. */
function podWithSidecar(name: string, cpu: string, nodeName?: string): unknown {
  return {
    metadata: { name, namespace: 'default' },
    spec: {
      ...(nodeName === undefined ? {} : { nodeName }),
      priority: 100,
      initContainers: [
        { name: 'proxy', restartPolicy: 'Always', resources: { requests: { cpu: '2' } } },
      ],
      containers: [{ name: 'c', resources: { requests: { cpu } } }],
    },
  }
}

async function summary(args: readonly string[]): Promise<string> {
  const run = await runTool('explain', [...args, '--nodes', NODES, '-o', 'json'])
  return (JSON.parse(run.stdout) as { summary: string }).summary
}

describe('pod fields a release drops, read from files', () => {
  it('a 3-cpu pod whose sidecar asks 2 cpu fits a 4-cpu node as 1.28.7 reads it, and not as 1.29 does', async () => {
    // Resources are judged only when the bound pods are given: here, none.
    const none = tempFile('none.json', JSON.stringify({ kind: 'List', items: [] }))
    const args = [
      '--pod',
      tempFile('big.json', JSON.stringify(podWithSidecar('web', '3'))),
      '--pods',
      none,
    ]
    expect(await summary([...args, '--kube-version', '1.28.7'])).toBe(FITS)
    expect(await summary([...args, '--kube-version', '1.29'])).toBe(INSUFFICIENT_AS_1_29)
  })

  it('a bound pod’s sidecar leaves room for a 2-cpu pod as 1.28.7 reads it, and none as 1.29 does', async () => {
    const incoming = tempFile(
      'incoming.json',
      JSON.stringify({
        metadata: { name: 'incoming', namespace: 'default' },
        spec: {
          priority: 100,
          containers: [{ name: 'c', resources: { requests: { cpu: '2' } } }],
        },
      })
    )
    const bound = tempFile(
      'pods.json',
      JSON.stringify({ kind: 'List', items: [podWithSidecar('bound', '1', 'n')] })
    )
    const args = ['--pod', incoming, '--pods', bound]
    expect(await summary([...args, '--kube-version', '1.28.7'])).toBe(FITS)
    expect(await summary([...args, '--kube-version', '1.29'])).toBe(INSUFFICIENT_AS_1_29)
  })
})
