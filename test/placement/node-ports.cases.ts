import type { HostPort, PlacementPod } from '../../src/placement/index.js'
import { node, placed, pod, type Cluster } from './builders.js'

/**
 * NodePorts, with the facts of nodeports node_ports_test.go `TestNodePorts` (written there as
 * `protocol/hostIP/hostPort`), and `HostPortInfo.sanitize`: no protocol is TCP, no address the
 * wildcard 0.0.0.0.
 */

export interface PortsCase {
  readonly name: string
  readonly pod: PlacementPod
  readonly cluster: Cluster
  readonly conflicts: boolean
}

function ports(...specs: string[]): HostPort[] {
  return specs.map((spec) => {
    const [protocol = '', hostIP = '', port = '0'] = spec.split('/')
    return { protocol, hostIP, hostPort: Number(port) }
  })
}

function row(name: string, wanted: string[], existing: string[], conflicts: boolean): PortsCase {
  return {
    name,
    pod: pod({ hostPorts: ports(...wanted) }),
    cluster: {
      nodes: [node('n')],
      pods: existing.length === 0 ? [] : [placed('n', { hostPorts: ports(...existing) })],
    },
    conflicts,
  }
}

export const PORTS_CASES: readonly PortsCase[] = [
  row('nothing running', ['UDP/127.0.0.1/8080'], [], false),
  row('other port', ['UDP/127.0.0.1/8080'], ['UDP/127.0.0.1/9090'], false),
  row('same udp port', ['UDP/127.0.0.1/8080'], ['UDP/127.0.0.1/8080'], true),
  row('same tcp port', ['TCP/127.0.0.1/8080'], ['TCP/127.0.0.1/8080'], true),
  row('different host ip', ['TCP/127.0.0.1/8080'], ['TCP/127.0.0.2/8080'], false),
  row('different protocol', ['UDP/127.0.0.1/8080'], ['TCP/127.0.0.1/8080'], false),
  row(
    'second udp port conflict',
    ['UDP/127.0.0.1/8000', 'UDP/127.0.0.1/8080'],
    ['UDP/127.0.0.1/8080'],
    true
  ),
  row(
    'first tcp port conflict',
    ['TCP/127.0.0.1/8001', 'UDP/127.0.0.1/8080'],
    ['TCP/127.0.0.1/8001', 'UDP/127.0.0.1/8081'],
    true
  ),
  row(
    'first tcp port conflict due to 0.0.0.0 hostIP',
    ['TCP/0.0.0.0/8001'],
    ['TCP/127.0.0.1/8001'],
    true
  ),
  row(
    'TCP hostPort conflict due to 0.0.0.0 hostIP',
    ['TCP/10.0.10.10/8001', 'TCP/0.0.0.0/8001'],
    ['TCP/127.0.0.1/8001'],
    true
  ),
  row(
    'second tcp port conflict to 0.0.0.0 hostIP',
    ['TCP/127.0.0.1/8001'],
    ['TCP/0.0.0.0/8001'],
    true
  ),
  row('second different protocol', ['UDP/127.0.0.1/8001'], ['TCP/0.0.0.0/8001'], false),
  row(
    'UDP hostPort conflict due to 0.0.0.0 hostIP',
    ['TCP/0.0.0.0/8001', 'UDP/0.0.0.0/8001'],
    ['TCP/127.0.0.1/8001'],
    true
  ),
  row('an unset protocol is TCP', ['/127.0.0.1/8080'], ['TCP/127.0.0.1/8080'], true),
  row('an unset address is the wildcard', ['TCP//8080'], ['TCP/10.1.1.1/8080'], true),
]
