import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { load } from 'js-yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { helmTemplate, kustomize, only } from '../support/kube-tools.js'
import { startService, type ServiceProcess } from '../support/process.js'

/**
 * The version lives in package.json; everything that names it agrees: the running server's
 * /version, the image label, the chart, the image deploy/ runs and the changelog.
 */
const root = new URL('../../', import.meta.url)
const read = (path: string): string => readFileSync(new URL(path, root), 'utf8')
const VERSION = (JSON.parse(read('package.json')) as { version: string }).version

/** The image tag of the extender's Deployment among rendered objects. */
function imageTag(objects: ReturnType<typeof kustomize>): string | undefined {
  const deployment = only(objects, 'Deployment', 'taint-extender') as unknown as {
    spec: { template: { spec: { containers: { image: string }[] } } }
  }
  return deployment.spec.template.spec.containers[0]?.image.split(':')[1]
}

describe('the version, from package.json', () => {
  let service: ServiceProcess
  beforeAll(async () => {
    service = await startService(['--port', '0', '--disable-node-cache'])
  })
  afterAll(() => {
    service.child.kill('SIGKILL')
  })

  it('is a semantic version', () => {
    expect(VERSION).toMatch(/^\d+\.\d+\.\d+(-[\w.]+)?$/)
  })

  it('is what the running server answers on /version', async () => {
    const response = await fetch(`http://127.0.0.1:${service.port}/version`)
    expect(((await response.json()) as { version: string }).version).toBe(VERSION)
  })

  it('is the image’s version label', () => {
    expect(/org\.opencontainers\.image\.version="([^"]+)"/.exec(read('Dockerfile'))?.[1]).toBe(
      VERSION
    )
  })

  it('is the chart’s appVersion, and the image tag it runs by default', () => {
    const chart = load(read('charts/taint-extender/Chart.yaml')) as { appVersion: string }
    expect(chart.appVersion).toBe(VERSION)
    expect(imageTag(helmTemplate())).toBe(VERSION)
  })

  it('is the image tag deploy/ runs', () => {
    expect(imageTag(kustomize('deploy'))).toBe(VERSION)
  })

  it('is the newest release in CHANGELOG.md', () => {
    const releases = [...read('CHANGELOG.md').matchAll(/^## \[(\d[^\]]*)\]/gm)].map((m) => m[1])
    expect(releases[0]).toBe(VERSION)
  })
})

describe('the license', () => {
  it('is package.json’s, Apache-2.0, and LICENSE is its text exactly as the ASF publishes it', () => {
    expect((JSON.parse(read('package.json')) as { license: string }).license).toBe('Apache-2.0')
    // sha256 of https://www.apache.org/licenses/LICENSE-2.0.txt
    expect(createHash('sha256').update(read('LICENSE')).digest('hex')).toBe(
      'cfc7749b96f63bd31c3c42b5c471bf756814053e847c10f3eb003417bc523d30'
    )
    expect(read('Dockerfile')).toContain('org.opencontainers.image.licenses="Apache-2.0"')
  })
})

describe('the build, from the commit it was made from', () => {
  let service: ServiceProcess
  beforeAll(async () => {
    service = await startService(['--port', '0', '--disable-node-cache'])
  })
  afterAll(() => {
    service.child.kill('SIGKILL')
  })
  const commit = (JSON.parse(read('dist/build-info.json')) as { commit: string }).commit

  it('is written to dist/build-info.json by the build', () => {
    expect(commit).toMatch(/^([0-9a-f]{40}|unknown)$/)
  })

  it('is on /version, beside the version and Node.js’s', async () => {
    const response = await fetch(`http://127.0.0.1:${service.port}/version`)
    expect(await response.json()).toEqual({ version: VERSION, commit, node: process.version })
  })

  it('is taint_extender_build_info{version,commit,node} 1 on /metrics', async () => {
    const text = await (await fetch(`http://127.0.0.1:${service.port}/metrics`)).text()
    expect(text).toContain(
      `taint_extender_build_info{version="${VERSION}",commit="${commit}",node="${process.version}"} 1\n`
    )
  })
})
