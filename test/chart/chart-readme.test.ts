import { readFileSync } from 'node:fs'
import { load } from 'js-yaml'
import { describe, expect, it } from 'vitest'
import { helmCommand, SUITE_KUBE_VERSION } from '../support/kube-tools.js'

/**
 * charts/taint-extender/README.md against the chart: its table lists every value with its
 * default, and its helm commands render as written.
 */
const chart = new URL('../../charts/taint-extender/', import.meta.url)
const README = readFileSync(new URL('README.md', chart), 'utf8')
const VALUES = load(readFileSync(new URL('values.yaml', chart), 'utf8')) as Record<string, unknown>

/** Every leaf of values.yaml by its dotted key; an empty map or list is a leaf. */
function leaves(object: Record<string, unknown>, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>()
  for (const [key, value] of Object.entries(object)) {
    const isMap = typeof value === 'object' && value !== null && !Array.isArray(value)
    if (isMap && Object.keys(value).length > 0) {
      for (const [k, v] of leaves(value as Record<string, unknown>, `${prefix}${key}.`)) {
        found.set(k, v)
      }
    } else {
      found.set(`${prefix}${key}`, value)
    }
  }
  return found
}

/** What the Default column must say: the value in JSON, or a pointer for a non-empty list. */
function defaultCell(value: unknown): string {
  const structured = typeof value === 'object' && value !== null
  if (structured && Object.keys(value).length > 0) return 'see `values.yaml`'
  return `\`${JSON.stringify(value)}\``
}

/** The README table's rows: `| \`key\` | default | … |`. */
function documented(): Map<string, string> {
  const rows = README.matchAll(/^\| `([\w./]+)` +\| (.+?) +\|/gm)
  return new Map([...rows].map(([, key, cell]) => [key as string, cell as string]))
}

/** The helm commands of a Markdown file's sh blocks, continued lines joined. */
function helmCommands(markdown = README): string[][] {
  const commands: string[][] = []
  for (const [, block] of markdown.matchAll(/```sh\n([\s\S]*?)```/g)) {
    for (const line of (block ?? '').replace(/\\\n\s*/g, '').split('\n')) {
      const words = line.trim().split(/\s+/)
      if (words[0] === 'helm') commands.push(words.slice(1))
    }
  }
  return commands
}

describe('the chart’s README', () => {
  it('lists every value of values.yaml, and nothing else, with its default', () => {
    const expected = new Map([...leaves(VALUES)].map(([k, v]) => [k, defaultCell(v)]))
    expect(Object.fromEntries(documented())).toEqual(Object.fromEntries(expected))
  })

  it.each([
    ['the chart’s README', README, ['install', 'upgrade', 'upgrade']],
    [
      'the project’s README',
      readFileSync(new URL('../../README.md', import.meta.url), 'utf8'),
      ['install'],
    ],
  ])('%s shows helm commands that render the chart as written', (_name, markdown, verbs) => {
    const commands = helmCommands(markdown)
    expect(commands.map((c) => c[0])).toEqual(verbs)
    for (const command of commands) {
      // `helm template` takes what `install` takes, but talks to no cluster: --kube-version
      // stands for the cluster's version, which install reads from the API server.
      const args = command.filter((word) => word !== 'upgrade' && word !== '--install')
      const rendered = helmCommand([
        ...['template', '--kube-version', SUITE_KUBE_VERSION],
        ...args.slice(args[0] === 'install' ? 1 : 0),
      ])
      expect(rendered).toContain('kind: Deployment')
    }
  })
})
