import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/**
 * What CI checks of the dependencies and base images in place of `npm audit`, whose advisory
 * endpoint the build machines cannot reach (docs/security.md): every package in the lockfile is
 * pinned by an integrity hash that `npm ci` verifies, none runs an install script, and every
 * base image of the Dockerfile is pinned by digest.
 */
const root = new URL('../../', import.meta.url)
const text = (path: string): string => readFileSync(new URL(path, root), 'utf8')

interface LockedPackage {
  integrity?: string
  resolved?: string
  link?: boolean
  hasInstallScript?: boolean
}
const lock = JSON.parse(text('package-lock.json')) as {
  lockfileVersion: number
  packages: Record<string, LockedPackage>
}
const dependencies = Object.entries(lock.packages).filter(([path, p]) => path !== '' && !p.link)

describe('the lockfile', () => {
  it('pins every package by a sha512 integrity hash, which npm ci checks before it unpacks', () => {
    expect(lock.lockfileVersion).toBe(3)
    expect(dependencies.length).toBeGreaterThan(100)
    const unpinned = dependencies.filter(([, p]) => !/^sha512-[A-Za-z0-9+/]+=*$/.test(p.integrity ?? ''))
    expect(unpinned.map(([path]) => path)).toEqual([])
  })

  it('fetches nothing from outside the npm registry', () => {
    const elsewhere = dependencies.filter(
      ([, p]) => p.resolved !== undefined && !p.resolved.startsWith('https://registry.npmjs.org/')
    )
    expect(elsewhere.map(([path, p]) => `${path} ${p.resolved}`)).toEqual([])
  })

  it('holds no package with an install script (preinstall, install, postinstall, or a binding.gyp)', () => {
    const scripted = dependencies.filter(([, p]) => p.hasInstallScript === true)
    expect(scripted.map(([path]) => path)).toEqual([])
  })

  it('is installed with scripts off, in CI and in the image', () => {
    expect(text('.ci/run')).toMatch(/^npm ci --ignore-scripts /m)
    const installs = [...text('Dockerfile').matchAll(/^RUN npm ci .*$/gm)].map(([line]) => line)
    expect(installs.length).toBe(2)
    for (const line of installs) expect(line).toContain('--ignore-scripts')
  })
})

describe('the Dockerfile', () => {
  it('pins every base image by digest, the tag kept beside it for readers', () => {
    const bases = [...text('Dockerfile').matchAll(/^FROM (\S+)/gm)].map(([, image]) => image)
    expect(bases.length).toBe(3)
    for (const image of bases) expect(image).toMatch(/^[\w./-]+:[\w.-]+@sha256:[0-9a-f]{64}$/)
  })
})
