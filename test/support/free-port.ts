import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'

/**
 * A TCP port on 127.0.0.1 that nothing listens on right now: for a client pointed at a server
 * that will only start later. Another process could take it meanwhile; on a test host that is
 * rare enough.
 */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
