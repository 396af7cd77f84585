import type { PlacementPod } from '../../src/placement/index.js'
import { node, placed, pod, type Cluster, type PodSpec } from './builders.js'

/**
 * NodeResourcesFit, with the facts of noderesources fit_test.go `TestEnoughRequests` (a node
 * of 10m cpu, 20 bytes of memory, 32 pods, 5 example.com/aaa, 20 bytes of ephemeral storage,
 * 5 hugepages-2Mi), the v1.34 unresolvable rule (a request above the whole allocatable), and
 * component-helpers PodRequests for sidecars, overhead and pod-level requests.
 */

export interface FitCase {
  readonly name: string
  readonly pod: PlacementPod
  readonly cluster: Cluster
  /** The reasons the node is rejected for; empty when it fits. */
  readonly reasons: readonly string[]
  readonly unresolvable?: boolean
  readonly detail?: string
}

const ALLOCATABLE = {
  cpu: '10m',
  memory: '20',
  pods: '32',
  'example.com/aaa': '5',
  'ephemeral-storage': '20',
  'hugepages-2Mi': '5',
}

/** The test node with a pod already requesting `used`. */
function usedNode(used: Record<string, string>, allocatable = ALLOCATABLE): Cluster {
  return {
    nodes: [node('n', { allocatable })],
    pods: [placed('n', { name: 'existing', requests: used })],
  }
}

const cpuMem = (cpu: number, memory: number) => ({ cpu: `${cpu}m`, memory: String(memory) })
const req = (cpu: number, memory: number, more: PodSpec = {}) =>
  pod({ requests: cpuMem(cpu, memory), ...more })
const init = (cpu: number, memory: number, sidecar = false) => ({
  requests: cpuMem(cpu, memory),
  sidecar,
})

export const FIT_CASES: readonly FitCase[] = [
  {
    name: 'no resources requested always fits, even on a full node',
    pod: pod(),
    cluster: usedNode(cpuMem(10, 20)),
    reasons: [],
  },
  {
    name: 'too many resources fails, counted once per resource',
    pod: req(1, 1),
    cluster: usedNode(cpuMem(10, 20)),
    reasons: ['Insufficient cpu', 'Insufficient memory'],
    unresolvable: false,
    detail: 'cpu: requests 1m, free 0; memory: requests 1, free 0',
  },
  {
    name: 'too many resources fails due to init container cpu',
    pod: req(1, 1, { initContainers: [init(3, 1)] }),
    cluster: usedNode(cpuMem(8, 19)),
    reasons: ['Insufficient cpu'],
  },
  {
    name: 'too many resources fails due to highest init container cpu',
    pod: req(1, 1, { initContainers: [init(3, 1), init(2, 1)] }),
    cluster: usedNode(cpuMem(8, 19)),
    reasons: ['Insufficient cpu'],
  },
  {
    name: 'too many resources fails due to init container memory',
    pod: req(1, 1, { initContainers: [init(1, 3)] }),
    cluster: usedNode(cpuMem(9, 19)),
    reasons: ['Insufficient memory'],
  },
  {
    name: "init container fits because it's the max, not sum, of containers and init containers",
    pod: req(1, 1, { initContainers: [init(1, 1)] }),
    cluster: usedNode(cpuMem(9, 19)),
    reasons: [],
  },
  {
    name: 'both resources fit',
    pod: req(1, 1),
    cluster: usedNode(cpuMem(5, 5)),
    reasons: [],
  },
  {
    name: 'one resource memory fits',
    pod: req(2, 1),
    cluster: usedNode(cpuMem(9, 5)),
    reasons: ['Insufficient cpu'],
    detail: 'cpu: requests 2m, free 1m',
  },
  {
    name: 'one resource cpu fits',
    pod: req(1, 2),
    cluster: usedNode(cpuMem(5, 19)),
    reasons: ['Insufficient memory'],
  },
  { name: 'equal edge case', pod: req(5, 1), cluster: usedNode(cpuMem(5, 19)), reasons: [] },
  {
    name: 'equal edge case for init container',
    pod: req(4, 1, { initContainers: [init(5, 1)] }),
    cluster: usedNode(cpuMem(5, 19)),
    reasons: [],
  },
  {
    name: 'a restartable init container (sidecar) adds to the containers, not only to the maximum',
    pod: req(5, 1, { initContainers: [init(3, 1, true)] }),
    cluster: usedNode(cpuMem(3, 0)),
    reasons: ['Insufficient cpu'],
    detail: 'cpu: requests 8m, free 7m',
  },
  {
    name: 'an init container after a sidecar runs beside it: their sum is the init maximum',
    pod: req(1, 1, { initContainers: [init(2, 1, true), init(6, 1)] }),
    cluster: usedNode(cpuMem(3, 0)),
    reasons: ['Insufficient cpu'],
    detail: 'cpu: requests 8m, free 7m',
  },
  {
    name: 'the pod overhead is added to the requests',
    pod: req(5, 1, { overhead: { cpu: '3m' } }),
    cluster: usedNode(cpuMem(3, 0)),
    reasons: ['Insufficient cpu'],
  },
  {
    name: 'pod-level requests replace the containers sum for cpu and memory',
    pod: req(9, 1, { podRequests: { cpu: '2m' } }),
    cluster: usedNode(cpuMem(5, 0)),
    reasons: [],
  },
  {
    name: 'extended resource fits',
    pod: pod({ requests: { 'example.com/aaa': '1' } }),
    cluster: usedNode({}),
    reasons: [],
  },
  {
    name: 'extended resource allocatable enforced: preemption may free it',
    pod: pod({ requests: { 'example.com/aaa': '1' } }),
    cluster: usedNode({ 'example.com/aaa': '5' }),
    reasons: ['Insufficient example.com/aaa'],
    unresolvable: false,
  },
  {
    name: 'a request above the whole allocatable is UnschedulableAndUnresolvable',
    pod: pod({ requests: { 'example.com/aaa': '10' } }),
    cluster: usedNode({}),
    reasons: ['Insufficient example.com/aaa'],
    unresolvable: true,
  },
  {
    name: 'an extended resource the node does not have at all is insufficient',
    pod: pod({ requests: { 'example.com/bbb': '1' } }),
    cluster: usedNode({}),
    reasons: ['Insufficient example.com/bbb'],
    unresolvable: true,
  },
  {
    name: 'a zero request is not checked, even on an overcommitted node',
    pod: pod({ requests: { cpu: '0', 'example.com/aaa': '0', memory: '1' } }),
    cluster: usedNode({ cpu: '20m' }),
    reasons: [],
  },
  {
    name: 'hugepages are counted as a scalar resource',
    pod: pod({ requests: { 'hugepages-2Mi': '3' } }),
    cluster: usedNode({ 'hugepages-2Mi': '3' }),
    reasons: ['Insufficient hugepages-2Mi'],
  },
  {
    name: 'ephemeral storage is enforced',
    pod: pod({ requests: { 'ephemeral-storage': '10' } }),
    cluster: usedNode({ 'ephemeral-storage': '15' }),
    reasons: ['Insufficient ephemeral-storage'],
  },
  {
    name: 'a resource name that is neither native nor extended is not counted',
    pod: pod({ requests: { storage: '100' } }),
    cluster: usedNode({}),
    reasons: [],
  },
  {
    name: 'a node at its pod count rejects even a pod that requests nothing',
    pod: pod(),
    cluster: usedNode({}, { ...ALLOCATABLE, pods: '1' }),
    reasons: ['Too many pods'],
    unresolvable: false,
    detail: 'pods: 1 placed, 1 allowed',
  },
  {
    name: 'a node short of pods and cpu is counted under both',
    pod: req(1, 0),
    cluster: usedNode(cpuMem(10, 0), { ...ALLOCATABLE, pods: '1' }),
    reasons: ['Too many pods', 'Insufficient cpu'],
  },
  {
    name: 'a cpu request rounds up to the milli: 0.0001 cores is 1m',
    pod: pod({ requests: { cpu: '0.0001' } }),
    cluster: usedNode(cpuMem(10, 0)),
    reasons: ['Insufficient cpu'],
  },
]
