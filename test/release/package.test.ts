import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'

/**
 * The npm package as users get it: `npm pack` of the built tree (package.json's `files` decides
 * what goes in), then `npm install -g` of that tarball into a folder of its own, and its three
 * executables run from there. Installing prefers npm's cache, which `npm ci` has just filled.
 */
const root = fileURLToPath(new URL('../..', import.meta.url))
const VERSION = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string })
  .version

function npm(args: readonly string[]): string {
  return execFileSync('npm', args, { cwd: root, encoding: 'utf8', stdio: 'pipe' })
}

describe('the npm package', () => {
  const dir = mkdtempSync(join(tmpdir(), 'taint-extender-package-'))
  const prefix = join(dir, 'prefix')
  let files: string[] = []

  beforeAll(() => {
    const tarball = npm(['pack', '--ignore-scripts', '--pack-destination', dir, '--silent']).trim()
    files = execFileSync('tar', ['-tzf', join(dir, tarball)], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => line.replace(/^package\//, ''))
    npm([
      'install',
      '--global',
      '--prefix',
      prefix,
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      join(dir, tarball),
    ])
  }, 180_000)

  const run = (name: string, args: readonly string[]): string =>
    execFileSync(join(prefix, 'bin', name), args, { encoding: 'utf8', stdio: 'pipe' })

  it('holds the executables, the build info, README, LICENSE and the changelog', () => {
    for (const file of [
      'dist/cli.js',
      'dist/main.js',
      'dist/kubectl-complete.js',
      'dist/build-info.json',
      'README.md',
      'LICENSE',
      'CHANGELOG.md',
      'package.json',
    ]) {
      expect(files).toContain(file)
    }
  })

  it('holds nothing that does not run: no sources, tests, benchmarks, charts, manifests or maps', () => {
    const strays = files.filter((file) =>
      /^(src|test|bench|charts|deploy|scripts|docs)\/|\.map$|\.test\.|\.ts$/.test(file)
    )
    expect(strays).toEqual([])
  })

  it('installs globally with its production dependencies only', () => {
    const installed = join(prefix, 'lib', 'node_modules', 'taint-extender')
    expect(existsSync(join(installed, 'node_modules', 'express'))).toBe(true)
    expect(existsSync(join(installed, 'node_modules', 'vitest'))).toBe(false)
    expect(existsSync(join(installed, 'node_modules', 'typescript'))).toBe(false)
  })

  it('runs as taint-extender and as the kubectl plugin, naming its version', () => {
    expect(run('taint-extender', ['version'])).toMatch(new RegExp(`^taint-extender ${VERSION}\n`))
    expect(run('kubectl-taint_extender', ['--version'])).toMatch(
      new RegExp(`^taint-extender ${VERSION}\n`)
    )
  })

  it('answers kubectl’s plugin completion from the installed completion executable', () => {
    expect(run('kubectl_complete-taint_extender', ['forecast', '--out']).split('\n')).toEqual([
      '--output',
      ':4',
      '',
    ])
  })
})
