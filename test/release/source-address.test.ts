import { execFileSync, spawnSync } from 'node:child_process'
import { appendFileSync, cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { load } from 'js-yaml'
import { describe, expect, it } from 'vitest'
import { CHART, helmCommand } from '../support/kube-tools.js'

/**
 * scripts/source-address.mjs, which .ci/release runs: a git remote becomes the https address the
 * chart's home/sources and the npm package's repository/homepage carry, or is refused as no
 * public address; then the stamping of a chart and a package folder.
 */
const root = fileURLToPath(new URL('../..', import.meta.url))
const script = join(root, 'scripts/source-address.mjs')

function sourceAddress(args: readonly string[]): { status: number | null; out: string; err: string } {
  const child = spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' })
  return { status: child.status, out: child.stdout.trim(), err: child.stderr.trim() }
}

describe('a git remote as the public source address', () => {
  it.each([
    ['an https remote loses its .git', 'https://github.com/acme/taint-extender.git', 'https://github.com/acme/taint-extender'],
    ['an scp-style ssh remote becomes https', 'git@github.com:acme/taint-extender.git', 'https://github.com/acme/taint-extender'],
    ['an ssh:// remote loses its user and port', 'ssh://git@gitlab.example.org:2222/group/sub/repo.git', 'https://gitlab.example.org/group/sub/repo'],
    ['credentials in an https remote never reach the address', 'https://bot:s3cret@github.com/acme/repo', 'https://github.com/acme/repo'],
    ['a trailing slash is dropped', 'https://codeberg.org/acme/repo/', 'https://codeberg.org/acme/repo'],
  ])('%s', (_name, remote, address) => {
    expect(sourceAddress(['url', remote])).toEqual({ status: 0, out: address, err: '' })
  })

  it.each([
    ['a local path, as a clone of a clone has', '/work/checkouts/taint-extender'],
    ['a file:// URL', 'file:///srv/git/taint-extender.git'],
    ['plain http', 'http://github.com/acme/repo'],
    ['a host without a domain', 'https://gitserver/acme/repo'],
    ['a host with no repository path', 'https://github.com/acme'],
    ['nothing (no origin)', ''],
  ])('%s is no public address', (_name, remote) => {
    const answer = sourceAddress(['url', remote])
    expect(answer.status).toBe(1)
    expect(answer.err).toMatch(/^not a public source address: /)
  })
})

describe('stamping the address into a release', () => {
  const address = 'https://github.com/acme/taint-extender'

  it('gives the chart home and sources, and helm lints and reads them', () => {
    const chart = join(mkdtempSync(join(tmpdir(), 'taint-extender-chart-')), 'taint-extender')
    cpSync(join(root, CHART), chart, { recursive: true })
    expect(sourceAddress(['chart', chart, `git@github.com:acme/taint-extender.git`]).status).toBe(0)
    helmCommand(['lint', '--strict', chart])
    const shown = load(helmCommand(['show', 'chart', chart])) as Record<string, unknown>
    expect(shown).toMatchObject({ name: 'taint-extender', home: address, sources: [address] })
    expect(shown['keywords']).toEqual(
      (load(readFileSync(join(root, CHART, 'Chart.yaml'), 'utf8')) as { keywords: string[] }).keywords
    )
  })

  it('refuses a chart that already names a home, rather than give it two', () => {
    const chart = mkdtempSync(join(tmpdir(), 'taint-extender-chart-'))
    cpSync(join(root, CHART), chart, { recursive: true })
    appendFileSync(join(chart, 'Chart.yaml'), 'home: https://example.org/elsewhere\n')
    const answer = sourceAddress(['chart', chart, address])
    expect(answer.status).toBe(1)
    expect(answer.err).toContain('already has home or sources')
  })

  it('gives the package repository and homepage as npm reads them, keeping every other field', () => {
    const folder = mkdtempSync(join(tmpdir(), 'taint-extender-package-'))
    const manifest = readFileSync(join(root, 'package.json'), 'utf8')
    writeFileSync(join(folder, 'package.json'), manifest)
    expect(sourceAddress(['package', folder, `${address}.git`]).status).toBe(0)
    const stamped = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as Record<string, unknown>
    expect(stamped).toEqual({
      ...(JSON.parse(manifest) as object),
      repository: { type: 'git', url: `git+${address}.git` },
      homepage: `${address}#readme`,
    })
    const viewed = execFileSync('npm', ['pkg', 'get', 'repository.url', 'homepage'], {
      cwd: folder,
      encoding: 'utf8',
    })
    expect(JSON.parse(viewed)).toEqual({
      'repository.url': `git+${address}.git`,
      homepage: `${address}#readme`,
    })
  })
})
