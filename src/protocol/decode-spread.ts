import type { TopologySpreadConstraint } from '../placement/index.js'
import {
  field,
  listField,
  mapItems,
  NO_ITEMS,
  numberField,
  readArray,
  readObject,
  readString,
  type JsonObject,
} from '../json/json-fields.js'
import { element, member } from '../json/json-path.js'
import { ProtocolError } from '../json/protocol-error.js'
import { readLabelSelector } from './decode-label-selector.js'
import { sharedText } from './shared-text.js'

/**
 * `spec.topologySpreadConstraints` of the pod explain answers for, refused where the API
 * server refuses it (pkg/apis/core/validation `validateTopologySpreadConstraints`): maxSkew
 * above zero, a topologyKey, whenUnsatisfiable and the node inclusion policies among their
 * values, minDomains above zero and only with DoNotSchedule, no topologyKey and
 * whenUnsatisfiable pair twice, and a label selector that parses.
 */

const WHEN_UNSATISFIABLE = ['DoNotSchedule', 'ScheduleAnyway']
const INCLUSION_POLICIES = ['Honor', 'Ignore']

function oneOf(
  value: string | null,
  allowed: readonly string[],
  path: string,
  check: boolean
): string | null {
  // The allowed constant rather than the decoded copy, which every pod would keep apart.
  const known = value === null ? -1 : allowed.indexOf(value)
  if (known >= 0) return allowed[known] as string
  if (!check || value === null) return value
  throw new ProtocolError(
    `${path}: Unsupported value "${value}": supported values "${allowed.join('", "')}"`
  )
}

function optionalString(obj: JsonObject, name: string, path: string): string | null {
  const value = field(obj, name)
  return value == null ? null : readString(value, member(path, name))
}

const INT32_LIMIT = 2 ** 31

/** A positive int32 when checked; an error names the value with all its digits (not `1e+21`). */
function positiveInt32(value: number | null, path: string, check: boolean): number | null {
  if (value === null || !check) return value
  if (value <= 0) throw new ProtocolError(`${path}: ${BigInt(value)} must be greater than zero`)
  if (value >= INT32_LIMIT) throw new ProtocolError(`${path}: ${BigInt(value)} is not an int32`)
  return value
}

/** A field the API server requires: refused when absent and checked, else its zero value. */
function required<T>(value: T | null, zero: T, path: string, check: boolean): T {
  if (value !== null) return value
  if (check) throw new ProtocolError(`${path}: Required value`)
  return zero
}

function readConstraint(value: unknown, path: string, check: boolean): TopologySpreadConstraint {
  const obj = readObject(value, path, true)
  const at = (name: string) => member(path, name)
  const skew = numberField(obj, 'maxSkew', path)
  const maxSkew = required(positiveInt32(skew, at('maxSkew'), check), 0, at('maxSkew'), check)
  const topologyKey = sharedText(readString(field(obj, 'topologyKey') ?? '', at('topologyKey')))
  if (check && topologyKey === '') throw new ProtocolError(`${at('topologyKey')}: Required value`)
  const given = required(
    optionalString(obj, 'whenUnsatisfiable', path),
    '',
    at('whenUnsatisfiable'),
    check
  )
  const when = oneOf(given, WHEN_UNSATISFIABLE, at('whenUnsatisfiable'), check) ?? given
  const domains = numberField(obj, 'minDomains', path)
  const minDomains = positiveInt32(domains, at('minDomains'), check)
  if (check && minDomains !== null && when !== 'DoNotSchedule')
    throw new ProtocolError(
      `${at('minDomains')}: can only use minDomains if whenUnsatisfiable=DoNotSchedule`
    )
  const keys = readArray(field(obj, 'matchLabelKeys'), at('matchLabelKeys')) ?? NO_ITEMS
  const policy = (name: string) =>
    oneOf(optionalString(obj, name, path), INCLUSION_POLICIES, at(name), check)
  return {
    maxSkew,
    topologyKey,
    whenUnsatisfiable: when,
    // Unchecked, a selector that does not parse is kept: PreFilter then fails, as upstream's.
    labelSelector: readLabelSelector(field(obj, 'labelSelector'), at('labelSelector'), check),
    minDomains,
    nodeAffinityPolicy: policy('nodeAffinityPolicy'),
    nodeTaintsPolicy: policy('nodeTaintsPolicy'),
    matchLabelKeys: mapItems(keys, (k, i) => readString(k, element(at('matchLabelKeys'), i))),
  }
}

/**
 * The pod's constraints; none when the field is absent. `check` (the pod explain answers for):
 * refused where the API server refuses them; off for pods read from a list (`--pending`, placed
 * pods), which the API server has already admitted.
 */
export function decodeSpreadConstraints(
  spec: JsonObject | null,
  specAt: string,
  check: boolean
): readonly TopologySpreadConstraint[] {
  const items = listField(spec, 'topologySpreadConstraints', specAt)
  if (items.length === 0) return NO_ITEMS
  const at = member(specAt, 'topologySpreadConstraints')
  const constraints = items.map((item, i) => readConstraint(item, element(at, i), check))
  if (!check) return constraints
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
