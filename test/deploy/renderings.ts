import { VALUE_SETS } from '../chart/value-sets.js'
import {
  helmTemplate,
  kustomize,
  kustomizeWithComponents,
  type KubeObject,
} from '../support/kube-tools.js'

/** One way of installing the extender, as the real tool renders it. */
export interface Rendering {
  readonly objects: () => KubeObject[]
  /** The Secret the pods must mount under TLS when no Certificate in `objects` issues it. */
  readonly givenTlsSecret?: string
  /** Full-node mode: no cluster credentials at all. */
  readonly fullNode?: boolean
}

/** The chart over each value set, and deploy/ as `kubectl apply -k` builds it, with and without components. */
export const RENDERINGS: Readonly<Record<string, Rendering>> = {
  ...Object.fromEntries(
    Object.entries(VALUE_SETS).map(([name, values]) => {
      const { tls, mode } = values as { tls?: { secretName?: string }; mode?: string }
      const rendering: Rendering = {
        objects: () => helmTemplate(values),
        fullNode: mode === 'full-node',
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
