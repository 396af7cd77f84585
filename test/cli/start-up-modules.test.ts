import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { CLI } from './run-cli.js'

/**
 * What the executable loads before a command that reads no cluster answers: not the cluster
 * client (@kubernetes/client-node, most of the start-up time) nor express, so `version`, `help`,
 * `completion` and the `__complete` a shell runs at every TAB answer at once. A resolve hook
 * registered before the executable starts lists every package it loads.
 */

const HOOK = `
import { register } from 'node:module'
register('data:text/javascript,' + encodeURIComponent(\`
  export async function resolve(specifier, context, next) {
    const resolved = await next(specifier, context)
    if (resolved.url.includes('/node_modules/')) process.stderr.write('loaded ' + resolved.url + '\\\\n')
    return resolved
  }\`))
`

function packagesLoaded(args: readonly string[]): string[] {
  const run = spawnSync(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(HOOK)}`, CLI, ...args],
    { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } }
  )
  const names = run.stderr
    .split('\n')
    .filter((l) => l.startsWith('loaded '))
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
