import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { buildInfo, readBuildInfo, versionText } from '../../src/config/build-info.js'

/**
 * build-info.ts run from the sources, as every in-process test runs it: package.json is two
 * folders up (src/config/), where the bundle finds it one folder up (dist/, which the server
 * process tests of test/release/version.test.ts hold); no build-info.json lies beside the
 * sources, so the commit is "unknown" rather than a guess.
 */
const packageJson = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8')
) as { version: string }

describe('the build info read from the sources', () => {
  it("names package.json's version, found two folders up", () => {
    expect(buildInfo().version).toBe(packageJson.version)
  })

  it('names the commit unknown, since no build wrote build-info.json beside the sources', () => {
    expect(buildInfo().commit).toBe('unknown')
  })

  it('prints the version, the commit and the Node.js version, a line each', () => {
    expect(versionText()).toBe(
      `taint-extender ${packageJson.version}\ncommit: unknown\nnode: ${process.version}\n`
    )
  })
})

/** A package folder: package.json at its top, and the files given (path → text) below it. */
function packageFolder(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'taint-extender-build-info-'))
  writeFileSync(join(root, 'package.json'), JSON.stringify({ version: '9.8.7' }))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

const at = (root: string, path: string): URL => pathToFileURL(join(root, path))

describe('the build info, wherever the module reading it lies', () => {
  it.each([
    [
      'in dist/, as the bundle: package.json one folder up, the commit beside it',
      { 'dist/build-info.json': JSON.stringify({ commit: 'abc123' }) },
      'dist/chunk.js',
      { version: '9.8.7', commit: 'abc123' },
    ],
    [
      'in src/config/, as the sources: package.json two folders up, no commit beside it',
      { 'dist/build-info.json': JSON.stringify({ commit: 'abc123' }) },
      'src/config/build-info.ts',
      { version: '9.8.7', commit: 'unknown' },
    ],
    [
      'in dist/ of a build made without git or BUILD_COMMIT: the commit unknown, never a guess',
      { 'dist/build-info.json': JSON.stringify({ commit: '' }) },
      'dist/chunk.js',
      { version: '9.8.7', commit: 'unknown' },
    ],
    [
      'three folders down: no package.json within reach, so the version is unknown too',
      {},
      'a/b/c/chunk.js',
      { version: 'unknown', commit: 'unknown' },
    ],
  ])('%s', (_name, files, module, want) => {
    expect(readBuildInfo(at(packageFolder(files), module))).toEqual(want)
  })
})
