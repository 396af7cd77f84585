import { connect, type Socket } from 'node:net'

/**
 * Raw-socket HTTP for the abuse suite: what fetch will not send (both Content-Length and
 * Transfer-Encoding, stalled headers, a body cut off mid-way) and what it will not show (the
 * exact bytes of a reply, whether and when the server closed the connection).
 */

export interface RawResponse {
  readonly status: number
  /** The status line's reason phrase, e.g. `Bad Request`. */
  readonly reason: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
}

export interface Exchange {
  /** Every complete (or, at close, close-delimited) response, in order. */
  readonly responses: RawResponse[]
  /** The server closed (or reset) the connection before the safety timeout. */
  readonly closed: boolean
  /** Milliseconds from connect to close (or to the safety timeout). */
  readonly elapsedMs: number
  readonly socketError: string | null
}

/** Parses one response at the start of `buf`; null while it is incomplete. */
function parseOne(buf: Buffer, atClose: boolean): { response: RawResponse; used: number } | null {
  const headEnd = buf.indexOf('\r\n\r\n')
  if (headEnd < 0) return null
  const [statusLine = '', ...lines] = buf.subarray(0, headEnd).toString('latin1').split('\r\n')
  const statusMatch = /^HTTP\/1\.[01] (\d{3}) ?(.*)$/.exec(statusLine)
  const status = Number(statusMatch?.[1] ?? NaN)
  const reason = statusMatch?.[2] ?? ''
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  const bodyStart = headEnd + 4
  const length = headers['content-length']
  if (length !== undefined) {
    const end = bodyStart + Number(length)
    if (buf.length < end)
      return atClose
        ? {
            response: { status, reason, headers, body: buf.subarray(bodyStart).toString('utf8') },
            used: buf.length,
          }
        : null
    return {
      response: { status, reason, headers, body: buf.subarray(bodyStart, end).toString('utf8') },
      used: end,
    }
  }
  if (headers['transfer-encoding']?.toLowerCase() === 'chunked') {
    let i = bodyStart
    const parts: Buffer[] = []
    for (;;) {
      const lineEnd = buf.indexOf('\r\n', i)
      if (lineEnd < 0) return null
      const size = parseInt(buf.subarray(i, lineEnd).toString('latin1'), 16)
      if (buf.length < lineEnd + 2 + size + 2) return null
      if (size === 0) {
        return {
          response: { status, reason, headers, body: Buffer.concat(parts).toString('utf8') },
          used: lineEnd + 4,
        }
      }
      parts.push(buf.subarray(lineEnd + 2, lineEnd + 2 + size))
      i = lineEnd + 2 + size + 2
    }
  }
  // No framing: the body runs to the close (what a bare 'Connection: close' reply does).
  if (!atClose) return null
  return {
    response: { status, reason, headers, body: buf.subarray(bodyStart).toString('utf8') },
    used: buf.length,
  }
}

export function parseResponses(buf: Buffer, atClose: boolean): RawResponse[] {
  const out: RawResponse[] = []
  let rest = buf
  while (rest.length > 0) {
    const one = parseOne(rest, atClose)
    if (one === null) break
    out.push(one.response)
    rest = rest.subarray(one.used)
  }
  return out
}

export interface ExchangeOptions {
  /** Writes to the socket; may stall, drip or destroy it. Runs once connected. */
  readonly send: (socket: Socket) => void | Promise<void>
  /** Resolve once this many responses are complete (default: only when the socket closes). */
  readonly untilResponses?: number
  /** Safety net: give up (and destroy the socket) after this long. */
  readonly timeoutMs?: number
}

/** One raw connection: connect, send, collect the replies until close (or enough replies). */
export function exchange(port: number, options: ExchangeOptions): Promise<Exchange> {
  return new Promise((resolve) => {
    const started = Date.now()
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    let socketError: string | null = null
    let done = false
    const finish = (closed: boolean): void => {
      if (done) return
      done = true
      clearTimeout(safety)
      const buf = Buffer.concat(chunks)
      resolve({
        responses: parseResponses(buf, closed),
        closed,
        elapsedMs: Date.now() - started,
        socketError,
      })
      socket.destroy()
    }
    const safety = setTimeout(() => finish(false), options.timeoutMs ?? 15_000)
    socket.on('data', (d: Buffer) => {
      chunks.push(d)
      if (options.untilResponses !== undefined) {
        if (parseResponses(Buffer.concat(chunks), false).length >= options.untilResponses)
          finish(false)
      }
    })
    socket.on('error', (err: NodeJS.ErrnoException) => {
      socketError = err.code ?? err.message
    })
    socket.on('close', () => finish(true))
    socket.once('connect', () => {
      Promise.resolve(options.send(socket)).catch((err: unknown) => {
        socketError = String(err)
      })
    })
  })
}

/** A request head; `headers` is written as given (order, case and duplicates kept). */
export function head(method: string, path: string, headers: readonly string[]): string {
  return `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers.map((h) => h + '\r\n').join('')}\r\n`
}

/** Writes `data`, resolving when it has been handed to the kernel (or the socket is gone). */
export function write(socket: Socket, data: string | Buffer): Promise<void> {
  return new Promise((resolve) => {
    if (socket.destroyed) {
      resolve()
      return
    }
    const ok = socket.write(data)
    if (ok) resolve()
    else {
      const settle = (): void => {
        socket.off('drain', settle)
        socket.off('close', settle)
        resolve()
      }
      socket.on('drain', settle)
      socket.on('close', settle)
    }
  })
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

/**
 * Sends a chunked body of about `total` bytes without a Content-Length (`{`, then blanks, then
 * `}`: valid JSON if it is ever allowed to end), stopping as soon as the server answers or
 * closes. Returns how many body bytes were written.
 */
export async function sendChunkedBody(
  socket: Socket,
  path: string,
  total: number
): Promise<number> {
  await write(
    socket,
    head('POST', path, ['Content-Type: application/json', 'Transfer-Encoding: chunked'])
  )
  const frameOf = (data: Buffer): Buffer =>
    Buffer.concat([Buffer.from(data.length.toString(16) + '\r\n'), data, Buffer.from('\r\n')])
  const blanks = frameOf(Buffer.alloc(64 * 1024, 0x20))
  let answered = false
  socket.once('data', () => (answered = true))
  await write(socket, frameOf(Buffer.from('{')))
  let sent = 1
  while (sent + 64 * 1024 < total && !answered && !socket.destroyed) {
    await write(socket, blanks)
    sent += 64 * 1024
  }
  if (!answered && !socket.destroyed) {
    // A zero-length frame would end the body early.
    if (total - sent - 1 > 0) await write(socket, frameOf(Buffer.alloc(total - sent - 1, 0x20)))
    await write(socket, frameOf(Buffer.from('}')))
    await write(socket, '0\r\n\r\n')
    sent = total
  }
  return sent
}
