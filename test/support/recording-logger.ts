import type { LogFields, Logger, LogLevel } from '../../src/extender/ports.js'

export interface LogEntry {
  readonly level: LogLevel
  readonly msg: string
  readonly fields: LogFields | undefined
}

/** A Logger that keeps every entry, at every level, for assertions. */
export class RecordingLogger implements Logger {
  readonly entries: LogEntry[] = []

  isEnabled(): boolean {
    return true
  }
  debug(msg: string, fields?: LogFields): void {
    this.entries.push({ level: 'debug', msg, fields })
  }
  info(msg: string, fields?: LogFields): void {
    this.entries.push({ level: 'info', msg, fields })
  }
  warn(msg: string, fields?: LogFields): void {
    this.entries.push({ level: 'warn', msg, fields })
  }
  error(msg: string, fields?: LogFields): void {
    this.entries.push({ level: 'error', msg, fields })
  }

  /** Entries whose message contains `text`. */
  matching(text: string): LogEntry[] {
    return this.entries.filter((e) => e.msg.includes(text))
  }

  /** Everything logged, as one string (to check that no secret appears anywhere). */
  text(): string {
    return JSON.stringify(this.entries)
  }
}
