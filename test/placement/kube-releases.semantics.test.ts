import { describe, expect, it } from 'vitest'
import { diagnose, nodeNamed } from './builders.js'
import { RELEASE_CASES, releaseOf } from './kube-releases.cases.js'

/** The release table (kube-releases.cases.ts), run in process at every release it names. */

describe('what each kube-scheduler release writes', () => {
  const rows = RELEASE_CASES.flatMap((c) =>
    Object.entries(c.summaries).map(([release, summary]) => [c.name, release, c, summary] as const)
  )
  it.each(rows)('%s: %s', (_name, release, c, summary) => {
    expect(diagnose(c.pod, { ...c.cluster, kubeVersion: releaseOf(release) }).summary).toBe(summary)
  })

  it('a node’s own reason is the release’s wording too, so the table and JSON agree with the summary', () => {
    const c = RELEASE_CASES[0]
    if (c === undefined) throw new Error('no release case')
    const old = diagnose(c.pod, { ...c.cluster, kubeVersion: releaseOf('1.28.7') })
    expect(nodeNamed(old, 'c').reasons).toEqual(['node(s) had untolerated taint {maint: yes}'])
    const now = diagnose(c.pod, { ...c.cluster, kubeVersion: releaseOf('1.35') })
    expect(nodeNamed(now, 'c').reasons).toEqual(['node(s) had untolerated taint(s)'])
  })

  it('without a release the diagnosis speaks for the newest, 1.35', () => {
    for (const c of RELEASE_CASES)
      expect(diagnose(c.pod, c.cluster).summary).toBe(
        diagnose(c.pod, { ...c.cluster, kubeVersion: releaseOf('1.35') }).summary
      )
  })
})
