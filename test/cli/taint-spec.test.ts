import { describe, expect, it } from 'vitest'
import { formatRemoval, parseTaint, parseTaintChange } from '../../src/cli/taint-spec.js'
import { ProtocolError } from '../../src/protocol/index.js'
import { thrownMessage } from '../support/thrown-message.js'

/** `forecast --taint`, read as `kubectl taint nodes NAME SPEC` reads SPEC. */

const ACCEPTED: readonly [string, string, { key: string; value: string; effect: string }][] = [
  [
    'key=value:Effect gives all three',
    'maintenance=planned:NoExecute',
    { key: 'maintenance', value: 'planned', effect: 'NoExecute' },
  ],
  [
    'key:Effect has the empty value',
    'maintenance:NoSchedule',
    { key: 'maintenance', value: '', effect: 'NoSchedule' },
  ],
  [
    'key=:Effect has the empty value too',
    'maintenance=:PreferNoSchedule',
    { key: 'maintenance', value: '', effect: 'PreferNoSchedule' },
  ],
  [
    'a prefixed key keeps its prefix',
    'node.example.com/pool=spot:NoSchedule',
    { key: 'node.example.com/pool', value: 'spot', effect: 'NoSchedule' },
  ],
]

const EFFECTS =
  'expected key=value:Effect with Effect one of NoSchedule, PreferNoSchedule, NoExecute'

const REFUSED: readonly [string, string, string][] = [
  ['no effect', 'maintenance=planned', EFFECTS],
  ['an effect Kubernetes does not have', 'maintenance=planned:Never', EFFECTS],
  ['an effect in the wrong case', 'maintenance:noschedule', EFFECTS],
  ['two colons', 'a:b:NoSchedule', EFFECTS],
  ['two equals signs', 'maintenance=a=b:NoSchedule', 'more than one "="'],
  ['an empty key', '=planned:NoSchedule', '"" is not a valid key'],
  ['a key with a space', 'main tenance:NoSchedule', '"main tenance" is not a valid key'],
  ['a value that starts with a dash', 'maintenance=-x:NoSchedule', '"-x" is not a valid value'],
  [
    'a value of 64 characters',
    `m=${'v'.repeat(64)}:NoSchedule`,
    `"${'v'.repeat(64)}" is not a valid value`,
  ],
]

describe('forecast --taint, as kubectl taint reads a taint', () => {
  it.each(ACCEPTED)('%s', (_name, spec, taint) => {
    expect(parseTaint(spec)).toEqual(taint)
  })

  it.each(REFUSED)('refuses %s, quoting the taint', (_name, spec, message) => {
    expect(thrownMessage(ProtocolError, () => parseTaint(spec))).toBe(
      `--taint "${spec}": ${message}`
    )
  })
})

/** A trailing "-": the taints removed, as `kubectl taint nodes NAME SPEC` removes them. */
const REMOVED: readonly [string, string, { key: string; effect: string }, string][] = [
  [
    'key:Effect- removes the key with that effect',
    'dedicated:NoSchedule-',
    { key: 'dedicated', effect: 'NoSchedule' },
    'dedicated:NoSchedule',
  ],
  [
    'key- removes the key whatever its effect',
    'dedicated-',
    { key: 'dedicated', effect: '' },
    'dedicated',
  ],
  [
    'key=value:Effect- is read and its value dropped, as kubectl drops it',
    'dedicated=gpu:NoExecute-',
    { key: 'dedicated', effect: 'NoExecute' },
    'dedicated:NoExecute',
  ],
  [
    'a prefixed key keeps its prefix',
    'node.kubernetes.io/out-of-service-',
    { key: 'node.kubernetes.io/out-of-service', effect: '' },
    'node.kubernetes.io/out-of-service',
  ],
]

const REMOVAL_EFFECTS =
  'expected key:Effect- or key- with Effect one of NoSchedule, PreferNoSchedule, NoExecute'

const REMOVAL_REFUSED: readonly [string, string, string][] = [
  ['an effect Kubernetes does not have', 'dedicated:Never-', REMOVAL_EFFECTS],
  ['an empty effect after the colon', 'dedicated:-', REMOVAL_EFFECTS],
  ['two colons', 'a:b:NoSchedule-', REMOVAL_EFFECTS],
  [
    'a key and value with no effect: all of it is the key',
    'dedicated=gpu-',
    '"dedicated=gpu" is not a valid key',
  ],
  ['a dash alone: the empty key', '-', '"" is not a valid key'],
]

describe('forecast --taint with a trailing "-", as kubectl taint reads a removal', () => {
  it.each(REMOVED)('%s', (_name, spec, removal, named) => {
    const change = parseTaintChange(spec)
    expect(change).toEqual({ kind: 'remove', removal })
    expect(change.kind === 'remove' && formatRemoval(change.removal)).toBe(named)
  })

  it('reads a spec with no trailing "-" as a taint to add', () => {
    expect(parseTaintChange('dedicated=gpu:NoSchedule')).toEqual({
      kind: 'add',
      taint: { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' },
    })
  })

  it.each(REMOVAL_REFUSED)('refuses %s, quoting the removal', (_name, spec, message) => {
    expect(thrownMessage(ProtocolError, () => parseTaintChange(spec))).toBe(
      `--taint "${spec}": ${message}`
    )
  })
})
