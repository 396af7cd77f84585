import { readFileSync } from 'node:fs'
import { load } from 'js-yaml'
import { describe, expect, it } from 'vitest'

/**
 * docs/cli.md's permissions table says what deploy/cli-rbac/clusterrole.yaml grants, row for
 * permission (test/control-plane/cli-rbac.test.ts runs the tools under that role).
 */
const root = new URL('../../', import.meta.url)
interface Rule {
  apiGroups?: string[]
  resources?: string[]
  nonResourceURLs?: string[]
  verbs: string[]
}
const role = load(readFileSync(new URL('deploy/cli-rbac/clusterrole.yaml', root), 'utf8')) as {
  rules: Rule[]
}

/** Each permission as "resource verb", a resource of another group as "resource.group". */
function granted(): string[] {
  return role.rules.flatMap((rule) => {
    const group = rule.apiGroups?.[0] ?? ''
    const things =
      rule.nonResourceURLs ?? (rule.resources ?? []).map((r) => (group ? `${r}.${group}` : r))
    return things.flatMap((thing) => rule.verbs.map((verb) => `${thing} ${verb}`))
  })
}

function documented(): string[] {
  const docs = readFileSync(new URL('docs/cli.md', root), 'utf8')
  const section = docs.split(/^## /m).find((s) => s.startsWith('Permissions\n')) ?? ''
  return [...section.matchAll(/^\| `([^`]+)`(?: \(`([\w.]+)`\))?[^|]*\| `(\w+)` +\|/gm)].map(
    ([, thing, group, verb]) => `${group ? `${thing}.${group}` : thing} ${verb}`
  )
}

describe('the CLI’s ClusterRole', () => {
  it('grants what docs/cli.md’s permissions table lists, and nothing else', () => {
    expect(documented().sort()).toEqual(granted().sort())
    expect(granted().length).toBeGreaterThan(5)
  })

  it('only reads: no write, watch or wildcard verb, and no secrets', () => {
    const verbs = new Set(role.rules.flatMap((r) => r.verbs))
    expect([...verbs].sort()).toEqual(['get', 'list'])
    expect(granted().join(' ')).not.toMatch(/\*|secrets|configmaps/)
  })
})
