import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { CLI } from './run-cli.js'

/**
 * What the executable loads before a command that reads no cluster answers: not the cluster
 * client (@kubernetes/client-node, most of the start-up time) nor express, so `version`, `help`,
 * `completion` and the `__complete` a shell runs at every TAB answer at once. A resolve hook
 * registered before the executable starts lists every package it loads.
 */

// The hook runs on the loader's own thread from Node 22 on, whose stderr may be cut short when
// the process exits: each resolution is appended to a file, synchronously, instead.
const HOOKS = `import { appendFileSync } from 'node:fs'
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context)
  if (resolved.url.includes('/node_modules/')) appendFileSync(process.env.RESOLVED_LOG, resolved.url + '\\n')
  return resolved
}
`

/** A folder with the hooks and the module that registers them, for `node --import`. */
function hookFiles(): { register: string; log: string } {
  const dir = mkdtempSync(join(tmpdir(), 'taint-extender-start-up-'))
  writeFileSync(join(dir, 'hooks.mjs'), HOOKS)
  const register = join(dir, 'register.mjs')
  writeFileSync(
    register,
    `import { register } from 'node:module'\nregister(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)})\n`
  )
  const log = join(dir, 'resolved')
  writeFileSync(log, '')
  return { register, log }
}

function packagesLoaded(args: readonly string[]): string[] {
  const { register, log } = hookFiles()
  const run = spawnSync(process.execPath, ['--import', register, CLI, ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', RESOLVED_LOG: log },
  })
  // A hook that failed to load would show nothing loaded: the run must have got to its command.
  expect(run.stderr).not.toMatch(/SyntaxError|ERR_/)
  const names = readFileSync(log, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(l)?.[1] ?? l)
  return [...new Set(names)].sort()
}

describe('the executable’s start-up', () => {
  it.each<[string, string[]]>([
    ['version', ['version']],
    ['help', ['help', 'forecast']],
    ['completion bash', ['completion', 'bash']],
    ['__complete for a flag', ['__complete', 'forecast', '--ta']],
    ['__complete for a flag’s fixed values', ['__complete', 'explain', '--evicting-nodes', '']],
  ])('%s loads neither the cluster client nor express', (_, args) => {
    const loaded = packagesLoaded(args)
    expect(loaded).not.toContain('@kubernetes/client-node')
    expect(loaded).not.toContain('express')
  })

  it('the hook sees the cluster client where a command does load it, or the test proves nothing', () => {
    expect(packagesLoaded(['forecast', '--taint', 'a:NoSchedule', '--node', 'x'])).toContain(
      '@kubernetes/client-node'
    )
  })
})
