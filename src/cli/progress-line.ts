import type { ObjectSource, SourceProgress } from '../config/index.js'
import type { Terminal, ToolIo } from './tool-exit.js'

/**
 * One line on stderr, rewritten in place, saying how far a long read has come: the objects read
 * and, when the API server says how many are left (`metadata.remainingItemCount`), of how many.
 * Shown only once reading has taken about a second, so a quick read writes nothing, and only
 * where the command decides a person watches (see progressWanted); cleared when a read ends.
 */

/** What a read reports as it goes; `end` when it has ended (or failed): the line goes. */
export type ReadProgress = SourceProgress

/** Reading this long before a line shows: shorter reads finish before anyone waits. */
const SHOW_AFTER_MS = 1000
/** A terminal redrawn more often than this only flickers. */
const REDRAW_EVERY_MS = 100
/** Return to the line's start and clear it (ECMA-48 CR, EL). */
const CLEAR_LINE = '\r\x1b[K'

export class ProgressLine implements ReadProgress {
  readonly #write: (text: string) => void
  readonly #now: () => number
  readonly #started: number
  #drawnAt: number | null = null

  constructor(write: (text: string) => void, now: () => number = () => performance.now()) {
    this.#write = write
    this.#now = now
    this.#started = now()
  }

  objects(origin: string, read: number, of: number | null): void {
    const now = this.#now()
    if (now - this.#started < SHOW_AFTER_MS) return
    if (this.#drawnAt !== null && now - this.#drawnAt < REDRAW_EVERY_MS) return
    this.#drawnAt = now
    const total = of !== null && of >= read ? ` of ${of}` : ''
    this.#write(`${CLEAR_LINE}reading ${origin}: ${read}${total} objects`)
  }

  end(): void {
    if (this.#drawnAt === null) return
    this.#drawnAt = null
    this.#write(CLEAR_LINE)
  }
}

/**
 * Only on a terminal's stderr, and not while `-o json|yaml` goes to a pipe or a file: that output
 * is for a program, and whoever runs one so wants nothing but it and its errors.
 */
export function progressWanted(terminal: Terminal | undefined, output: string): boolean {
  if (terminal === undefined || !terminal.stderrIsTerminal) return false
  return terminal.stdoutIsTerminal || (output !== 'json' && output !== 'yaml')
}

interface ReadSources {
  readonly output: string
  readonly nodes: ObjectSource
  readonly pods: ObjectSource | null
}

/** The options with their nodes and pods telling one progress line, where one is wanted. */
export function showingProgress<T extends ReadSources>(options: T, io: ToolIo): T {
  if (!progressWanted(io.terminal, options.output)) return options
  const progress = new ProgressLine(io.stderr)
  const pods = options.pods === null ? null : { ...options.pods, progress }
  return { ...options, nodes: { ...options.nodes, progress }, pods }
}
