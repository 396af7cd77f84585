import { tempFile } from './run-tool.js'

/**
 * Storage objects as `kubectl get pvc,pv -A -o json` prints them, for the tool tests: a claim
 * bound to its volume (the PV controller's bind-completed mark set), and a CSI volume whose
 * required node affinity, if any, is one term of one `In` expression.
 */

export function boundClaim(name: string, namespace: string, volumeName: string): object {
  return {
    kind: 'PersistentVolumeClaim',
    metadata: { name, namespace, annotations: { 'pv.kubernetes.io/bind-completed': 'yes' } },
    spec: { volumeName, storageClassName: '' },
  }
}

/** A CSI volume of disk.example.com; `pinned`: the label key and values its node affinity needs. */
export function csiVolume(name: string, pinned?: { key: string; values: string[] }): object {
  const expression = pinned === undefined ? null : { ...pinned, operator: 'In' }
  return {
    kind: 'PersistentVolume',
    metadata: { name },
    spec: {
      csi: { driver: 'disk.example.com', volumeHandle: name },
      ...(expression === null
        ? {}
        : {
            nodeAffinity: {
              required: { nodeSelectorTerms: [{ matchExpressions: [expression] }] },
            },
          }),
    },
  }
}

/** The objects as one `kubectl get … -o json` List, in a file of their own. */
export function storageFile(...items: object[]): string {
  return tempFile('storage.json', JSON.stringify({ kind: 'List', items }))
}
