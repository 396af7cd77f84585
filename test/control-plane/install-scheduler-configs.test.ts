import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { dump, load } from 'js-yaml'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { CertificateWorkshop } from '../support/certificates.js'
import { describeWithControlPlane } from '../support/control-plane/index.js'
import { installs, OLDEST_KUBE_VERSION } from './install-renderings.js'

/**
 * Every KubeSchedulerConfiguration the project ships, loaded by the real kube-scheduler v1.28.7:
 * `--config FILE --write-config-to OUT` decodes the file strictly, validates it, builds the
 * scheduler with its extenders (reading their TLS files) and writes what it loaded, without
 * scheduling anything. A file that passes is one kube-scheduler starts with.
 *
 * The paths in the files are the ones a pod mounts; here the kubeconfig is the test control
 * plane's and the TLS files are certificates made for the run (kube-scheduler opens both while
 * it builds the configuration). `--secure-port=0`: no serving listener is opened.
 */

const root = new URL('../../', import.meta.url)
const run = promisify(execFile)
type Yaml = Record<string, unknown>

/**
 * Each distinct configuration (by content, comments aside), named by the first place it ships
 * in and how many others ship the same.
 */
function shippedConfigs(): { name: string; names: string[]; config: Yaml }[] {
  const found = new Map<string, { config: Yaml; names: string[] }>()
  const add = (name: string, text: string): void => {
    const config = load(text) as Yaml
    const key = JSON.stringify(config)
    const entry = found.get(key) ?? { config, names: [] }
    entry.names.push(name)
    found.set(key, entry)
  }
  for (const file of readdirSync(new URL('scheduler-config/', root)).sort())
    if (file.endsWith('.yaml'))
      add(
        `scheduler-config/${file}`,
        readFileSync(new URL(`scheduler-config/${file}`, root), 'utf8')
      )
  for (const install of installs())
    for (const object of install.objects)
      if (object.kind === 'ConfigMap')
        for (const [key, text] of Object.entries((object.data ?? {}) as Record<string, string>))
          if (/^kind: KubeSchedulerConfiguration$/m.test(text))
            add(`${key} of ConfigMap ${object.metadata.name} from ${install.name}`, text)
  return [...found.values()].map(({ config, names }) => ({
    name: names.length === 1 ? names[0]! : `${names[0]!} (and ${names.length - 1} the same)`,
    names,
    config,
  }))
}

/**
 * `value` without its false booleans: kube-scheduler writes its configuration from Go types
 * whose booleans are `omitempty`, so a false one is absent from what it writes.
 */
function withoutFalse(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutFalse)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== false)
      .map(([k, v]) => [k, withoutFalse(v)])
  )
}

const CONFIGS = shippedConfigs()

describeWithControlPlane(
  `the shipped configurations under kube-scheduler v${OLDEST_KUBE_VERSION}`,
  (plane) => {
    let dir: string
    let tls: { caFile: string; certFile: string; keyFile: string }
    let workshop: CertificateWorkshop

    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'taint-extender-scheduler-configs-'))
      workshop = new CertificateWorkshop()
      const ca = workshop.authority('scheduler-configs-ca')
      const client = workshop.issue(ca, 'kube-scheduler', 'client')
      writeFileSync(join(dir, 'ca.crt'), ca.cert)
      tls = { caFile: join(dir, 'ca.crt'), certFile: client.certFile, keyFile: client.keyFile }
    })
    afterAll(() => {
      workshop?.cleanup()
      rmSync(dir, { recursive: true, force: true })
    })

    /** The configuration with this machine's kubeconfig and TLS files in place of a pod's. */
    function withLocalPaths(config: Yaml): Yaml {
      const extenders = ((config.extenders ?? []) as Yaml[]).map((extender) => {
        const given = extender.tlsConfig as Yaml | undefined
        if (given === undefined) return extender
        const files = Object.fromEntries(
          Object.entries(tls).filter(([field]) => given[field] !== undefined)
        )
        return { ...extender, tlsConfig: { ...given, ...files } }
      })
      return {
        ...config,
        clientConnection: {
          ...(config.clientConnection as Yaml | undefined),
          kubeconfig: plane().kubeconfig,
        },
        extenders,
      }
    }

    /** kube-scheduler's own account of the configuration it loaded from `config`. */
    async function loaded(name: string, config: Yaml): Promise<Yaml> {
      const input = join(dir, `${name}.yaml`)
      const output = join(dir, `${name}.loaded.yaml`)
      writeFileSync(input, dump(config))
      await run(
        plane().binaries.kubeScheduler,
        [`--config=${input}`, `--write-config-to=${output}`, '--secure-port=0'],
        { timeout: 30_000 }
      )
      return load(readFileSync(output, 'utf8')) as Yaml
    }

    it('finds the five files of scheduler-config/ and the second scheduler’s in the chart and deploy/', () => {
      const names = CONFIGS.flatMap((c) => c.names)
      expect(names.filter((n) => n.startsWith('scheduler-config/'))).toHaveLength(5)
      for (const source of [
        /from the chart with .* second scheduler.*, for Kubernetes 1\.28\.7$/,
        /from the chart with mutual TLS .* second scheduler.*, for helm's newest Kubernetes$/,
        /from kubectl kustomize deploy\/second-scheduler$/,
        /from deploy\/second-scheduler with the cert-manager component$/,
      ])
        expect(names.filter((n) => source.test(n)).length, String(source)).toBeGreaterThan(0)
    })

    it('refuses an extender field v1 does not have, as the checks below rely on', async () => {
      const config = withLocalPaths(CONFIGS[0]!.config)
      const [extender] = config.extenders as Yaml[]
      const wrong = { ...config, extenders: [{ ...extender, filterVerbs: 'filter' }] }
      await expect(loaded('unknown-field', wrong)).rejects.toThrow(
        /unknown field \W+extenders\[0\]\.filterVerbs/
      )
    })

    it('refuses a TLS file that is not there, which is why the paths are replaced', async () => {
      const config = withLocalPaths(CONFIGS[0]!.config)
      const [extender] = config.extenders as Yaml[]
      const tlsConfig = { caFile: join(dir, 'absent.crt') }
      const wrong = { ...config, extenders: [{ ...extender, enableHTTPS: true, tlsConfig }] }
      await expect(loaded('absent-file', wrong)).rejects.toThrow(/couldn't build extenders/)
    })

    it('gives kube-scheduler a client certificate in every HTTPS configuration, which it loads at start', async () => {
      const https = CONFIGS.filter(({ config }) =>
        ((config.extenders ?? []) as Yaml[]).some((e) => e.enableHTTPS === true)
      )
      const names = https.flatMap((c) => c.names).join('\n')
      expect(names).toContain('scheduler-config/https.yaml')
      expect(names).toMatch(/from the chart with mutual TLS .* second scheduler/)
      expect(names).toContain('from deploy/second-scheduler with the cert-manager component')
      for (const { name, config } of https) {
        const [extender] = config.extenders as Yaml[]
        const fields = Object.keys((extender?.tlsConfig ?? {}) as Yaml).sort()
        expect([name, fields]).toEqual([name, ['caFile', 'certFile', 'keyFile', 'serverName']])
      }
      // kube-scheduler reads the client certificate when it builds the extender's client, at
      // start: a certificate file that is not there stops it there.
      const config = withLocalPaths(https[0]!.config)
      const [extender] = config.extenders as Yaml[]
      const tlsConfig = { ...(extender?.tlsConfig as Yaml), certFile: join(dir, 'absent.crt') }
      const wrong = { ...config, extenders: [{ ...extender, tlsConfig }] }
      await expect(loaded('absent-client-certificate', wrong)).rejects.toThrow(
        /couldn't build extenders/
      )
    })

    CONFIGS.forEach(({ name, config: shipped }, index) =>
      it(`${name} is loaded, with its extender and profiles as written`, async () => {
        const config = withLocalPaths(shipped)
        const out = await loaded(`config-${index}`, config)
        expect(out).toMatchObject(withoutFalse(config) as Yaml)
        const [written] = config.extenders as Yaml[]
        const [read] = out.extenders as Yaml[]
        expect(out.extenders).toHaveLength(1)
        for (const flag of ['nodeCacheCapable', 'ignorable', 'enableHTTPS'])
          expect([flag, read?.[flag] ?? false]).toEqual([flag, written?.[flag] ?? false])
      })
    )
  }
)
