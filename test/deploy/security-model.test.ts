import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { extenderPod, RENDERINGS } from './renderings.js'

/**
 * docs/security.md's threat model names, row by row, the tests that hold it: each named file
 * is there. And the row on a compromised container: every way of installing runs the extender
 * with the "restricted" Pod Security Standard's container settings.
 */
const root = new URL('../../', import.meta.url)

function threatRows(): { who: string; tests: string[] }[] {
  const doc = readFileSync(new URL('docs/security.md', root), 'utf8')
  const section = doc.split(/^## /m).find((s) => s.startsWith('Threat model\n')) ?? ''
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !/^\| (Who|---)/.test(line))
    .map((line) => {
      const cells = line.split(' | ')
      const tests = [...(cells.at(-1) ?? '').matchAll(/`(test\/[^`]+)`/g)].map(([, path]) => path!)
      return { who: cells[0]!.slice(2), tests }
    })
}

describe('docs/security.md’s threat model', () => {
  const rows = threatRows()

  it('has its rows, each held by at least one test', () => {
    expect(rows.length).toBeGreaterThanOrEqual(8)
    for (const { who, tests } of rows) expect([who, tests.length > 0]).toEqual([who, true])
  })

  it('names only test files that exist', () => {
    const missing = rows.flatMap(({ tests }) => tests).filter((t) => !existsSync(new URL(t, root)))
    expect(missing).toEqual([])
  })
})

describe.each(Object.entries(RENDERINGS))('the extender’s container in %s', (_, rendering) => {
  it('runs as non-root with a read-only root, no capabilities, no escalation, RuntimeDefault seccomp', () => {
    const container = extenderPod(rendering.objects()).containers[0] as unknown as {
      securityContext: Record<string, unknown>
    }
    expect(container.securityContext).toMatchObject({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      runAsNonRoot: true,
      capabilities: { drop: ['ALL'] },
      seccompProfile: { type: 'RuntimeDefault' },
    })
  })
})
