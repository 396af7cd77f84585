#!/usr/bin/env node
// Writes dist/build-info.json after `tsc`: the commit the build was made from, which
// `taint-extender version`, GET /version and the taint_extender_build_info metric report.
// BUILD_COMMIT wins (an image build has no .git: the Dockerfile passes it as a build argument);
// else `git rev-parse HEAD` of the checkout; else "unknown". The version itself is package.json's.
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'

function gitCommit() {
  try {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim()
    return /^[0-9a-f]{40}$/.test(head) ? head : null
  } catch {
    return null
  }
}

const commit = process.env.BUILD_COMMIT?.trim() || gitCommit() || 'unknown'
mkdirSync(new URL('../dist/', import.meta.url), { recursive: true })
writeFileSync(
  new URL('../dist/build-info.json', import.meta.url),
  JSON.stringify({ commit }) + '\n'
)
