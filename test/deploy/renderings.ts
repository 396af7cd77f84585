import { loadConfig, type Config } from '../../src/config/index.js'
import {
  helmTemplate,
  kustomize,
  kustomizeWithComponents,
  only,
  type KubeObject,
} from '../support/kube-tools.js'

/**
 * The ways of installing the extender that test/deploy and test/chart render with the real
 * tools, and what the extender's pod among the rendered objects is configured to do.
 */

/** The value sets the chart is rendered with in test/chart, each a way people install it. */
export const VALUE_SETS: Readonly<Record<string, object>> = {
  'the defaults (node-cache mode, plain HTTP, NetworkPolicy on)': {},
  'full-node mode with the comparison-operator gate on and the explain endpoint': {
    mode: 'full-node',
    featureGates: { TaintTolerationComparisonOperators: true },
    enableExplainEndpoint: true,
    maxBody: '256mb',
    resources: { requests: { cpu: '100m', memory: '320Mi' }, limits: { memory: '1Gi' } },
    nodeOptions: '--max-old-space-size=768',
  },
  'mutual TLS from an existing Secret, with a PodMonitor and the alerts': {
    tls: { enabled: true, secretName: 'my-extender-tls' },
    podMonitor: { enabled: true, labels: { release: 'kps' } },
    prometheusRule: { enabled: true },
  },
  'mutual TLS from cert-manager, with the second scheduler': {
    tls: { enabled: true, certManager: { enabled: true, issuerRef: { name: 'cluster-ca' } } },
    secondScheduler: { enabled: true },
    networkPolicy: { controlPlaneCIDRs: ['10.0.0.0/24'] },
  },
  'one replica, no PDB, no quota, no NetworkPolicy, a second scheduler in node-cache mode': {
    replicaCount: 1,
    podDisruptionBudget: { enabled: false },
    criticalPodsQuota: { enabled: false },
    networkPolicy: { enabled: false },
    secondScheduler: { enabled: true },
  },
}

export interface Container {
  args: string[]
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

export function extenderPod(objects: readonly KubeObject[]): PodSpec {
  const deployment = only(objects, 'Deployment', 'taint-extender') as unknown as {
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
}

/** The chart over each value set, and deploy/ as `kubectl apply -k` builds it, with and without components. */
export const RENDERINGS: Readonly<Record<string, Rendering>> = {
  ...Object.fromEntries(
    Object.entries(VALUE_SETS).map(([name, values]) => {
      const { tls, mode, featureGates } = values as {
        tls?: { secretName?: string }
        mode?: string
        featureGates?: Record<string, boolean>
      }
      const rendering: Rendering = {
        objects: () => helmTemplate(values),
        fullNode: mode === 'full-node',
        ...(featureGates ? { featureGates } : {}),
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
}
