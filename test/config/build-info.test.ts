import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { buildInfo, versionText } from '../../src/config/build-info.js'

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
