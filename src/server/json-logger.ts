import type { LogFields, Logger, LogLevel } from '../extender/index.js'

const LEVEL_RANK: Readonly<Record<LogLevel, number>> = { debug: 0, info: 1, warn: 2, error: 3 }

/**
 * One JSON object per line, in the shape of Kubernetes components' `--logging-format=json`
 * (`ts` as Unix seconds, `msg`, then fields), with `level` spelled out. Written synchronously to
 * stderr so a crash cannot swallow the last lines; volume is small because nothing is logged
 * per request below debug.
 */
export class JsonLogger implements Logger {
  readonly #minRank: number
  readonly #write: (line: string) => void
  readonly #bindings: LogFields

  constructor(
    level: LogLevel,
    write: (line: string) => void = (line) => process.stderr.write(line),
    bindings: LogFields = {}
  ) {
    this.#minRank = LEVEL_RANK[level]
    this.#write = write
    this.#bindings = bindings
  }

  /** A logger that adds `bindings` to every line (e.g. the component). */
  child(bindings: LogFields): JsonLogger {
    const level = (Object.keys(LEVEL_RANK) as LogLevel[]).find(
      (l) => LEVEL_RANK[l] === this.#minRank
    )
    return new JsonLogger(level ?? 'info', this.#write, { ...this.#bindings, ...bindings })
  }

  isEnabled(level: LogLevel): boolean {
    return LEVEL_RANK[level] >= this.#minRank
  }

  debug(msg: string, fields?: LogFields): void {
    this.#log('debug', msg, fields)
  }

  info(msg: string, fields?: LogFields): void {
    this.#log('info', msg, fields)
  }

  warn(msg: string, fields?: LogFields): void {
    this.#log('warn', msg, fields)
  }

  error(msg: string, fields?: LogFields): void {
    this.#log('error', msg, fields)
  }

  #log(level: LogLevel, msg: string, fields: LogFields | undefined): void {
    if (LEVEL_RANK[level] < this.#minRank) return
    const record = { ts: Date.now() / 1000, level, msg, ...this.#bindings, ...fields }
    let line: string
    try {
      line = JSON.stringify(record, errorReplacer)
    } catch {
      line = JSON.stringify({
        ts: record.ts,
        level,
        msg,
        err: 'log fields could not be serialised',
      })
    }
    this.#write(line + '\n')
  }
}

function errorReplacer(_key: string, value: unknown): unknown {
  if (value instanceof Error) return value.message
  if (typeof value === 'bigint') return value.toString()
  return value
}
