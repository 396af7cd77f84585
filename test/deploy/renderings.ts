import { loadConfig, type Config } from '../../src/config/index.js'
import {
  helmTemplate,
  kustomize,
  kustomizeWithComponents,
  type KubeObject,
} from '../support/kube-tools.js'

/**
 * The ways of installing the extender that test/deploy and test/chart render with the real
 * tools, and what the extender's pod among the rendered objects is configured to do.
 */

/** kubeadm's kube-scheduler as pods: its namespace and its pods' label. */
export const SCHEDULER_PODS = {
  namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'kube-system' } },
  podSelector: { matchLabels: { component: 'kube-scheduler' } },
}

/** The value sets the chart is rendered with in test/chart, each a way people install it. */
export const VALUE_SETS: Readonly<Record<string, object>> = {
  'the defaults (node-cache mode, plain HTTP, no NetworkPolicy)': {},
  'full-node mode with the comparison-operator gate on and the explain endpoint': {
    mode: 'full-node',
    featureGates: { TaintTolerationComparisonOperators: true },
    enableExplainEndpoint: true,
    maxBody: '256mb',
    resources: { requests: { cpu: '100m', memory: '320Mi' }, limits: { memory: '1Gi' } },
    nodeOptions: '--max-old-space-size=768',
  },
  'mutual TLS from an existing Secret with allowed client names, a PodMonitor and the alerts': {
    tls: { enabled: true, secretName: 'my-extender-tls', clientNames: ['kube-scheduler'] },
    podMonitor: { enabled: true, labels: { release: 'kps' } },
    prometheusRule: { enabled: true },
  },
  'mutual TLS from cert-manager, with the second scheduler and a NetworkPolicy': {
    tls: { enabled: true, certManager: { enabled: true, issuerRef: { name: 'cluster-ca' } } },
    secondScheduler: { enabled: true },
    networkPolicy: { enabled: true, metricsNamespace: 'monitoring' },
  },
  'a NetworkPolicy for a host-network kube-scheduler on IPv4 and IPv6 control planes': {
    networkPolicy: { enabled: true, controlPlaneCIDRs: ['10.0.0.0/24', 'fd00:10::/64'] },
  },
  'a NetworkPolicy for kube-scheduler pods in kube-system, any pod of `monitoring` scraping': {
    networkPolicy: {
      enabled: true,
      schedulerPeers: [SCHEDULER_PODS],
      metricsNamespace: 'monitoring',
      metricsPodLabels: null,
    },
    podMonitor: { enabled: true },
  },
  'one replica, no PDB, no quota, a second scheduler in node-cache mode, nodes avoided': {
    replicaCount: 1,
    podDisruptionBudget: { enabled: false },
    criticalPodsQuota: { enabled: false },
    secondScheduler: { enabled: true },
    evictingNodes: 'avoid',
  },
  'the usual chart knobs: names, service account, pod metadata, placement, digest, extras': {
    fullnameOverride: 'te',
    serviceAccount: { create: true, name: 'te-nodes', annotations: { 'example.com/role': 'x' } },
    podAnnotations: { 'example.com/owner': 'platform' },
    podLabels: { team: 'platform' },
    image: { digest: `sha256:${'a'.repeat(64)}` },
    affinity: { nodeAffinity: {} },
    topologySpreadConstraints: [
      {
        maxSkew: 1,
        topologyKey: 'topology.kubernetes.io/zone',
        whenUnsatisfiable: 'ScheduleAnyway',
      },
    ],
    extraArgs: ['--watchdog-seconds', '600', '--max-connections=64'],
    extraEnv: [{ name: 'TZ', value: 'UTC' }],
    evictingNodes: 'allow',
  },
}

export interface Container {
  args: string[]
  env?: { name: string; value?: string }[]
  ports: { name: string; containerPort: number }[]
  volumeMounts: { name: string; mountPath: string }[]
  startupProbe: Probe
  livenessProbe: Probe
  readinessProbe: Probe
}
interface Probe {
  httpGet: { path: string; port: string }
}
interface PodSpec {
  automountServiceAccountToken: boolean
  containers: Container[]
  volumes: { name: string; secret?: { secretName: string } }[]
}

/** Whether an object is the extender's (app.kubernetes.io/component: extender). */
export function isExtender(object: KubeObject): boolean {
  const { labels } = object.metadata as { labels?: Record<string, string> }
  return labels?.['app.kubernetes.io/component'] === 'extender'
}

/** The extender's Deployment: the one whose pods are the extender component. */
export function extenderPod(objects: readonly KubeObject[]): PodSpec {
  const deployments = objects.filter((o) => o.kind === 'Deployment' && isExtender(o))
  if (deployments.length !== 1) throw new Error(`expected one extender Deployment`)
  const deployment = deployments[0] as unknown as {
    spec: { template: { spec: PodSpec } }
  }
  return deployment.spec.template.spec
}

/** The Config the container's args give, in a pod with a service account. */
export function configOf(container: Container): Config {
  const loaded = loadConfig({
    argv: container.args,
    env: { KUBERNETES_SERVICE_HOST: '10.0.0.1', KUBERNETES_SERVICE_PORT: '443' },
    fileExists: () => true,
  })
  if (loaded.kind !== 'config') throw new Error('expected a config, not help')
  return loaded.config
}

/** One way of installing the extender, as the real tool renders it. */
export interface Rendering {
  readonly objects: () => KubeObject[]
  /** The Secret the pods must mount under TLS when no Certificate in `objects` issues it. */
  readonly givenTlsSecret?: string
  /** Full-node mode: no cluster credentials at all. */
  readonly fullNode?: boolean
  /** Feature gates the installer set; none: every gate at the binary's (upstream's) default. */
  readonly featureGates?: Record<string, boolean>
  /** A NetworkPolicy was asked for. */
  readonly networkPolicy?: boolean
  /** --evicting-nodes as the installer set it; none: reject. */
  readonly evictingNodes?: string
}

/** The chart over each value set, and deploy/ as `kubectl apply -k` builds it, with and without components. */
export const RENDERINGS: Readonly<Record<string, Rendering>> = {
  ...Object.fromEntries(
    Object.entries(VALUE_SETS).map(([name, values]) => {
      const { tls, mode, featureGates, networkPolicy, evictingNodes } = values as {
        tls?: { secretName?: string }
        mode?: string
        featureGates?: Record<string, boolean>
        networkPolicy?: { enabled?: boolean }
        evictingNodes?: string
      }
      const rendering: Rendering = {
        objects: () => helmTemplate(values),
        fullNode: mode === 'full-node',
        networkPolicy: networkPolicy?.enabled === true,
        ...(featureGates ? { featureGates } : {}),
        ...(evictingNodes ? { evictingNodes } : {}),
      }
      return [
        `the chart with ${name}`,
        tls?.secretName ? { ...rendering, givenTlsSecret: tls.secretName } : rendering,
      ]
    })
  ),
  'deploy/ as it stands': { objects: () => kustomize('deploy') },
  'deploy/ with the cert-manager component': {
    objects: () => kustomizeWithComponents(['cert-manager']),
  },
  'deploy/ with the network-policy component': {
    objects: () => kustomizeWithComponents(['network-policy']),
    networkPolicy: true,
  },
  'deploy/ with the cert-manager and network-policy components, in this order': {
    objects: () => kustomizeWithComponents(['cert-manager', 'network-policy']),
    networkPolicy: true,
  },
  'deploy/ with the network-policy and cert-manager components, in this order': {
    objects: () => kustomizeWithComponents(['network-policy', 'cert-manager']),
    networkPolicy: true,
  },
}
