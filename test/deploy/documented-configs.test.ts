import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { load } from 'js-yaml'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/config/index.js'
import { DEFAULT_FEATURE_GATES } from '../../src/config/parse-values.js'

/**
 * What the documentation shows, held to the files: every KubeSchedulerConfiguration in a doc is
 * a file in scheduler-config/ (which scheduler-configs.test.ts loads and checks), every relative
 * link leads to a file and heading that exist, and the README stays a front door.
 */
const root = new URL('../../', import.meta.url)
const read = (path: string): string => readFileSync(new URL(path, root), 'utf8')

const DOCS = [
  'README.md',
  ...readdirSync(new URL('docs/', root)).map((f) => `docs/${f}`),
  'deploy/README.md',
  'scheduler-config/README.md',
  'charts/taint-extender/README.md',
]
const CONFIG_FILES = readdirSync(new URL('scheduler-config/', root))
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => `scheduler-config/${f}`)

/** The ```yaml blocks of a Markdown file. */
const yamlBlocks = (text: string): string[] =>
  [...text.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1] ?? '')

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string): string =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-')

function anchorsIn(path: string): Set<string> {
  return new Set([...read(path).matchAll(/^#+ (.+)$/gm)].map((m) => anchorOf(m[1] ?? '')))
}

type Plugins = { multiPoint?: { disabled?: { name: string }[] } }
type Config = { profiles: { plugins?: Plugins }[]; extenders: { ignorable: boolean }[] } & Record<
  string,
  unknown
>
const disabledIn = (config: Config): string[] =>
  config.profiles.flatMap((p) => (p.plugins?.multiPoint?.disabled ?? []).map((d) => d.name))

describe('the documentation', () => {
  it('shows only kube-scheduler configurations that are files in scheduler-config/', () => {
    const files = CONFIG_FILES.map((f) => load(read(f)))
    const shown = DOCS.flatMap((doc) =>
      yamlBlocks(read(doc))
        .filter((block) => block.includes('kind: KubeSchedulerConfiguration'))
        .map((block) => [doc, load(block)] as const)
    )
    expect(shown.map(([doc]) => doc)).toEqual(expect.arrayContaining(['docs/compatibility.md']))
    for (const [doc, config] of shown) {
      expect([doc, files.some((f) => JSON.stringify(f) === JSON.stringify(config))]).toEqual([
        doc,
        true,
      ])
    }
  })

  it('recommends the in-tree taint plugins on everywhere but the one file made to replace them', () => {
    for (const file of CONFIG_FILES) {
      const config = load(read(file)) as Config
      const replaces = file === 'scheduler-config/instead-of-in-tree.yaml'
      expect([file, disabledIn(config)]).toEqual([
        file,
        replaces ? ['TaintToleration', 'NodeUnschedulable'] : [],
      ])
      // Without the in-tree filter, a skipped extender would place pods on tainted nodes, and
      // sampling would hand it whatever nodes come next (docs/compatibility.md#sampling).
      if (replaces) {
        expect(config.extenders[0]?.ignorable).toBe(false)
        expect(config.percentageOfNodesToScore).toBe(100)
      }
    }
  })

  it('shows a sidecar container whose args the extender accepts, gates at their defaults', () => {
    const sidecars = yamlBlocks(read('deploy/README.md'))
      .map((block) => load(block) as unknown)
      .filter((y): y is { name: string; args: string[] }[] => Array.isArray(y))
      .flat()
      .filter((c) => c.name === 'taint-extender')
    expect(sidecars).toHaveLength(1)
    const loaded = loadConfig({ argv: sidecars[0]?.args ?? [], env: {}, fileExists: () => true })
    if (loaded.kind !== 'config') throw new Error('expected a config')
    expect([loaded.config.cluster, loaded.config.host]).toEqual([null, '127.0.0.1'])
    expect(loaded.config.featureGates).toEqual(DEFAULT_FEATURE_GATES)
  })

  it.each(DOCS)('%s links only to files and headings that exist', (doc) => {
    const base = new URL(doc, root)
    for (const [, target] of read(doc).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^(https?:|mailto:)/.test(target ?? '')) continue
      const [path, anchor] = (target ?? '').split('#')
      const file = path === '' ? base : new URL(path ?? '', base)
      expect([target, existsSync(file)]).toEqual([target, true])
      if (anchor !== undefined && file.pathname.endsWith('.md')) {
        const relative = file.pathname.slice(root.pathname.length)
        expect([target, anchorsIn(relative).has(anchor)]).toEqual([target, true])
      }
    }
  })

  it('keeps the README a front door: at most 1,500 words outside its code blocks', () => {
    const prose = read('README.md').replace(/```[\s\S]*?```/g, '')
    expect(prose.split(/\s+/).filter(Boolean).length).toBeLessThanOrEqual(1500)
  })
})
