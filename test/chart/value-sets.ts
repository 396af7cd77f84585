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
