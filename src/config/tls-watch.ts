import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { TlsFiles } from './tls-flags.js'
import { parseTlsMaterial, type RawFiles, type TlsMaterial } from './tls-material.js'

/** What one reading of the files means for the server. */
export type TlsReadingOutcome =
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'changed'; readonly material: TlsMaterial }
  | { readonly kind: 'failed'; readonly error: Error }

const UNCHANGED: TlsReadingOutcome = { kind: 'unchanged' }
/** One mark for every unreadable state, so a streak of failures is reported once. */
const UNREADABLE = 'unreadable'

function fingerprint(raw: RawFiles): string {
  const hash = createHash('sha256')
  for (const part of [raw.cert, raw.key, raw.ca ?? Buffer.alloc(0)]) {
    hash.update(String(part.length)).update(':').update(part)
  }
  return hash.digest('hex')
}

/**
 * Turns successive readings of the files into what to report.
 *
 * A rotation writes the files one at a time, and a poll can read between two writes: the new
 * certificate with the old key, or, in a Secret volume, one file through the old `..data` and
 * the other through the new. So a reading that cannot be served is reported only when the next
 * reading finds the same bytes (or the files still unreadable): a state that stood for a whole
 * interval. A torn reading one poll long is never an error. A reading that can be served is
 * taken at once, since parseTlsMaterial has checked that the key belongs to the certificate.
 * A bad state is reported once, and only a change of bytes is looked at again.
 */
export class TlsReadings {
  readonly #files: TlsFiles
  /** The bytes last served or last reported as bad. */
  #settled: string
  /** Bad bytes seen once, waiting for a second reading to confirm them. */
  #suspect: string | null = null

  constructor(files: TlsFiles, initial: TlsMaterial) {
    this.#files = files
    this.#settled = fingerprint(initial)
  }

  /** `reading` is the bytes read, or the error that reading them threw. */
  observe(reading: RawFiles | Error): TlsReadingOutcome {
    const print = reading instanceof Error ? UNREADABLE : fingerprint(reading)
    if (print === this.#settled) {
      this.#suspect = null
      return UNCHANGED
    }
    let error: Error
    if (reading instanceof Error) {
      error = reading
    } else {
      try {
        const material = parseTlsMaterial(this.#files, reading)
        this.#settle(print)
        return { kind: 'changed', material }
      } catch (err) {
        error = err as Error
      }
    }
    if (print !== this.#suspect) {
      this.#suspect = print
      return UNCHANGED
    }
    this.#settle(print)
    return { kind: 'failed', error }
  }

  #settle(print: string): void {
    this.#settled = print
    this.#suspect = null
  }
}

async function readRaw(files: TlsFiles): Promise<RawFiles> {
  const [cert, key, ca] = await Promise.all([
    readFile(files.certFile),
    readFile(files.keyFile),
    files.clientCaFile === null ? Promise.resolve(null) : readFile(files.clientCaFile),
  ])
  return { cert, key, ca }
}

export interface TlsWatchOptions {
  /** The material being served now, so only a real change is reported. */
  readonly initial: TlsMaterial
  readonly onChange: (material: TlsMaterial) => void
  /** Files that changed but cannot be served (unreadable, bad PEM, key and cert apart). */
  readonly onError: (err: Error) => void
  readonly intervalMs?: number
}

/**
 * Re-reads the files every `intervalMs` and calls `onChange` when their contents changed and
 * check out, `onError` when they changed and have stayed unservable for an interval (see
 * TlsReadings). Returns a function that stops watching.
 *
 * Polling contents rather than fs.watch: a Kubernetes Secret volume is updated by swapping a
 * `..data` symlink to a new directory, so an inotify watch on the old file sees its target
 * deleted and then nothing ever again; editors and cert-manager may also rewrite in place
 * within one mtime tick. Hashing three small files each second is cheap and sees all of these.
 * While the files are bad, the previous certificate keeps being served.
 */
export function watchTlsMaterial(files: TlsFiles, options: TlsWatchOptions): () => void {
  const { initial, onChange, onError, intervalMs = 1000 } = options
  const readings = new TlsReadings(files, initial)
  let busy = false
  const poll = async (): Promise<void> => {
    const outcome = readings.observe(await readRaw(files).catch((err: Error) => err))
    if (outcome.kind === 'failed') onError(outcome.error)
    if (outcome.kind !== 'changed') return
    try {
      onChange(outcome.material)
    } catch (err) {
      // A material that parsed but that the TLS stack refused: the same report as a bad file.
      onError(err as Error)
    }
  }
  const timer = setInterval(() => {
    if (busy) return
    busy = true
    void poll().finally(() => (busy = false))
  }, intervalMs)
  // The servers keep the process alive; a watcher alone must not.
  timer.unref()
  return () => clearInterval(timer)
}
