import { describe, expect, it } from 'vitest'
import { INFRA_AND_PLAIN_NODES, explainPodItem, pendingPodYaml } from './pending-pod-yaml.js'
import { runTool, tempFile } from './run-tool.js'

/**
 * `explain` on a pod naming another scheduler in spec.schedulerName: kube-scheduler's default
 * profile never tries it, so explain says whose pod it is beside the default profile's verdicts
 * (the exit status theirs), -o json names the scheduler, and `--pending` groups such pods under
 * the name they give. A pod naming none, or the default profile, reads as before.
 */

/** A pending pod asking `cpu`, naming `schedulerName` (none when undefined). */
function podYaml(name: string, schedulerName: string | undefined, cpu = '1'): string {
  const named = schedulerName === undefined ? [] : [`schedulerName: "${schedulerName}"`]
  return pendingPodYaml(name, cpu, named)
}

function explainPod(schedulerName: string | undefined, cpu = '1', flags: string[] = []) {
  return explainPodItem(podYaml('web-0', schedulerName, cpu), flags)
}

const NOTE =
  'Scheduler: spec.schedulerName is "batch-scheduler", so kube-scheduler\'s default profile (default-scheduler) never tries this pod; only a scheduler or profile named "batch-scheduler" does, and while none runs the pod stays Pending with no FailedScheduling event. The verdicts are the default profile\'s.'

describe('explain on a pod naming another scheduler', () => {
  it.each<[string, string | undefined, string, number, boolean]>([
    [
      'another scheduler, the pod fitting: the note under the summary, exit 0',
      'batch-scheduler',
      '1',
      0,
      true,
    ],
    [
      'another scheduler, the pod fitting nowhere: the note, exit 1 as for any such pod',
      'batch-scheduler',
      '64',
      1,
      true,
    ],
    [
      'no scheduler named: no note, as the API server names the default profile',
      undefined,
      '1',
      0,
      false,
    ],
    ['the default profile named: no note', 'default-scheduler', '1', 0, false],
  ])('%s', async (_name, schedulerName, cpu, code, noted) => {
    const run = await explainPod(schedulerName, cpu)
    expect(run.code).toBe(code)
    const lines = run.stdout.split('\n')
    const summaryAt = lines.findIndex((l) => l.startsWith('fits on') || l.startsWith('0/2 nodes'))
    expect(summaryAt).toBeGreaterThan(0)
    expect(lines.includes(NOTE)).toBe(noted)
    if (noted) expect(lines[summaryAt + 1]).toBe(NOTE)
  })

  it('names the scheduler in -o json only for a pod of another scheduler', async () => {
    const other = JSON.parse((await explainPod('batch-scheduler', '1', ['-o', 'json'])).stdout)
    expect(other).toMatchObject({ schedulerName: 'batch-scheduler', available: 1 })
    const own = JSON.parse((await explainPod('default-scheduler', '1', ['-o', 'json'])).stdout)
    expect(own).not.toHaveProperty('schedulerName')
  })

  it('groups --pending pods of another scheduler apart, under the name they give, each group with its reason', async () => {
    const pods = tempFile(
      'pods.yaml',
      [
        'items:',
        podYaml('web-0', undefined),
        podYaml('web-1', 'default-scheduler'),
        podYaml('batch-0', 'batch-scheduler'),
        podYaml('batch-1', 'batch-scheduler', '64'),
      ].join('\n')
    )
    const run = await runTool('explain', [
      ...['--pending', '-A', '--nodes', INFRA_AND_PLAIN_NODES, '--pods', pods, '-o', 'json'],
    ])
    const { groups } = JSON.parse(run.stdout) as {
      groups: { reason: string; pods: { name: string }[] }[]
    }
    expect(groups.map((g) => [g.reason, g.pods.map((p) => p.name)])).toEqual([
      ['fits by the constraints judged here', ['web-0', 'web-1']],
      ['for scheduler "batch-scheduler": fits by the constraints judged here', ['batch-0']],
      [
        'for scheduler "batch-scheduler": Insufficient cpu + node(s) had untolerated taint(s)',
        ['batch-1'],
      ],
    ])
  })
})
