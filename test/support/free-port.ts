import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'

/** The lowest port a test server is given here: clear of the well-known and registered ones. */
const LOWEST = 10_000
/** Ports tried below the ephemeral range before falling back to one the system picks. */
const TRIES = 20

/**
 * A TCP port on 127.0.0.1 that nothing listens on right now, for a server a test starts later,
 * or stops and starts again, while a client keeps pointing at it.
 *
 * The port is taken below the system's ephemeral range where there is room. `listen(0)` and
 * every outgoing connection are given ports from that range, so no other socket of the tests,
 * the client's own reconnection attempts included, can be handed this one while it lies free;
 * only a process binding this very number could. Without the range (not Linux) or room below
 * it, the system picks one from the range, as `listen(0)` does.
 */
export async function freePort(): Promise<number> {
  const below = ephemeralRangeStart()
  if (below !== null && below - LOWEST >= 1000) {
    for (let i = 0; i < TRIES; i++) {
      const port = LOWEST + Math.floor(Math.random() * (below - LOWEST))
      if ((await tryListen(port)) !== null) return port
    }
  }
  const picked = await tryListen(0)
  if (picked === null) throw new Error('no free port on 127.0.0.1')
  return picked
}

/** The first port of Linux's ip_local_port_range, or null where there is none to read. */
function ephemeralRangeStart(): number | null {
  try {
    const first = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0]
    const port = Number(first)
    return Number.isInteger(port) && port > 0 ? port : null
  } catch {
    return null
  }
}

/** Listens on `port` (0: any), closes again, and says which port it was; null if it was taken. */
async function tryListen(port: number): Promise<number | null> {
  const server = createServer()
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => resolve(true))
  })
  if (!listening) return null
  const { port: bound } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return bound
}
