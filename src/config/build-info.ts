import { readFileSync } from 'node:fs'

/**
 * What this build is: package.json's version and the commit it was built from, which the build
 * (scripts/write-build-info.mjs) writes to dist/build-info.json, beside the bundled code that
 * reads it (rolldown.config.mjs puts every output file directly in dist/). Run from src/
 * (tests) or from a build made without git or BUILD_COMMIT, the commit is "unknown", never a
 * guess.
 */
export interface BuildInfo {
  readonly version: string
  readonly commit: string
}

function readJson(url: URL): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(url, 'utf8'))
    return typeof parsed === 'object' && parsed !== null
      ? (parsed as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

const text = (value: unknown): string =>
  typeof value === 'string' && value !== '' ? value : 'unknown'

/**
 * package.json: the nearest one up from the folder of `moduleUrl`, which is src/config/ run from
 * the sources and dist/ run from the build (installed, in the image, or in a checkout).
 */
function packageJson(moduleUrl: URL): Record<string, unknown> | null {
  for (const up of ['../', '../../']) {
    const found = readJson(new URL(`${up}package.json`, moduleUrl))
    if (found !== null) return found
  }
  return null
}

/** The build info as this module reads it where `moduleUrl` lies (a test gives other places). */
export function readBuildInfo(moduleUrl: URL): BuildInfo {
  return {
    version: text(packageJson(moduleUrl)?.version),
    commit: text(readJson(new URL('build-info.json', moduleUrl))?.commit),
  }
}

let cached: BuildInfo | null = null

/** Read once: neither file changes while the process runs. */
export function buildInfo(): BuildInfo {
  cached ??= readBuildInfo(new URL(import.meta.url))
  return cached
}

/**
 * `--version` as every entry point prints it (the server's main.ts, the CLI): the version, the
 * commit and the Node.js version running it. Here rather than in the CLI so the server does not
 * load the CLI's output code to print three lines.
 */
export function versionText(): string {
  const { version, commit } = buildInfo()
  return `taint-extender ${version}\ncommit: ${commit}\nnode: ${process.version}\n`
}
