import { copyFileSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ConfigError,
  readTlsMaterial,
  watchTlsMaterial,
  type TlsMaterial,
} from '../../src/config/index.js'
import { CertificateWorkshop, type KeyPair } from '../support/certificates.js'
import { thrownMessage } from '../support/thrown-message.js'
import { eventually } from '../support/eventually.js'

/**
 * Reading the PEM files (refused at start with the file named) and watching them for rotation:
 * in-place rewrites, a half-written pair, and a Kubernetes Secret volume's symlink swap.
 */

const workshop = new CertificateWorkshop()
let ca: KeyPair
let first: KeyPair
let second: KeyPair
let otherAuthority: KeyPair
beforeAll(() => {
  ca = workshop.authority('ca')
  otherAuthority = workshop.authority('other-ca')
  first = workshop.issue(ca, 'first', 'server')
  second = workshop.issue(ca, 'second', 'server')
})
afterAll(() => workshop.cleanup())

function scratch(name: string, contents: string | Buffer): string {
  const path = join(workshop.dir, name)
  writeFileSync(path, contents)
  return path
}

/** Replaces a file in one step (write aside, rename), so the watcher never sees half a file. */
function replace(path: string, from: string): void {
  copyFileSync(from, `${path}.tmp`)
  renameSync(`${path}.tmp`, path)
}

/** Ten polling intervals: long enough for a stopped or settled watcher to have spoken. */
const quietPeriod = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 100))

const readError = (files: Parameters<typeof readTlsMaterial>[0]): string =>
  thrownMessage(ConfigError, () => readTlsMaterial(files))

describe('readTlsMaterial', () => {
  it('returns the bytes and what to log about the certificate', () => {
    const material = readTlsMaterial({
      certFile: first.certFile,
      keyFile: first.keyFile,
      clientCaFile: ca.certFile,
    })
    expect(material.cert.equals(first.cert)).toBe(true)
    expect(material.key.equals(first.key)).toBe(true)
    expect(material.ca?.equals(ca.cert)).toBe(true)
    expect(material.summary).toMatchObject({
      subject: 'CN=first',
      serialNumber: first.serialNumber,
    })
  })

  it('names the file that is not a certificate, not a key, or not there', () => {
    const junk = scratch('junk.pem', 'hello\n')
    const ok = { certFile: first.certFile, keyFile: first.keyFile, clientCaFile: null }
    expect(readError({ ...ok, certFile: junk })).toBe(
      `--tls-cert-file: ${junk} holds no PEM certificate`
    )
    expect(readError({ ...ok, keyFile: junk })).toMatch(
      `--tls-private-key-file: ${junk} is not a PEM private key`
    )
    expect(readError({ ...ok, clientCaFile: junk })).toBe(
      `--client-ca-file: ${junk} holds no PEM certificate`
    )
    const broken = scratch(
      'broken.crt',
      '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n'
    )
    expect(readError({ ...ok, certFile: broken })).toMatch(
      `--tls-cert-file: certificate 1 in ${broken} does not parse`
    )
    for (const [flag, field] of [
      ['tls-cert-file', 'certFile'],
      ['tls-private-key-file', 'keyFile'],
      ['client-ca-file', 'clientCaFile'],
    ] as const) {
      const absent = join(workshop.dir, 'absent.pem')
      expect(readError({ ...ok, [field]: absent })).toMatch(
        new RegExp(`^--${flag}: cannot read ${absent}: ENOENT`)
      )
    }
  })

  it('refuses a key that is not the certificate’s', () => {
    expect(
      readError({ certFile: first.certFile, keyFile: second.keyFile, clientCaFile: null })
    ).toBe(
      `--tls-private-key-file: ${second.keyFile} is not the key of the first certificate in ${first.certFile}`
    )
  })
})

describe('watchTlsMaterial', () => {
  function watch(files: Parameters<typeof readTlsMaterial>[0]) {
    const changes: TlsMaterial[] = []
    const errors: Error[] = []
    const stop = watchTlsMaterial(files, {
      initial: readTlsMaterial(files),
      onChange: (m) => changes.push(m),
      onError: (e) => errors.push(e),
      intervalMs: 10,
    })
    return { changes, errors, stop }
  }

  it('reports a rewritten pair once, and a half-written pair as an error, never as a change', async () => {
    const certFile = scratch('live.crt', first.cert)
    const keyFile = scratch('live.key', first.key)
    const watcher = watch({ certFile, keyFile, clientCaFile: null })
    try {
      replace(certFile, second.certFile)
      await eventually(() => expect(watcher.errors.length).toBe(1))
      expect(watcher.errors[0]?.message).toMatch(/is not the key of the first certificate/)
      expect(watcher.changes).toEqual([])

      replace(keyFile, second.keyFile)
      await eventually(() => expect(watcher.changes.length).toBe(1))
      expect(watcher.changes[0]?.summary.serialNumber).toBe(second.serialNumber)
      // Unchanged files are not reported again.
      await quietPeriod()
      expect(watcher.changes.length).toBe(1)
      expect(watcher.errors.length).toBe(1)
    } finally {
      watcher.stop()
    }
  })

  it('sees a Kubernetes Secret volume update: the ..data symlink swapped to a new directory', async () => {
    // The layout kubelet's atomic writer makes: tls.crt -> ..data/tls.crt, ..data -> ..<ts>.
    const volume = join(workshop.dir, 'secret-volume')
    const publish = (version: string, pair: KeyPair): void => {
      mkdirSync(join(volume, version), { recursive: true })
      copyFileSync(pair.certFile, join(volume, version, 'tls.crt'))
      copyFileSync(pair.keyFile, join(volume, version, 'tls.key'))
      symlinkSync(version, join(volume, '..data_tmp'))
      renameSync(join(volume, '..data_tmp'), join(volume, '..data'))
    }
    publish('..v1', first)
    symlinkSync('..data/tls.crt', join(volume, 'tls.crt'))
    symlinkSync('..data/tls.key', join(volume, 'tls.key'))
    const files = {
      certFile: join(volume, 'tls.crt'),
      keyFile: join(volume, 'tls.key'),
      clientCaFile: null,
    }
    const watcher = watch(files)
    try {
      publish('..v2', second)
      await eventually(() => expect(watcher.changes.length).toBe(1))
      expect(watcher.changes[0]?.summary.serialNumber).toBe(second.serialNumber)
      expect(watcher.errors).toEqual([])
    } finally {
      watcher.stop()
    }
  })

  it('reports files it cannot read once while they stay so, and the pair readable again as a change', async () => {
    const certFile = scratch('vanishing.crt', first.cert)
    const keyFile = scratch('vanishing.key', first.key)
    const watcher = watch({ certFile, keyFile, clientCaFile: null })
    try {
      rmSync(keyFile)
      await eventually(() => expect(watcher.errors.length).toBe(1))
      expect(watcher.errors[0]?.message).toMatch(/ENOENT/)
      await quietPeriod()
      expect(watcher.errors.length).toBe(1)

      replace(certFile, second.certFile)
      replace(keyFile, second.keyFile)
      await eventually(() => expect(watcher.changes.length).toBe(1))
      expect(watcher.changes[0]?.summary.serialNumber).toBe(second.serialNumber)
      expect(watcher.errors.length).toBe(1)
    } finally {
      watcher.stop()
    }
  })

  it('sees a new client CA bundle as a change, served with the same pair', async () => {
    const certFile = scratch('mtls.crt', first.cert)
    const keyFile = scratch('mtls.key', first.key)
    const clientCaFile = scratch('clients.crt', ca.cert)
    const watcher = watch({ certFile, keyFile, clientCaFile })
    try {
      replace(clientCaFile, otherAuthority.certFile)
      await eventually(() => expect(watcher.changes.length).toBe(1))
      expect(watcher.changes[0]?.ca).toEqual(otherAuthority.cert)
      expect(watcher.changes[0]?.summary.serialNumber).toBe(first.serialNumber)
      expect(watcher.errors).toEqual([])
    } finally {
      watcher.stop()
    }
  })

  it('reports a change the server refuses as an error, and goes on watching', async () => {
    const certFile = scratch('refused.crt', first.cert)
    const keyFile = scratch('refused.key', first.key)
    const files = { certFile, keyFile, clientCaFile: null }
    const served: string[] = []
    const errors: string[] = []
    const stop = watchTlsMaterial(files, {
      initial: readTlsMaterial(files),
      onChange: (m) => {
        if (served.push(m.summary.serialNumber) === 1) throw new Error('secure context refused')
      },
      onError: (e) => errors.push(e.message),
      intervalMs: 10,
    })
    try {
      replace(certFile, second.certFile)
      replace(keyFile, second.keyFile)
      await eventually(() => expect(errors).toEqual(['secure context refused']))
      replace(certFile, first.certFile)
      replace(keyFile, first.keyFile)
      await eventually(() => expect(served).toEqual([second.serialNumber, first.serialNumber]))
      expect(errors).toEqual(['secure context refused'])
    } finally {
      stop()
    }
  })

  it('stops when told to', async () => {
    const certFile = scratch('stopped.crt', first.cert)
    const keyFile = scratch('stopped.key', first.key)
    const watcher = watch({ certFile, keyFile, clientCaFile: null })
    watcher.stop()
    replace(certFile, second.certFile)
    replace(keyFile, second.keyFile)
    await quietPeriod()
    expect(watcher.changes).toEqual([])
    expect(watcher.errors).toEqual([])
  })
})
