import { ApiException } from '@kubernetes/client-node'
import { describe, expect, it } from 'vitest'
import { connectionFailure } from '../../src/cluster/index.js'

/**
 * A request that got no HTTP answer, in words as kubectl says it. The errors are built as
 * node-fetch (client-node's transport) builds them: a FetchError with the system error's `code`
 * and the text `request to URL failed, reason: ...`, or a `type` of its own for a timeout.
 */
function fetchError(reason: string, fields: Record<string, unknown>): Error {
  const err = new Error(
    `request to https://api.example:6443/api/v1/nodes failed, reason: ${reason}`
  )
  err.name = 'FetchError'
  return Object.assign(err, fields)
}

describe('connectionFailure', () => {
  it.each<[string, unknown, string | undefined]>([
    [
      'nothing listens on the port',
      fetchError('connect ECONNREFUSED 127.0.0.1:1', { code: 'ECONNREFUSED', type: 'system' }),
      'connection refused',
    ],
    [
      'the host name does not resolve',
      fetchError('getaddrinfo ENOTFOUND api.example', { code: 'ENOTFOUND', type: 'system' }),
      'no such host',
    ],
    [
      'the connection timed out',
      fetchError('connect ETIMEDOUT 10.0.0.1:6443', { code: 'ETIMEDOUT', type: 'system' }),
      'timed out',
    ],
    [
      'node-fetch gave up waiting',
      Object.assign(new Error('network timeout at: https://api.example'), {
        type: 'request-timeout',
      }),
      'timed out',
    ],
    [
      'no route to the host',
      fetchError('connect EHOSTUNREACH 10.0.0.1:6443', { code: 'EHOSTUNREACH' }),
      'no route to host',
    ],
    [
      'the code is on the cause, as fetch nests it',
      new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      }),
      'connection refused',
    ],
    [
      'a self-signed certificate',
      fetchError('self-signed certificate', { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }),
      "the server's certificate is not trusted: self-signed certificate",
    ],
    [
      'an unknown authority',
      fetchError('unable to verify the first certificate', {
        code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
      }),
      "the server's certificate is not trusted: unable to verify the first certificate",
    ],
    [
      'an unknown authority without the --use-system-ca hint Node 22+ adds, which does not apply',
      fetchError(
        'unable to verify the first certificate; if the root CA is installed locally, try running Node.js with --use-system-ca',
        { code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' }
      ),
      "the server's certificate is not trusted: unable to verify the first certificate",
    ],
    [
      'an expired certificate',
      fetchError('certificate has expired', { code: 'CERT_HAS_EXPIRED' }),
      "the server's certificate is not trusted: certificate has expired",
    ],
    [
      'a certificate for another host',
      fetchError(
        "Hostname/IP does not match certificate's altnames: IP: 10.0.0.1 is not in the cert's list: ",
        { code: 'ERR_TLS_CERT_ALTNAME_INVALID' }
      ),
      "the server's certificate is not trusted: Hostname/IP does not match certificate's altnames: IP: 10.0.0.1 is not in the cert's list:",
    ],
    [
      'an HTTP answer, which the status words instead',
      new ApiException(403, 'Forbidden', '{}', {}),
      undefined,
    ],
    ['an error of another kind', new Error('unexpected end of JSON input'), undefined],
  ])('%s', (_name, err, words) => {
    expect(connectionFailure(err)).toBe(words)
  })
})
