import { closeSync, existsSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs'
import { readFailureText } from '../core/index.js'
import { clusterConnection, findCluster, type ClusterConnection } from './cluster-source.js'
import { ConfigError, InputError } from './config-error.js'
import { OUTPUT_FORMATS } from './tool-flags.js'

/**
 * The input files of the tools and the cluster they fall back on. The pod file is read whole;
 * the nodes, pods, namespaces and budgets files are read part by part when the tool reads them,
 * so a cluster's worth of pods is never held whole.
 */

export type OutputFormat = (typeof OUTPUT_FORMATS)[number]

/** A file's text (or stdin's) and where it came from, for messages. */
export interface InputText {
  readonly text: string
  readonly origin: string
}

/** A file (or stdin) read in parts. */
export interface InputFile {
  readonly origin: string
  /**
   * The bytes from the start, part by part; each part is valid until the next is asked for.
   * Each call gives them all again (see openInput for what is read again and what is kept).
   */
  chunks(): Iterable<Uint8Array>
}

/** Told how far a read of a source has come (the tools' progress line). */
export interface SourceProgress {
  objects(origin: string, read: number, of: number | null): void
  end(): void
}

/**
 * Where nodes and pods come from: files (or `-` for stdin), or the cluster; `progress`, set by
 * a tool that shows how far its reads have come, is told as objects are read.
 */
export type ObjectSource = (
  | ({ readonly kind: 'file' } & InputFile)
  | { readonly kind: 'cluster'; readonly cluster: ClusterConnection }
) & { readonly progress?: SourceProgress }

/** Bytes read at a time: large enough that a read costs little beside decoding its bytes. */
const CHUNK_BYTES = 1 << 20

export function readInput(path: string, flag: string): InputText {
  try {
    return {
      text: readFileSync(path === '-' ? 0 : path, 'utf8'),
      origin: path === '-' ? 'stdin' : path,
    }
  } catch (err) {
    throw readFailure(path, flag, err)
  }
}

function readFailure(path: string, flag: string, err: unknown): ConfigError {
  return new InputError(
    `cannot read --${flag} ${path === '-' ? 'stdin' : path}: ${readFailureText(err)}`
  )
}

/** The next part of `fd` from `position` into `into`: the bytes read, none at the end. */
function readPart(fd: number, into: Buffer, position: number, path: string, flag: string): Buffer {
  try {
    return into.subarray(0, readSync(fd, into, 0, into.length, position))
  } catch (err) {
    throw readFailure(path, flag, err)
  }
}

function openFile(path: string, flag: string): number {
  try {
    return openSync(path, 'r')
  } catch (err) {
    throw readFailure(path, flag, err)
  }
}

/**
 * A regular file's parts: `first`, read when it was opened, then the rest from where it ended,
 * so no byte is read twice in one pass. A second pass (a document read again as text) reads
 * the rest again, which a regular file allows.
 */
function* regularFileChunks(path: string, flag: string, first: Uint8Array): Generator<Uint8Array> {
  // An empty file has no part, as a read of it gives none.
  if (first.length === 0) return
  yield first
  const fd = openFile(path, flag)
  const chunk = Buffer.allocUnsafe(CHUNK_BYTES)
  try {
    for (let position = first.length; ;) {
      const part = readPart(fd, chunk, position, path, flag)
      if (part.length === 0) return
      position += part.length
      yield part
    }
  } finally {
    closeSync(fd)
  }
}

/**
 * A file to read in parts; one that cannot be read is refused now, as a file read whole would
 * be: its first part is read to find out, and kept as the first part the reads give. Stdin, a
 * pipe (`--pods <(kubectl get pods -A -o json)`), a socket or a device can be read only once:
 * such an input is read whole now, and its bytes given to every read.
 */
export function openInput(path: string, flag: string): InputFile {
  if (path === '-') {
    const bytes = readWhole(0, '-', flag)
    return { origin: 'stdin', chunks: () => [bytes] }
  }
  const fd = openFile(path, flag)
  try {
    if (!isRegularFile(fd, path, flag)) {
      const bytes = readWhole(fd, path, flag)
      return { origin: path, chunks: () => [bytes] }
    }
    const first = readPart(fd, Buffer.allocUnsafe(CHUNK_BYTES), 0, path, flag)
    return { origin: path, chunks: () => regularFileChunks(path, flag, first) }
  } finally {
    closeSync(fd)
  }
}

function isRegularFile(fd: number, path: string, flag: string): boolean {
  try {
    return fstatSync(fd).isFile()
  } catch (err) {
    throw readFailure(path, flag, err)
  }
}

function readWhole(fd: number, path: string, flag: string): Uint8Array {
  try {
    return readFileSync(fd)
  } catch (err) {
    throw readFailure(path, flag, err)
  }
}

export function outputOf(value: unknown): OutputFormat {
  if (value === undefined) return 'table'
  const known = OUTPUT_FORMATS as readonly unknown[]
  if (known.includes(value)) return value as OutputFormat
  throw new ConfigError(
    `-o ${String(value)}: not an output format (choose one of ${OUTPUT_FORMATS.join(', ')})`
  )
}

export const NO_CLUSTER = "(--kubeconfig, KUBECONFIG, ~/.kube/config or a pod's service account)"

export function sourceOf(
  value: unknown,
  flag: string,
  cluster: ClusterConnection | null
): ObjectSource {
  if (typeof value === 'string') return { kind: 'file', ...openInput(value, flag) }
  if (cluster !== null) return { kind: 'cluster', cluster }
  throw new ConfigError(`--${flag} FILE is required when no cluster is found ${NO_CLUSTER}`)
}

/** The cluster is looked for only when some input is not a file: files alone need none. */
export function clusterFor(
  values: Record<string, unknown>,
  env: Readonly<Record<string, string | undefined>>,
  needed: boolean
): ClusterConnection | null {
  if (!needed) return null
  const flag = typeof values.kubeconfig === 'string' ? values.kubeconfig : undefined
  const context = typeof values.context === 'string' ? values.context : null
  const source = findCluster({ flag, env, fileExists: existsSync, homeKubeconfig: true })
  return source === null ? null : clusterConnection(source, env, context)
}
