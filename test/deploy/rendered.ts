import { loadConfig, type Config } from '../../src/config/index.js'
import { only, type KubeObject } from '../support/kube-tools.js'

/** The extender's pod in rendered objects, and what its args configure. */
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
