import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { dump, load } from 'js-yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * `npm run test:alerts`: Prometheus's promtool over deploy/monitoring/prometheusrule.yaml, whose
 * spec is a rule file as it stands. Not part of `npm test`, which needs nothing but npm: it
 * needs promtool on the PATH or in PROMTOOL.
 */
const root = new URL('../../', import.meta.url)
const PROMTOOL = process.env.PROMTOOL ?? 'promtool'

function promtool(args: readonly string[], cwd: string): string {
  try {
    return execFileSync(PROMTOOL, args, { cwd, encoding: 'utf8', stdio: 'pipe' })
  } catch (err) {
    const { code, stdout, stderr } = err as { code?: string; stdout?: string; stderr?: string }
    if (code === 'ENOENT') {
      throw new Error(`${PROMTOOL} not found: put promtool on the PATH or set PROMTOOL`, {
        cause: err,
      })
    }
    throw new Error(`promtool ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`, {
      cause: err,
    })
  }
}

describe('the alert rules under promtool', () => {
  let dir: string
  let alerts: number
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'alert-rules-'))
    const rule = load(readFileSync(new URL('deploy/monitoring/prometheusrule.yaml', root), 'utf8'))
    const spec = (rule as { spec: { groups: { rules: unknown[] }[] } }).spec
    alerts = spec.groups.reduce((sum, group) => sum + group.rules.length, 0)
    writeFileSync(join(dir, 'rules.yaml'), dump(spec))
    const tests = new URL('test/deploy/alert-rules.promtool.yaml', root)
    copyFileSync(tests, join(dir, 'alert-rules.promtool.yaml'))
  })
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true })
  })

  it('are a valid rule file', () => {
    expect(promtool(['check', 'rules', 'rules.yaml'], dir)).toContain(
      `SUCCESS: ${alerts} rules found`
    )
  })

  it('fire, and stay silent, as test/deploy/alert-rules.promtool.yaml says', () => {
    expect(promtool(['test', 'rules', 'alert-rules.promtool.yaml'], dir)).toContain('SUCCESS')
  })

  it('have a unit test for every alert', () => {
    const text = readFileSync(new URL('test/deploy/alert-rules.promtool.yaml', root), 'utf8')
    const tested = new Set([...text.matchAll(/alertname: (\w+)/g)].map((m) => m[1]))
    expect(tested.size).toBe(alerts)
  })
})
