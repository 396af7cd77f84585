import { labelSelectorProblem, type DisruptionBudget } from '../placement/index.js'
import { field, readInteger, readObject, readString } from '../json/json-fields.js'
import { ProtocolError } from '../json/protocol-error.js'
import { readLabelSelector, readStringMap } from './decode-placement.js'

/** The cluster objects explain reads beside pods and nodes: Namespaces and PodDisruptionBudgets. */

/** A Namespace's name and labels, for namespaceSelector. */
export function decodeNamespace(
  value: unknown,
  path: string
): { name: string; labels: Record<string, string> } {
  const obj = readObject(value, path, true)
  const metadata = readObject(field(obj, 'metadata'), `${path}.metadata`, true)
  const name = readString(field(metadata, 'name'), `${path}.metadata.name`)
  if (name === '') throw new ProtocolError(`${path}.metadata.name is missing or empty`)
  return { name, labels: readStringMap(field(metadata, 'labels'), `${path}.metadata.labels`) }
}

/**
 * A policy/v1 PodDisruptionBudget as preemption and the Eviction API read it. A selector the API server could not
 * turn into a label selector matches nothing (`LabelSelectorAsSelector` fails), as upstream
 * skips such a budget.
 */
export function decodeDisruptionBudget(value: unknown, path: string): DisruptionBudget {
  const obj = readObject(value, path, true)
  const metadata = readObject(field(obj, 'metadata'), `${path}.metadata`, true)
  const spec = readObject(field(obj, 'spec'), `${path}.spec`, false)
  const status = readObject(field(obj, 'status'), `${path}.status`, false)
  const selector =
    spec === null
      ? null
      : readLabelSelector(field(spec, 'selector'), `${path}.spec.selector`, false)
  const disrupted = readObject(
    status === null ? undefined : field(status, 'disruptedPods'),
    `${path}.status.disruptedPods`,
    false
  )
  const count = (name: string): number =>
    status === null ? 0 : Number(readInteger(field(status, name), `${path}.status.${name}`) ?? 0n)
  return {
    namespace: readString(field(metadata, 'namespace'), `${path}.metadata.namespace`),
    name: readString(field(metadata, 'name'), `${path}.metadata.name`),
    selector: selector !== null && labelSelectorProblem(selector) !== null ? null : selector,
    disruptionsAllowed: count('disruptionsAllowed'),
    disruptedPods: new Set(disrupted === null ? [] : Object.keys(disrupted)),
    // What the Eviction API weighs beside the allowance (eviction.go `Create`, `checkAndDecrement`).
    currentHealthy: count('currentHealthy'),
    desiredHealthy: count('desiredHealthy'),
    observedGeneration: count('observedGeneration'),
    generation: Number(
      readInteger(field(metadata, 'generation'), `${path}.metadata.generation`) ?? 0n
    ),
    unhealthyPodEvictionPolicy:
      spec === null
        ? ''
        : readString(
            field(spec, 'unhealthyPodEvictionPolicy'),
            `${path}.spec.unhealthyPodEvictionPolicy`
          ),
  }
}
