import type { HostPort } from './cluster-pod.js'

/**
 * The host ports a node's pods hold (pkg/scheduler/framework types.go `HostPortInfo`): address →
 * the protocol/port pairs on it, with `sanitize`'s defaults (an unset protocol is TCP, an unset
 * address the wildcard 0.0.0.0). Each pair keeps how many pods hold it, so that taking one of two
 * holders off the node (a preemption victim) leaves the port held, as NodePorts judged it before
 * the snapshot: by the pods still on the node.
 */

const WILDCARD = '0.0.0.0'

export function sanitizedPort(port: HostPort): { ip: string; key: string } {
  return {
    ip: port.hostIP === '' ? WILDCARD : port.hostIP,
    key: `${port.protocol === '' ? 'TCP' : port.protocol}/${port.hostPort}`,
  }
}

export class HostPortInfo {
  readonly #byIp = new Map<string, Map<string, number>>()

  /** `Add` (delta 1) or `Remove` (delta -1) of one port; ports without a hostPort hold nothing. */
  change(port: HostPort, delta: 1 | -1): void {
    if (port.hostPort <= 0) return
    const { ip, key } = sanitizedPort(port)
    let keys = this.#byIp.get(ip)
    if (keys === undefined) {
      keys = new Map()
      this.#byIp.set(ip, keys)
    }
    const count = (keys.get(key) ?? 0) + delta
    if (count > 0) keys.set(key, count)
    else keys.delete(key)
    if (keys.size === 0) this.#byIp.delete(ip)
  }

  /** `CheckConflict`: the wildcard conflicts with every address, and every address with it. */
  conflicts(port: HostPort): boolean {
    if (port.hostPort <= 0) return false
    const { ip, key } = sanitizedPort(port)
    if (ip === WILDCARD) {
      for (const keys of this.#byIp.values()) if (keys.has(key)) return true
      return false
    }
    return this.#byIp.get(WILDCARD)?.has(key) === true || this.#byIp.get(ip)?.has(key) === true
  }

  clone(): HostPortInfo {
    const copy = new HostPortInfo()
    for (const [ip, keys] of this.#byIp) copy.#byIp.set(ip, new Map(keys))
    return copy
  }

  /** `ip protocol/port ×count` lines, sorted: what two equal infos share. */
  entries(): string[] {
    const lines: string[] = []
    for (const [ip, keys] of this.#byIp)
      for (const [key, count] of keys) lines.push(`${ip} ${key} x${count}`)
    return lines.sort()
  }
}
