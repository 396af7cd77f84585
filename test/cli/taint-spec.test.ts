import { describe, expect, it } from 'vitest'
import { parseTaint } from '../../src/cli/taint-spec.js'
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

const REMOVAL = 'a trailing "-" is kubectl taint\'s removal; forecast takes a taint to add'

const REFUSED: readonly [string, string, string][] = [
  ['no effect', 'maintenance=planned', EFFECTS],
  ['an effect Kubernetes does not have', 'maintenance=planned:Never', EFFECTS],
  ['an effect in the wrong case', 'maintenance:noschedule', EFFECTS],
  ['two colons', 'a:b:NoSchedule', EFFECTS],
  ['two equals signs', 'maintenance=a=b:NoSchedule', 'more than one "="'],
  ['a removal of one effect, as kubectl taint writes it', 'dedicated:NoSchedule-', REMOVAL],
  ['a removal of every effect of a key', 'dedicated-', REMOVAL],
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
