import { pb } from '../../support/protobuf-writer.js'

/** A pod setting every member the decoders read, in protobuf field by field and as its JSON. */

const { message, string, varint, entry, quantity, time } = pb

/** LabelSelector {matchLabels=1, matchExpressions=2 {key=1, operator=2, values=3}}. */
const selector = (field: number) =>
  message(
    field,
    entry(1, 'app', 'web'),
    message(2, string(1, 'tier'), string(2, 'In'), string(3, 'a'), string(3, 'b'))
  )
const podAffinityTerm = (field: number, key: string) =>
  message(field, selector(1), string(2, 'ns-a'), string(3, key), selector(4))

/**
 * PersistentVolumeClaimTemplate {metadata=1 {annotations=12}, spec=2 {accessModes=1, resources=2
 * {limits=1, requests=2}, volumeName=3, selector=4, storageClassName=5, volumeMode=6,
 * volumeAttributesClassName=9}}: an annotation and the limits no decoder reads.
 */
const CLAIM_TEMPLATE = [
  message(
    1,
    entry(12, 'volume.beta.kubernetes.io/storage-class', 'old'),
    entry(12, 'note', 'skipped')
  ),
  message(
    2,
    string(1, 'ReadWriteOnce'),
    message(2, quantity(1, 'storage', '2Gi'), quantity(2, 'storage', '1Gi')),
    string(3, 'pv-x'),
    selector(4),
    string(5, ''),
    string(6, 'Block'),
    string(9, 'gold')
  ),
]

export const POD_BYTES = pb.concat(
  // status first, metadata last: fields in any order.
  message(
    3,
    string(1, 'Running'),
    message(2, string(1, 'Ready'), string(2, 'True'), string(5, 'ok'), string(6, 'skipped')),
    message(2, string(1, 'PodResizePending'), string(2, 'True'), string(5, 'Infeasible')),
    time(7, 1_700_000_000, 999),
    message(
      8,
      string(1, 'app'),
      quantity(10, 'cpu', '300m'),
      message(11, quantity(2, 'cpu', '250m'))
    ),
    message(10, string(1, 'init')),
    string(11, 'node-b'),
    string(9, 'Burstable')
  ),
  message(
    2,
    message(1, string(1, 'cache'), message(2, message(2))),
    message(1, string(1, 'data'), message(2, message(10, string(1, 'claim'), varint(2, 1)))),
    message(1, string(1, 'scratch'), message(2, message(29, message(1, ...CLAIM_TEMPLATE)))),
    message(
      2,
      string(1, 'app'),
      string(2, 'nginx:1.25'),
      message(
        6,
        string(1, 'http'),
        varint(2, 8080),
        varint(3, 80),
        string(4, 'TCP'),
        string(5, '10.0.0.1')
      ),
      message(8, quantity(1, 'cpu', '2'), quantity(2, 'cpu', '250m'), quantity(2, 'memory', '64Mi'))
    ),
    varint(4, 45),
    entry(7, 'disk', 'ssd'),
    string(10, 'node-a'),
    message(
      18,
      message(
        1,
        message(1, message(1, message(1, string(1, 'zone'), string(2, 'In'), string(3, 'z1')))),
        message(
          2,
          varint(1, 40),
          message(2, message(2, string(1, 'metadata.name'), string(2, 'In'), string(3, 'n1')))
        )
      ),
      message(2, podAffinityTerm(1, 'zone'), message(2, varint(1, 7), podAffinityTerm(2, 'host'))),
      message(3, podAffinityTerm(1, 'host'))
    ),
    string(19, 'other-scheduler'),
    message(
      20,
      string(1, 'sidecar'),
      string(2, 'envoy'),
      string(24, 'Always'),
      message(8, quantity(2, 'cpu', '100m'))
    ),
    message(
      22,
      string(1, 'k'),
      string(2, 'Equal'),
      string(3, 'v'),
      string(4, 'NoExecute'),
      varint(5, 300)
    ),
    message(22, string(2, 'Exists')),
    varint(25, -5),
    string(31, 'Never'),
    quantity(32, 'cpu', '10m'),
    message(
      33,
      varint(1, 2),
      string(2, 'zone'),
      string(3, 'DoNotSchedule'),
      selector(4),
      varint(5, 3),
      string(6, 'Honor'),
      string(7, 'Ignore'),
      string(8, 'pod-template-hash')
    ),
    message(38, string(1, 'example.com/hold')),
    message(38, string(1, 'example.com/quota')),
    message(39, string(1, 'gpu')),
    message(40, quantity(2, 'memory', '1Gi'))
  ),
  message(
    1,
    string(1, 'web-0'),
    string(2, 'web-'),
    string(3, 'shop'),
    string(5, 'uid-1'),
    string(6, '777'),
    time(8, 1_600_000_000),
    time(9, 1_700_000_100),
    entry(11, 'app', 'web'),
    entry(12, 'kubectl.kubernetes.io/last-applied-configuration', '{"huge": true}'),
    entry(12, 'kubernetes.io/config.mirror', 'hash'),
    message(
      13,
      string(1, 'ReplicaSet'),
      string(3, 'web-rs'),
      string(4, 'rs-uid'),
      string(5, 'apps/v1'),
      varint(6, true)
    ),
    message(17, string(1, 'kubectl'), string(2, 'Update'))
  ),
  // A field the schema does not know, after the rest.
  message(99, string(1, 'future'))
)

/** The same pod as the API server's JSON has it (members no decoder reads left out). */
export const POD_JSON = {
  metadata: {
    name: 'web-0',
    namespace: 'shop',
    uid: 'uid-1',
    resourceVersion: '777',
    creationTimestamp: '2020-09-13T12:26:40Z',
    deletionTimestamp: '2023-11-14T22:15:00Z',
    labels: { app: 'web' },
    annotations: { 'kubernetes.io/config.mirror': 'hash' },
    ownerReferences: [
      {
        kind: 'ReplicaSet',
        name: 'web-rs',
        uid: 'rs-uid',
        apiVersion: 'apps/v1',
        controller: true,
      },
    ],
  },
  spec: {
    volumes: [
      { name: 'cache', emptyDir: {} },
      { name: 'data', persistentVolumeClaim: { claimName: 'claim' } },
      {
        name: 'scratch',
        ephemeral: {
          volumeClaimTemplate: {
            metadata: { annotations: { 'volume.beta.kubernetes.io/storage-class': 'old' } },
            spec: {
              accessModes: ['ReadWriteOnce'],
              resources: { requests: { storage: '1Gi' } },
              volumeName: 'pv-x',
              selector: {
                matchLabels: { app: 'web' },
                matchExpressions: [{ key: 'tier', operator: 'In', values: ['a', 'b'] }],
              },
              storageClassName: '',
              volumeMode: 'Block',
              volumeAttributesClassName: 'gold',
            },
          },
        },
      },
    ],
    containers: [
      {
        name: 'app',
        image: 'nginx:1.25',
        ports: [{ hostPort: 8080, protocol: 'TCP', hostIP: '10.0.0.1' }],
        resources: { requests: { cpu: '250m', memory: '64Mi' } },
      },
    ],
    terminationGracePeriodSeconds: 45,
    nodeSelector: { disk: 'ssd' },
    nodeName: 'node-a',
    affinity: {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [
            { matchExpressions: [{ key: 'zone', operator: 'In', values: ['z1'] }] },
          ],
        },
        preferredDuringSchedulingIgnoredDuringExecution: [
          {
            weight: 40,
            preference: { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n1'] }] },
          },
        ],
      },
      podAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [termJson('zone')],
        preferredDuringSchedulingIgnoredDuringExecution: [
          { weight: 7, podAffinityTerm: termJson('host') },
        ],
      },
      podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [termJson('host')] },
    },
    schedulerName: 'other-scheduler',
    initContainers: [
      {
        name: 'sidecar',
        image: 'envoy',
        restartPolicy: 'Always',
        resources: { requests: { cpu: '100m' } },
      },
    ],
    tolerations: [
      { key: 'k', operator: 'Equal', value: 'v', effect: 'NoExecute', tolerationSeconds: 300 },
      { operator: 'Exists' },
    ],
    priority: -5,
    preemptionPolicy: 'Never',
    overhead: { cpu: '10m' },
    topologySpreadConstraints: [
      {
        maxSkew: 2,
        topologyKey: 'zone',
        whenUnsatisfiable: 'DoNotSchedule',
        labelSelector: selectorJson(),
        minDomains: 3,
        nodeAffinityPolicy: 'Honor',
        nodeTaintsPolicy: 'Ignore',
        matchLabelKeys: ['pod-template-hash'],
      },
    ],
    schedulingGates: [{ name: 'example.com/hold' }, { name: 'example.com/quota' }],
    resourceClaims: [{}],
    resources: { requests: { memory: '1Gi' } },
  },
  status: {
    phase: 'Running',
    conditions: [
      { type: 'Ready', status: 'True', reason: 'ok' },
      { type: 'PodResizePending', status: 'True', reason: 'Infeasible' },
    ],
    startTime: '2023-11-14T22:13:20Z',
    containerStatuses: [
      {
        name: 'app',
        allocatedResources: { cpu: '300m' },
        resources: { requests: { cpu: '250m' } },
      },
    ],
    initContainerStatuses: [{ name: 'init' }],
    nominatedNodeName: 'node-b',
  },
}

function selectorJson() {
  return {
    matchLabels: { app: 'web' },
    matchExpressions: [{ key: 'tier', operator: 'In', values: ['a', 'b'] }],
  }
}

function termJson(topologyKey: string) {
  return {
    labelSelector: selectorJson(),
    namespaces: ['ns-a'],
    topologyKey,
    namespaceSelector: selectorJson(),
  }
}
