import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { CLI } from './run-cli.js'

/**
 * What the executable loads before a command that reads no cluster answers: not the cluster
 * client (@kubernetes/client-node, most of the start-up time) nor express, so `version`, `help`,
 * `completion`, the `__complete` a shell runs at every TAB, and `explain` or `forecast` from
 * files answer at once. A resolve hook registered before the executable starts lists every
 * package it loads.
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

/** The fixtures the README's `explain` from files reads, and forecast's. */
const FIXTURES = fileURLToPath(new URL('../fixtures/cluster/', import.meta.url))

/**
 * A kubeconfig whose API server refuses connections (port 1 on loopback): a command given it
 * reads the cluster, which fails at once, after the cluster client has loaded.
 */
function unreachableKubeconfig(): string {
  const path = join(mkdtempSync(join(tmpdir(), 'taint-extender-start-up-')), 'kubeconfig')
  writeFileSync(
    path,
    JSON.stringify({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [{ name: 'c', cluster: { server: 'http://127.0.0.1:1' } }],
      users: [{ name: 'u', user: { token: 't' } }],
      contexts: [{ name: 'x', context: { cluster: 'c', user: 'u' } }],
      'current-context': 'x',
    })
  )
  return path
}

function packagesLoaded(args: readonly string[]): string[] {
  const { register, log } = hookFiles()
  const run = spawnSync(process.execPath, ['--import', register, CLI, ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', RESOLVED_LOG: log },
  })
  // A hook that failed to load would show nothing loaded: the run must have got to its command.
  expect(run.stderr).not.toMatch(/SyntaxError|ERR_/)
  // Nor may it have stopped at its flags (exit 2), before the command ran.
  expect(run.status, run.stderr).not.toBe(2)
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
    [
      'explain from files (the README’s example)',
      [
        'explain',
        ...['--pod', `${FIXTURES}pod-web-2.yaml`, '--nodes', `${FIXTURES}nodes-zones.yaml`],
        ...['--pods', `${FIXTURES}pods-zones.yaml`],
      ],
    ],
    [
      'explain --pending from files',
      [
        'explain',
        '--pending',
        '--nodes',
        `${FIXTURES}nodes.yaml`,
        '--pods',
        `${FIXTURES}pods.yaml`,
      ],
    ],
    [
      'forecast from files',
      [
        ...['forecast', '--taint', 'a:NoExecute', '--node', 'general-1'],
        ...['--nodes', `${FIXTURES}nodes.yaml`, '--pods', `${FIXTURES}pods.yaml`],
      ],
    ],
  ])('%s loads neither the cluster client nor express', (_, args) => {
    const loaded = packagesLoaded(args)
    expect(loaded).not.toContain('@kubernetes/client-node')
    expect(loaded).not.toContain('express')
  })

  it('the hook sees the cluster client where a command does load it, or the test proves nothing', () => {
    const kubeconfig = ['--kubeconfig', unreachableKubeconfig()]
    expect(
      packagesLoaded(['forecast', '--taint', 'a:NoSchedule', '--node', 'x', ...kubeconfig])
    ).toContain('@kubernetes/client-node')
    expect(packagesLoaded(['explain', 'web-0', '-n', 'shop', ...kubeconfig])).toContain(
      '@kubernetes/client-node'
    )
  })
})
