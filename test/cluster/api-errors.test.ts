import { ApiException } from '@kubernetes/client-node'
import { describe, expect, it } from 'vitest'
import {
  describeError,
  isUnreachable,
  notLoggedIn,
  redactUrlCredentials,
  statusCodeOf,
  statusDetail,
} from '../../src/cluster/api-errors.js'

const status = { kind: 'Status', reason: 'InternalError', message: 'etcd is down', code: 500 }

describe('describing client-node errors', () => {
  it('reads the status code of API calls and of watch requests', () => {
    expect(statusCodeOf(new ApiException(404, 'x', undefined, {}))).toBe(404)
    expect(statusCodeOf(Object.assign(new Error('Gone'), { statusCode: 410 }))).toBe(410)
    expect(statusCodeOf(new Error('plain'))).toBeUndefined()
    expect(statusCodeOf('text')).toBeUndefined()
    expect(statusCodeOf(null)).toBeUndefined()
    expect(statusCodeOf({ statusCode: '503' })).toBeUndefined()
  })

  it('shows the code and the Status reason and message, but no headers', () => {
    const headers = { 'set-cookie': 'session=abc' }
    const fromText = new ApiException(
      500,
      'Unknown API Status Code!',
      JSON.stringify(status),
      headers
    )
    expect(describeError(fromText)).toBe('HTTP 500 InternalError: etcd is down')
    const fromObject = new ApiException(500, 'x', status, headers)
    expect(describeError(fromObject)).toBe('HTTP 500 InternalError: etcd is down')
    expect(describeError(new ApiException(401, 'Unauthorized', undefined, headers))).toBe(
      'HTTP 401'
    )
  })

  it('shows the status text of a failed watch request', () => {
    const err = Object.assign(new Error('Service Unavailable'), { statusCode: 503 })
    expect(describeError(err)).toBe('HTTP 503 Service Unavailable')
  })

  it('keeps the first line of other errors, clipped and without URL credentials', () => {
    expect(describeError(new Error('request to https://u:p@h/x failed\nstack'))).toBe(
      'request to https://***@h/x failed'
    )
    expect(describeError(new Error('x'.repeat(1000)))).toBe(`${'x'.repeat(300)}…`)
    expect(describeError(new Error('y'.repeat(300)))).toBe('y'.repeat(300))
    const aborted = Object.assign(new Error('The user aborted a request.'), { name: 'AbortError' })
    expect(describeError(aborted)).toBe('request cancelled or timed out')
    expect(describeError(42)).toBe('42')
  })

  it('finds nothing in a body that is not a Status', () => {
    expect(statusDetail('<html>')).toBe('')
    expect(statusDetail(undefined)).toBe('')
    expect(statusDetail({ message: 'only a message' })).toBe('only a message')
    expect(statusDetail({ reason: '', message: 'an empty reason is left out' })).toBe(
      'an empty reason is left out'
    )
    expect(statusDetail('null')).toBe('')
    expect(statusDetail(null)).toBe('')
  })

  it.each([
    [
      'a 401 with the API server Status gives its message, as kubectl does',
      new ApiException(
        401,
        'x',
        JSON.stringify({
          kind: 'Status',
          reason: 'Unauthorized',
          message: 'Unauthorized',
          code: 401,
        }),
        {}
      ),
      'You must be logged in to the server (Unauthorized)',
    ],
    [
      'a 401 whose Status has its own message gives that message',
      new ApiException(401, 'x', { reason: 'Unauthorized', message: 'token expired' }, {}),
      'You must be logged in to the server (token expired)',
    ],
    [
      'a 401 with no Status (a proxy in front) gives client-go words for it',
      new ApiException(401, 'x', '<html>401</html>', {}),
      'You must be logged in to the server (the server has asked for the client to provide credentials)',
    ],
    [
      'a 401 whose body client-node dropped gives kube-apiserver message',
      new ApiException(401, 'Unauthorized', undefined, {}),
      'You must be logged in to the server (Unauthorized)',
    ],
    ['a 403 is not a login failure', new ApiException(403, 'x', status, {}), undefined],
    ['an error with no status is not one either', new Error('ECONNREFUSED'), undefined],
  ])('%s', (_name, err, said) => {
    expect(notLoggedIn(err)).toBe(said)
  })

  it('masks user:password in any URL', () => {
    expect(redactUrlCredentials('a http://x:y@h b https://h/c@d')).toBe(
      'a http://***@h b https://h/c@d'
    )
  })
})

describe('telling a failure no API server answered from an answered one', () => {
  const withCode = (code: string): Error => Object.assign(new Error(code), { code })
  it.each([
    ['a refused connection (node:http)', withCode('ECONNREFUSED'), true],
    ['a connection reset before any reply', withCode('ECONNRESET'), true],
    ['no route to the host', withCode('EHOSTUNREACH'), true],
    ['a name DNS does not know', withCode('ENOTFOUND'), true],
    ['a connect that timed out', withCode('ETIMEDOUT'), true],
    [
      "fetch's TypeError whose cause was refused",
      new TypeError('fetch failed', { cause: withCode('ECONNREFUSED') }),
      true,
    ],
    ['an HTTP 503 from the API server', new ApiException(503, 'unavailable', '', {}), false],
    [
      'a watch answered 429 even with a socket code on it',
      Object.assign(withCode('ECONNRESET'), { statusCode: 429 }),
      false,
    ],
    ['a certificate the client does not trust', withCode('DEPTH_ZERO_SELF_SIGNED_CERT'), false],
    ['an error with no code', new Error('invalid kubeconfig'), false],
    ['a thrown string', 'ECONNREFUSED', false],
  ])('%s: %s', (_name, err, unreachable) => {
    expect(isUnreachable(err)).toBe(unreachable)
  })
})
