import fc from 'fast-check'
import type { Json } from './json-paths.js'

/**
 * Pods and Nodes as `kubectl get -o json` prints them, with every field the manifest and
 * placement decoders read, drawn from small pools so that generated objects repeat strings and
 * sit on the edges the decoders check (quantities that do not parse or are negative, label keys
 * a selector refuses, weights out of range, int32 limits).
 */

const NAMES = ['', 'a', 'web-0', 'node-1', 'ns-1', 'A', '__proto__']
const LABEL_KEYS = ['app', 'tier', 'topology.kubernetes.io/zone', 'a/b/c', '', '__proto__', 'App']
const QUANTITIES: Json[] = ['250m', '1Gi', '0.5', '2', '1e3', 3, 1.5, '512Mi']
const ODD_QUANTITIES: Json[] = ['-1', 'x', '']
const OPERATORS = ['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt', 'in', '']
const INTEGERS: Json[] = [1, 50, 100, 2147483647]
const ODD_INTEGERS: Json[] = [0, 101, -1, 2147483648, 1.5]

/** Mostly values the API server admits, now and then one on an edge a decoder checks. */
function edgy<T>(usual: readonly T[], odd: readonly T[]): fc.Arbitrary<T> {
  return fc.oneof(
    { weight: 15, arbitrary: fc.constantFrom(...usual) },
    { weight: 1, arbitrary: fc.constantFrom(...odd) }
  )
}

const name = fc.constantFrom(...NAMES)
const integer = edgy(INTEGERS, ODD_INTEGERS)
const labels = fc.dictionary(fc.constantFrom(...LABEL_KEYS), name, { maxKeys: 3 })
const resources = fc.dictionary(
  fc.constantFrom('cpu', 'memory', 'pods', 'x/y'),
  edgy(QUANTITIES, ODD_QUANTITIES),
  { maxKeys: 3 }
)

const requirement = fc.record(
  {
    key: fc.constantFrom(...LABEL_KEYS),
    operator: fc.constantFrom(...OPERATORS),
    values: fc.array(name, { maxLength: 2 }),
  },
  { requiredKeys: ['key', 'operator'] }
)
const selector = fc.record(
  { matchLabels: labels, matchExpressions: fc.array(requirement, { maxLength: 2 }) },
  { requiredKeys: [] }
)
const nodeTerm = fc.record(
  {
    matchExpressions: fc.array(requirement, { maxLength: 2 }),
    matchFields: fc.array(requirement, { maxLength: 1 }),
  },
  { requiredKeys: [] }
)
const podTerm = fc.record(
  {
    labelSelector: selector,
    namespaces: fc.array(name, { maxLength: 2 }),
    namespaceSelector: selector,
    topologyKey: fc.constantFrom('kubernetes.io/hostname', ''),
  },
  { requiredKeys: ['topologyKey'] }
)
const weighted = fc.record({ weight: integer, podAffinityTerm: podTerm })
const podAffinity = fc.record(
  {
    requiredDuringSchedulingIgnoredDuringExecution: fc.array(podTerm, { maxLength: 2 }),
    preferredDuringSchedulingIgnoredDuringExecution: fc.array(weighted, { maxLength: 2 }),
  },
  { requiredKeys: [] }
)
const affinity = fc.record(
  {
    nodeAffinity: fc.record(
      {
        requiredDuringSchedulingIgnoredDuringExecution: fc.record({
          nodeSelectorTerms: fc.array(nodeTerm, { maxLength: 2 }),
        }),
        preferredDuringSchedulingIgnoredDuringExecution: fc.array(
          fc.record({ weight: integer, preference: nodeTerm }),
          { maxLength: 2 }
        ),
      },
      { requiredKeys: [] }
    ),
    podAffinity,
    podAntiAffinity: podAffinity,
  },
  { requiredKeys: [] }
)
const spread = fc.record(
  {
    maxSkew: integer,
    topologyKey: fc.constantFrom('topology.kubernetes.io/zone', ''),
    whenUnsatisfiable: fc.constantFrom('DoNotSchedule', 'ScheduleAnyway', 'Never'),
    labelSelector: selector,
    minDomains: integer,
    nodeAffinityPolicy: fc.constantFrom('Honor', 'Ignore', 'x'),
    nodeTaintsPolicy: fc.constantFrom('Honor', 'Ignore'),
    matchLabelKeys: fc.array(fc.constantFrom(...LABEL_KEYS), { maxLength: 2 }),
  },
  { requiredKeys: ['maxSkew', 'topologyKey'] }
)
const toleration = fc.record(
  {
    key: fc.constantFrom(...LABEL_KEYS),
    operator: fc.constantFrom('Exists', 'Equal', 'exists', ''),
    value: name,
    effect: fc.constantFrom('NoSchedule', 'NoExecute', '', 'x'),
    tolerationSeconds: integer,
  },
  { requiredKeys: [] }
)
const container = fc.record(
  {
    name: fc.constantFrom('main', 'side', ''),
    image: fc.constantFrom('registry.example/app:1.2.3', 'busybox', ''),
    resources: fc.record({ requests: resources, limits: resources }, { requiredKeys: [] }),
    ports: fc.array(
      fc.record(
        {
          containerPort: integer,
          hostPort: integer,
          hostIP: fc.constantFrom('', '10.0.0.1'),
          protocol: fc.constantFrom('TCP', 'UDP', ''),
        },
        { requiredKeys: [] }
      ),
      { maxLength: 2 }
    ),
    restartPolicy: fc.constantFrom('Always', 'Never'),
  },
  { requiredKeys: ['name'] }
)
const condition = fc.record(
  {
    type: fc.constantFrom('Ready', 'PodResizePending', 'PodScheduled'),
    status: fc.constantFrom('True', 'False'),
    reason: fc.constantFrom('Infeasible', ''),
  },
  { requiredKeys: ['type'] }
)
const containerStatus = fc.record(
  {
    name: fc.constantFrom('main', 'side'),
    allocatedResources: resources,
    resources: fc.record({ requests: resources }),
  },
  { requiredKeys: ['name'] }
)
const ownerReference = fc.record(
  {
    apiVersion: fc.constantFrom('apps/v1'),
    kind: fc.constantFrom('ReplicaSet', 'StatefulSet'),
    name,
    uid: name,
    controller: fc.boolean(),
  },
  { requiredKeys: ['kind', 'name'] }
)

export const podObjectArb: fc.Arbitrary<Json> = fc.record(
  {
    kind: fc.constant('Pod'),
    metadata: fc.record(
      {
        name,
        namespace: name,
        uid: name,
        labels,
        creationTimestamp: fc.constantFrom('2026-11-01T00:00:00Z'),
        deletionTimestamp: fc.constantFrom('2026-11-01T00:00:00Z', null),
        ownerReferences: fc.array(ownerReference, { maxLength: 2 }),
        annotations: fc.dictionary(fc.constantFrom('kubernetes.io/config.mirror', 'a'), name, {
          maxKeys: 2,
        }),
      },
      { requiredKeys: ['name'] }
    ),
    spec: fc.record(
      {
        nodeName: name,
        priority: integer,
        preemptionPolicy: fc.constantFrom('Never', 'PreemptLowerPriority'),
        terminationGracePeriodSeconds: integer,
        nodeSelector: labels,
        tolerations: fc.array(toleration, { maxLength: 2 }),
        containers: fc.array(container, { maxLength: 2 }),
        initContainers: fc.array(container, { maxLength: 1 }),
        affinity,
        topologySpreadConstraints: fc.array(spread, { maxLength: 2 }),
        volumes: fc.array(
          fc.record({ name, emptyDir: fc.constantFrom({}, null) }, { requiredKeys: [] }),
          { maxLength: 2 }
        ),
        overhead: resources,
        resources: fc.record({ requests: resources }),
        resourceClaims: fc.array(fc.record({ name }), { maxLength: 1 }),
        schedulingGates: fc.array(fc.record({ name }), { maxLength: 2 }),
        schedulerName: fc.constantFrom('default-scheduler', 'other-scheduler', ''),
      },
      { requiredKeys: [] }
    ),
    status: fc.record(
      {
        phase: fc.constantFrom('Running', 'Pending', 'Succeeded'),
        startTime: fc.constantFrom('2026-11-01T00:00:00Z', ''),
        nominatedNodeName: name,
        conditions: fc.array(condition, { maxLength: 2 }),
        containerStatuses: fc.array(containerStatus, { maxLength: 1 }),
        initContainerStatuses: fc.array(containerStatus, { maxLength: 1 }),
      },
      { requiredKeys: [] }
    ),
  },
  { requiredKeys: [] }
) as fc.Arbitrary<Json>

export const nodeObjectArb: fc.Arbitrary<Json> = fc.record(
  {
    kind: fc.constant('Node'),
    metadata: fc.record(
      { name, resourceVersion: fc.constantFrom('1', ''), labels },
      { requiredKeys: ['name'] }
    ),
    spec: fc.record(
      {
        unschedulable: fc.boolean(),
        taints: fc.array(
          fc.record(
            {
              key: fc.constantFrom(...LABEL_KEYS),
              value: name,
              effect: fc.constantFrom('NoSchedule', 'x'),
            },
            { requiredKeys: [] }
          ),
          { maxLength: 2 }
        ),
      },
      { requiredKeys: [] }
    ),
    status: fc.record(
      {
        allocatable: resources,
        images: fc.array(
          fc.record(
            { names: fc.array(name, { maxLength: 2 }), sizeBytes: integer },
            { requiredKeys: [] }
          ),
          { maxLength: 2 }
        ),
      },
      { requiredKeys: [] }
    ),
  },
  { requiredKeys: [] }
) as fc.Arbitrary<Json>
