import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { runTool } from './run-tool.js'

/**
 * The README's `console` examples of the tools, run as written (from the repository's root):
 * the output shown is the output given, so the README cannot drift from the tools.
 */

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
const MANUAL = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8')
const ROOT = new URL('../../', import.meta.url).pathname

interface Example {
  readonly argv: string[]
  readonly output: string
}

/** Every ```console block whose command is `npx taint-extender …`, continued lines joined. */
function examples(text: string): Example[] {
  const found: Example[] = []
  for (const block of text.matchAll(/```console\n([\s\S]*?)```/g)) {
    const lines = (block[1] ?? '').split('\n')
    let command = ''
    let at = 0
    for (; at < lines.length; at++) {
      const line = lines[at] ?? ''
      command += line.replace(/^\$ /, '').replace(/\\$/, '')
      if (!line.endsWith('\\')) break
    }
    const words = command.trim().split(/\s+/)
    if (words[0] !== 'npx' || words[1] !== 'taint-extender') continue
    const argv = words.slice(2).map((w) => (w.startsWith('test/') ? `${ROOT}${w}` : w))
    found.push({ argv, output: lines.slice(at + 1).join('\n') })
  }
  return found
}

describe("the README's and the manual's examples of the tools", () => {
  const all = [...examples(README), ...examples(MANUAL)]

  it('include explain for a pod Pending for several reasons, the eviction loop and a drain in the README, and both tools in the manual, a taint removed among them', () => {
    expect(examples(README).map((e) => e.argv[0])).toEqual([
      'explain',
      'forecast',
      'forecast',
      'forecast',
    ])
    expect(examples(MANUAL).map((e) => e.argv[0])).toEqual([
      'explain',
      'explain',
      'forecast',
      'forecast',
    ])
  })

  it.each(all.map((e) => [e.argv.join(' '), e] as const))(
    '%s prints what the README shows',
    async (_name, example) => {
      const [tool, ...argv] = example.argv
      const result = await runTool(tool as 'explain' | 'forecast', argv)
      expect(result.stderr).toBe('')
      expect(result.stdout).toBe(example.output)
    }
  )
})
