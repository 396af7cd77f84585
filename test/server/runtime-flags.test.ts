import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { NODE_FLAGS } from '../../src/config/node-flags.js'

/**
 * The extender's Node.js flags (see src/config/node-flags.ts on why) must be the same wherever it is
 * started: the image, `npm start`, and the bench and soak that measure it.
 */
const root = new URL('../../', import.meta.url)

function entrypoint(): string[] {
  const dockerfile = readFileSync(new URL('Dockerfile', root), 'utf8')
  const line = dockerfile.split('\n').find((l) => l.startsWith('ENTRYPOINT '))
  if (line === undefined) throw new Error('the Dockerfile has no ENTRYPOINT')
  return JSON.parse(line.slice('ENTRYPOINT '.length)) as string[]
}

function startScript(): string[] {
  const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
    scripts: Record<string, string>
  }
  return (pkg.scripts.start ?? '').split(/\s+/)
}

describe('the Node.js flags the extender runs with', () => {
  it.each([
    ['the image ENTRYPOINT', entrypoint],
    ['npm start', startScript],
  ])(
    '%s passes exactly the measured flags, before the script (dist/cli.js or dist/main.js)',
    (_, command) => {
      const argv = command()
      const main = argv.findIndex((arg) => arg === 'dist/cli.js' || arg === 'dist/main.js')
      expect(main).toBeGreaterThan(0)
      expect(argv.slice(1, main)).toEqual([...NODE_FLAGS])
    }
  )

  it('are flags this Node.js accepts', () => {
    const out = execFileSync(process.execPath, [...NODE_FLAGS, '-e', 'process.stdout.write("ok")'])
    expect(out.toString()).toBe('ok')
  })
})
