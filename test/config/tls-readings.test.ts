import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readTlsMaterial, type TlsMaterial } from '../../src/config/index.js'
import type { RawFiles } from '../../src/config/tls-material.js'
import { TlsReadings, type TlsReadingOutcome } from '../../src/config/tls-watch.js'
import { CertificateWorkshop, type KeyPair } from '../support/certificates.js'

/**
 * What successive readings of the certificate files are reported as, one reading per poll,
 * without timers: a torn reading (taken between two writes of a rotation) must never be an
 * error, a bad state that stays must be one error, and a servable pair is taken at once.
 */

const workshop = new CertificateWorkshop()
let first: KeyPair
let second: KeyPair
beforeAll(() => {
  const ca = workshop.authority('ca')
  first = workshop.issue(ca, 'first', 'server')
  second = workshop.issue(ca, 'second', 'server')
})
afterAll(() => workshop.cleanup())

/** first, second: a whole pair; torn: second's certificate with first's key; gone: unreadable. */
type Reading = 'first' | 'second' | 'torn' | 'gone'
/** '-' nothing to report; 'first'/'second' a change to that pair; 'bad'/'unreadable' an error. */
type Report = '-' | 'first' | 'second' | 'bad' | 'unreadable'

const files = { certFile: 'tls.crt', keyFile: 'tls.key', clientCaFile: null }

function raw(reading: Exclude<Reading, 'gone'>): RawFiles {
  const cert = reading === 'first' ? first : second
  const key = reading === 'second' ? second : first
  return { cert: readFileSync(cert.certFile), key: readFileSync(key.keyFile), ca: null }
}

function readingOf(reading: Reading): RawFiles | Error {
  if (reading !== 'gone') return raw(reading)
  return Object.assign(new Error("ENOENT: no such file or directory, open 'tls.key'"), {
    code: 'ENOENT',
  })
}

function reportOf(outcome: TlsReadingOutcome): Report {
  if (outcome.kind === 'unchanged') return '-'
  if (outcome.kind === 'changed') {
    return outcome.material.summary.serialNumber === first.serialNumber ? 'first' : 'second'
  }
  return /ENOENT/.test(outcome.error.message) ? 'unreadable' : 'bad'
}

const cases: ReadonlyArray<{
  name: string
  readings: readonly Reading[]
  reports: readonly Report[]
}> = [
  {
    name: 'the bytes already served are never reported, however often they are read',
    readings: ['first', 'first', 'first'],
    reports: ['-', '-', '-'],
  },
  {
    name: 'a new pair read whole is a change at once, and not again while it stays',
    readings: ['second', 'second'],
    reports: ['second', '-'],
  },
  {
    name: 'a torn reading followed by the whole new pair is a change and no error',
    readings: ['torn', 'second'],
    reports: ['-', 'second'],
  },
  {
    name: 'a torn reading followed by the old pair again reports nothing at all',
    readings: ['torn', 'first'],
    reports: ['-', '-'],
  },
  {
    name: 'a certificate without its key for two readings is one error, and stays one while unchanged',
    readings: ['torn', 'torn', 'torn', 'torn'],
    reports: ['-', 'bad', '-', '-'],
  },
  {
    name: 'once the key follows a reported half-written pair, the whole pair is a change',
    readings: ['torn', 'torn', 'second'],
    reports: ['-', 'bad', 'second'],
  },
  {
    name: 'files unreadable for one reading and then back as they were report nothing',
    readings: ['gone', 'first'],
    reports: ['-', '-'],
  },
  {
    name: 'files unreadable for two readings are one error, however many more follow',
    readings: ['gone', 'gone', 'gone', 'gone'],
    reports: ['-', 'unreadable', '-', '-'],
  },
  {
    name: 'files readable again after a reported failure are a change, even to the pair served before',
    readings: ['gone', 'gone', 'first'],
    reports: ['-', 'unreadable', 'first'],
  },
  {
    name: 'a torn reading then unreadable files are two different states, so neither is confirmed',
    readings: ['torn', 'gone', 'torn', 'second'],
    reports: ['-', '-', '-', 'second'],
  },
  {
    name: 'a reported bad pair that turns unreadable is a new failure, confirmed on its own',
    readings: ['torn', 'torn', 'gone', 'gone'],
    reports: ['-', 'bad', '-', 'unreadable'],
  },
]

describe('TlsReadings', () => {
  let initial: TlsMaterial
  beforeAll(() => {
    initial = readTlsMaterial({ ...files, certFile: first.certFile, keyFile: first.keyFile })
  })

  it.each(cases)('$name', ({ readings, reports }) => {
    const tracker = new TlsReadings(files, initial)
    expect(readings.map((r) => reportOf(tracker.observe(readingOf(r))))).toEqual(reports)
  })

  it('reports the error of the reading that confirmed the bad state, naming the files', () => {
    const tracker = new TlsReadings(files, initial)
    tracker.observe(raw('torn'))
    const outcome = tracker.observe(raw('torn'))
    expect(outcome.kind === 'failed' && outcome.error.message).toBe(
      '--tls-private-key-file: tls.key is not the key of the first certificate in tls.crt'
    )
  })
})
