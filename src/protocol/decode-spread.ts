import type { TopologySpreadConstraint } from '../placement/index.js'
import {
  field,
  readArray,
  readInteger,
  readObject,
  readString,
  type JsonObject,
} from '../json/json-fields.js'
import { ProtocolError } from '../json/protocol-error.js'
import { readLabelSelector } from './decode-label-selector.js'

/**
 * `spec.topologySpreadConstraints` of the pod explain answers for, refused where the API
 * server refuses it (pkg/apis/core/validation `validateTopologySpreadConstraints`): maxSkew
 * above zero, a topologyKey, whenUnsatisfiable and the node inclusion policies among their
 * values, minDomains above zero and only with DoNotSchedule, no topologyKey and
 * whenUnsatisfiable pair twice, and a label selector that parses.
 */

const WHEN_UNSATISFIABLE = ['DoNotSchedule', 'ScheduleAnyway']
const INCLUSION_POLICIES = ['Honor', 'Ignore']

function oneOf(value: string | null, allowed: readonly string[], path: string): string | null {
  if (value === null || allowed.includes(value)) return value
  throw new ProtocolError(
    `${path}: Unsupported value "${value}": supported values "${allowed.join('", "')}"`
  )
}

function optionalString(obj: JsonObject, name: string, path: string): string | null {
  const value = field(obj, name)
  return value == null ? null : readString(value, `${path}.${name}`)
}

function positiveInt32(value: bigint | null, path: string): number | null {
  if (value === null) return null
  if (value <= 0n) throw new ProtocolError(`${path}: ${value} must be greater than zero`)
  if (value >= 2n ** 31n) throw new ProtocolError(`${path}: ${value} is not an int32`)
  return Number(value)
}

function readConstraint(value: unknown, path: string): TopologySpreadConstraint {
  const obj = readObject(value, path, true)
  const maxSkew = positiveInt32(
    readInteger(field(obj, 'maxSkew'), `${path}.maxSkew`),
    `${path}.maxSkew`
  )
  if (maxSkew === null) throw new ProtocolError(`${path}.maxSkew: Required value`)
  const topologyKey = readString(field(obj, 'topologyKey') ?? '', `${path}.topologyKey`)
  if (topologyKey === '') throw new ProtocolError(`${path}.topologyKey: Required value`)
  const when = optionalString(obj, 'whenUnsatisfiable', path)
  if (when === null) throw new ProtocolError(`${path}.whenUnsatisfiable: Required value`)
  oneOf(when, WHEN_UNSATISFIABLE, `${path}.whenUnsatisfiable`)
  const minDomainsAt = `${path}.minDomains`
  const minDomains = positiveInt32(
    readInteger(field(obj, 'minDomains'), minDomainsAt),
    minDomainsAt
  )
  if (minDomains !== null && when !== 'DoNotSchedule')
    throw new ProtocolError(
      `${minDomainsAt}: can only use minDomains if whenUnsatisfiable=DoNotSchedule`
    )
  const keys = readArray(field(obj, 'matchLabelKeys'), `${path}.matchLabelKeys`) ?? []
  return {
    maxSkew,
    topologyKey,
    whenUnsatisfiable: when,
    labelSelector: readLabelSelector(field(obj, 'labelSelector'), `${path}.labelSelector`),
    minDomains,
    nodeAffinityPolicy: oneOf(
      optionalString(obj, 'nodeAffinityPolicy', path),
      INCLUSION_POLICIES,
      `${path}.nodeAffinityPolicy`
    ),
    nodeTaintsPolicy: oneOf(
      optionalString(obj, 'nodeTaintsPolicy', path),
      INCLUSION_POLICIES,
      `${path}.nodeTaintsPolicy`
    ),
    matchLabelKeys: keys.map((k, i) => readString(k, `${path}.matchLabelKeys[${i}]`)),
  }
}

/** The pod's constraints, validated; none when the field is absent. */
export function decodeSpreadConstraints(
  spec: JsonObject | null,
  specAt: string
): TopologySpreadConstraint[] {
  const at = `${specAt}.topologySpreadConstraints`
  const items = spec === null ? null : readArray(field(spec, 'topologySpreadConstraints'), at)
  const constraints = (items ?? []).map((item, i) => readConstraint(item, `${at}[${i}]`))
  const seen = new Set<string>()
  for (const [i, c] of constraints.entries()) {
    const pair = `${c.topologyKey}\u0000${c.whenUnsatisfiable}`
    if (seen.has(pair))
      throw new ProtocolError(
        `${at}[${i}]: Duplicate value: {${c.topologyKey}, ${c.whenUnsatisfiable}}`
      )
    seen.add(pair)
  }
  return constraints
}
