import { describe, expect, it } from 'vitest'
import { parseSelector } from '../../src/cli/label-selector.js'
import { ProtocolError } from '../../src/protocol/index.js'
import { thrownMessage } from '../support/thrown-message.js'

/**
 * `forecast --selector` against apimachinery's labels.Parse and Requirement.Matches: the
 * answers kubectl's `-l` gives for the same selector and labels.
 */

type Labels = Record<string, string>

const MATCHES: readonly [string, string, Labels, boolean][] = [
  ['key=value matches a node with that value', 'pool=spot', { pool: 'spot' }, true],
  ['key=value fails a node with another value', 'pool=spot', { pool: 'gpu' }, false],
  ['key=value fails a node without the label', 'pool=spot', {}, false],
  ['== means what = means', 'pool==spot', { pool: 'spot' }, true],
  ['!= matches a node without the label, as upstream', 'pool!=spot', {}, true],
  ['!= matches a node with another value', 'pool!=spot', { pool: 'gpu' }, true],
  ['!= fails a node with that value', 'pool!=spot', { pool: 'spot' }, false],
  ['key= asks for the empty value', 'pool=', { pool: '' }, true],
  ['key= fails a node with a value', 'pool=', { pool: 'spot' }, false],
  ['a bare key matches a node with the label, even empty', 'pool', { pool: '' }, true],
  ['a bare key fails a node without the label', 'pool', {}, false],
  ['!key matches a node without the label', '!pool', { zone: 'a' }, true],
  ['!key fails a node with the label', '!pool', { pool: 'spot' }, false],
  ['in matches any value of its set', 'pool in (spot,gpu)', { pool: 'gpu' }, true],
  ['in fails a value outside its set', 'pool in (spot,gpu)', { pool: 'general' }, false],
  ['in fails a node without the label', 'pool in (spot)', {}, false],
  ['notin matches a node without the label', 'pool notin (spot)', {}, true],
  ['notin matches a value outside its set', 'pool notin (spot)', { pool: 'gpu' }, true],
  ['notin fails a value of its set', 'pool notin (spot,gpu)', { pool: 'spot' }, false],
  ['in () holds only the empty value', 'pool in ()', { pool: '' }, true],
  ['an empty place in a set stands for the empty value', 'pool in (spot,)', { pool: '' }, true],
  ['> compares integers, not strings', 'gpus>9', { gpus: '10' }, true],
  ['< compares integers, not strings', 'gpus<10', { gpus: '9' }, true],
  ['> fails an equal value', 'gpus>9', { gpus: '9' }, false],
  ['< fails an equal value', 'gpus<9', { gpus: '9' }, false],
  ['> fails a label that is not an integer', 'gpus>1', { gpus: 'many' }, false],
  ['> fails a node without the label', 'gpus>1', {}, false],
  ['< fails a label that is not an integer', 'gpus<10', { gpus: 'many' }, false],
  [
    '< fails a label below int64, which ParseInt refuses',
    'n<0',
    { n: '-9223372036854775809' },
    false,
  ],
  ['key= before a comma asks for the empty value', 'pool=,zone=a', { pool: '', zone: 'a' }, true],
  ['> fails a label with a letter before its digits', 'gpus>1', { gpus: 'v10' }, false],
  ['> fails a label with a letter after its digits', 'gpus>1', { gpus: '10x' }, false],
  ['in holds the empty value only with an empty place', 'pool in (spot,gpu)', { pool: '' }, false],
  [
    'an empty place first in a set stands for the empty value',
    'pool in (,spot)',
    { pool: '' },
    true,
  ],
  [
    '> fails a label beyond int64, which ParseInt refuses',
    'n>1',
    { n: '9223372036854775808' },
    false,
  ],
  ['< holds for the smallest int64', 'n<0', { n: '-9223372036854775808' }, true],
  [
    'a bare key before a comma is a requirement of its own',
    'gpu,pool=a',
    { gpu: '1', pool: 'a' },
    true,
  ],
  ['every requirement must hold', 'pool=spot,zone=a', { pool: 'spot', zone: 'b' }, false],
  ['requirements that all hold match', 'pool=spot,zone=a', { pool: 'spot', zone: 'a' }, true],
  ['whitespace around any token is ignored', ' pool = spot , ! gpu ', { pool: 'spot' }, true],
  ['in and notin are keys where a key is expected', 'in=x,notin', { in: 'x', notin: '' }, true],
  [
    'a prefixed key is one key',
    'node.example.com/pool=spot',
    { 'node.example.com/pool': 'spot' },
    true,
  ],
  ['keys are case-sensitive', 'Pool=spot', { pool: 'spot' }, false],
  ['the empty selector matches every node', '', {}, true],
  ['a label named like an Object method is no label', 'constructor', {}, false],
]

const REFUSED: readonly [string, string, string][] = [
  ['a trailing comma', 'pool=spot,', "found '', expected: identifier after ','"],
  [
    'an operator where a requirement begins',
    '=spot',
    "found '=', expected: !, identifier, or 'end of string'",
  ],
  [
    'a word where an operator belongs',
    'pool spot',
    "found 'spot', expected: in, notin, =, ==, !=, gt, lt",
  ],
  ['two words after =', 'pool=a b', "found 'b', expected: ',' or 'end of string'"],
  ['an operator where a value belongs', 'pool=(a)', "found '(', expected: identifier"],
  ['a value after !key', '!pool=spot', "found '=', expected: ',' or 'end of string'"],
  ['no key after !', '!=spot', "found '!=', expected: !, identifier, or 'end of string'"],
  ['! and then a comma', '!,pool', "found ',', expected: identifier"],
  ['! and nothing after it', '!', "found '', expected: identifier"],
  ['in without parentheses', 'pool in spot', "found 'spot' expected: '('"],
  [
    'values of a set not separated by commas',
    'pool in (a b)',
    "found 'b', expected: ',', ')' or identifier",
  ],
  ['an operator inside a set', 'pool in (=)', "found '=', expected: ',', ')' or identifier"],
  [
    'a key whose prefix is 254 characters',
    `${'p'.repeat(254)}/pool=x`,
    `"${'p'.repeat(254)}/pool" is not a valid label key`,
  ],
  ['a set never closed', 'pool in (a', "found '', expected: ',', ')' or identifier"],
  [
    'a value for > that is no integer',
    'gpus>many',
    "for 'Gt', 'Lt' operators, the value must be an integer",
  ],
  [
    'a negative value for <, an integer but no label value',
    'gpus<-1',
    '"-1" is not a valid label value',
  ],
  ['a key that starts with a dash', '-pool=x', '"-pool" is not a valid label key'],
  ['a key with two slashes', 'a/b/c=x', '"a/b/c" is not a valid label key'],
  ['a key with an empty prefix', '/pool=x', '"/pool" is not a valid label key'],
  [
    'a key whose prefix is no DNS subdomain',
    'Example.com/pool=x',
    '"Example.com/pool" is not a valid label key',
  ],
  [
    'a key whose name is 64 characters',
    `${'k'.repeat(64)}=x`,
    `"${'k'.repeat(64)}" is not a valid label key`,
  ],
  [
    'a value of 64 characters',
    `pool=${'v'.repeat(64)}`,
    `"${'v'.repeat(64)}" is not a valid label value`,
  ],
  [
    'a value in a set with a character labels never have',
    'pool in (a,b@c)',
    '"b@c" is not a valid label value',
  ],
]

describe('forecast --selector, as kubectl -l selects', () => {
  it.each(MATCHES)('%s', (_name, selector, labels, expected) => {
    expect(parseSelector(selector)(labels)).toBe(expected)
  })

  it('accepts the longest key and value labels allow', () => {
    const key = `${'p'.repeat(253)}/${'n'.repeat(63)}`
    expect(parseSelector(`${key}=${'v'.repeat(63)}`)({ [key]: 'v'.repeat(63) })).toBe(true)
  })

  it.each(REFUSED)('refuses %s, quoting the selector', (_name, selector, message) => {
    expect(thrownMessage(ProtocolError, () => parseSelector(selector))).toBe(
      `--selector "${selector}": ${message}`
    )
  })
})
