import { ApiException } from '@kubernetes/client-node'
import { describe, expect, it } from 'vitest'
import {
  describeError,
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

  it('masks user:password in any URL', () => {
    expect(redactUrlCredentials('a http://x:y@h b https://h/c@d')).toBe(
      'a http://***@h b https://h/c@d'
    )
  })
})
