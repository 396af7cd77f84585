import { readFileSync } from 'node:fs'
import { load } from 'js-yaml'

/** The YAML block of deploy/README.md's NetworkPolicy section: a user's kustomization. */
export function documentedOverlay(): Record<string, unknown> {
  const readme = readFileSync(new URL('../../deploy/README.md', import.meta.url), 'utf8')
  const section = readme.split(/^## /m).find((s) => s.startsWith('NetworkPolicy\n')) ?? ''
  const block = /```yaml\n([\s\S]*?)```/.exec(section)?.[1]
  if (block === undefined) throw new Error('deploy/README.md, NetworkPolicy: no yaml block')
  return load(block) as Record<string, unknown>
}
